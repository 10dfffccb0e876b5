import { badRequest, conflict, notFound, seatLimitReached } from "./errors";
import { newId, newVersion, timestamp } from "./ids";
import {
  BASE_ROLES,
  type BaseRole,
  canonicalBuiltin,
  ORG_ROLES,
  PERMISSIONS,
  REGISTRY_ROLES,
  TEAM_ROLES,
} from "./role-catalogue";
import type { ParsedSeed } from "./seed";
import type { ServiceAccountType } from "./account-types";
import { type AccessLevel, type Activity, DEFAULT_ACCESS_LEVEL, NEVER_ACTIVE, type StorageBucket } from "./user-access";

/** A role held by a user: a predefined name ("admin", "member", "viewer") or `custom:<role id>`. */
export type RoleRef = string;
const CUSTOM = "custom:";

interface Tracked {
  id: string;
  created: string;
  lastModified: string;
  /** Current ETag value (without the W/"" wrapping). */
  version: string;
}

export interface User extends Tracked {
  userName: string;
  displayName: string;
  email: string;
  active: boolean;
  orgRole: RoleRef;
  modelsSeat: AccessLevel;
  weaveRole: AccessLevel;
  /** Recorded as people work: set through the control API, never through SCIM. */
  activity: Activity;
  registryRoles: Map<string, string>;
  apiKey?: string;
}

export interface ServiceAccount {
  id: string;
  name: string;
  accountType: ServiceAccountType;
  /** Created in the W&B App, never through SCIM: one made through SCIM has none. */
  apiKey?: string;
}

export interface Team extends Tracked {
  displayName: string;
  /** Member id (user or service account) to its team role, in joining order. */
  members: Map<string, RoleRef>;
  /** Given at creation only; the service never shows it. */
  storageBucket?: StorageBucket;
}

/**
 * Records what a user did: someone active at a time existed then, so a user said to be active
 * before its creation is taken as made by then (W&B never reports activity before the creation).
 */
export function recordActivity(user: User, activity: Activity): void {
  user.activity = activity;
  if (activity.lastActiveAt !== null && Date.parse(activity.lastActiveAt) < Date.parse(user.created)) user.created = new Date(Date.parse(activity.lastActiveAt)).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** A user's place in one team. */
export interface TeamRole {
  team: Team;
  role: RoleRef;
}

export interface CustomRole extends Tracked {
  name: string;
  description: string;
  inheritedFrom: BaseRole;
  /** Custom permissions only, in the order they were granted. */
  permissions: string[];
}

export type Principal = { kind: "user"; user: User } | { kind: "serviceAccount"; serviceAccount: ServiceAccount };

/** Changes collected from a PATCH, applied at once so that a failing operation changes nothing. */
export interface UserChange {
  email?: string;
  displayName?: string;
  active?: boolean;
  orgRole?: RoleRef;
  modelsSeat?: AccessLevel;
  weaveRole?: AccessLevel;
  teamRoles: Map<string, RoleRef>;
  clearRegistries: boolean;
  /** Registry name to role, or null to leave that registry. */
  registryRoles: Map<string, string | null>;
}

export const emptyUserChange = (): UserChange => ({ teamRoles: new Map(), clearRegistries: false, registryRoles: new Map() });

export interface RoleDefinition {
  name: string;
  description: string;
  inheritedFrom: BaseRole;
  permissions: string[];
}

/** The whole organization, indexed so that lookups by id, userName, email and key are O(1). */
export class Org {
  readonly users = new Map<string, User>();
  readonly serviceAccounts = new Map<string, ServiceAccount>();
  readonly teams = new Map<string, Team>();
  readonly roles = new Map<string, CustomRole>();
  readonly registries: Set<string>;
  private readonly userIdByName = new Map<string, string>();
  private readonly userIdByEmail = new Map<string, string>();
  private readonly principalByKey = new Map<string, Principal>();
  private readonly teamIdByName = new Map<string, string>();
  private readonly roleIdByName = new Map<string, string>();
  private readonly projects: Set<string>;

  private constructor(
    readonly organization: { id: string; name: string },
    readonly seats: number,
    readonly defaultEntity: string,
    private readonly entities: ParsedSeed["entities"],
    registries: string[],
    /** The inference catalogue. */
    readonly models: ParsedSeed["models"],
  ) {
    this.registries = new Set(registries);
    this.projects = new Set(entities.flatMap((e) => e.projects.map((p) => `${e.name}/${p}`)));
  }

  static fromSeed(seed: ParsedSeed): Org {
    const org = new Org(
      { id: seed.organization.id ?? newId("Organization"), name: seed.organization.name },
      seed.seats,
      seed.defaultEntity,
      seed.entities,
      seed.registries,
      seed.models,
    );
    const fail = (path: string, message: string): never => {
      throw new Error(`seed is invalid:\n  ${path}: ${message}`);
    };
    seed.roles.forEach((r, i) => {
      const created = r.created ?? timestamp();
      try {
        org.createRole(r, { id: r.id, created, lastModified: r.lastModified ?? created, version: r.version });
      } catch (e) {
        fail(`roles[${i}]`, (e as Error).message);
      }
    });
    seed.serviceAccounts.forEach((sa, i) => {
      const id = sa.id ?? newId("ServiceAccount");
      if (org.serviceAccountByName(sa.name)) fail(`serviceAccounts[${i}].name`, "duplicate");
      if (sa.apiKey !== undefined && org.principalByKey.has(sa.apiKey)) fail(`serviceAccounts[${i}].apiKey`, "duplicate API key");
      const account: ServiceAccount = { id, name: sa.name, accountType: sa.accountType, ...(sa.apiKey === undefined ? {} : { apiKey: sa.apiKey }) };
      org.serviceAccounts.set(id, account);
      if (sa.apiKey !== undefined) org.principalByKey.set(sa.apiKey, { kind: "serviceAccount", serviceAccount: account });
    });
    seed.users.forEach((u, i) => {
      if (u.apiKey !== undefined && org.principalByKey.has(u.apiKey)) fail(`users[${i}].apiKey`, "duplicate API key");
      try {
        const created = u.created ?? timestamp();
        const user = org.createUser(
          {
            userName: u.userName,
            displayName: u.displayName ?? u.userName,
            email: u.email,
            active: u.active,
            orgRole: org.resolveOrgRole(u.organizationRole, false),
            modelsSeat: u.modelsSeat,
            weaveRole: u.weaveRole,
            teamIds: [],
          },
          { id: u.id, created, lastModified: u.lastModified ?? created, version: u.version, ignoreSeats: true },
        );
        recordActivity(user, { daysActive: u.daysActive, lastActiveAt: u.lastActiveAt });
        for (const rr of u.registryRoles) {
          if (!org.registries.has(rr.registryName)) throw new Error(`unknown registry "${rr.registryName}"`);
          user.registryRoles.set(rr.registryName, org.resolveRegistryRole(rr.roleName));
        }
        if (u.apiKey !== undefined) {
          user.apiKey = u.apiKey;
          org.principalByKey.set(u.apiKey, { kind: "user", user });
        }
      } catch (e) {
        fail(`users[${i}]`, (e as Error).message);
      }
    });
    seed.teams.forEach((t, i) => {
      if (org.teamIdByName.has(t.displayName)) fail(`teams[${i}].displayName`, `duplicate team "${t.displayName}"`);
      const created = t.created ?? timestamp();
      const team: Team = {
        id: t.id ?? newId("Team"),
        displayName: t.displayName,
        members: new Map(),
        ...(t.storageBucket === undefined ? {} : { storageBucket: t.storageBucket }),
        created,
        lastModified: t.lastModified ?? created,
        version: t.version ?? newVersion(),
      };
      t.members.forEach((m, j) => {
        if ("serviceAccount" in m) {
          const sa = [...org.serviceAccounts.values()].find((s) => s.name === m.serviceAccount);
          if (!sa) return fail(`teams[${i}].members[${j}].serviceAccount`, `unknown service account "${m.serviceAccount}"`);
          team.members.set(sa.id, "member");
        } else {
          const user = org.userByName(m.user);
          if (!user) return fail(`teams[${i}].members[${j}].user`, `unknown user "${m.user}"`);
          try {
            team.members.set(user.id, org.resolveTeamRole(m.role));
          } catch (e) {
            fail(`teams[${i}].members[${j}].role`, (e as Error).message);
          }
        }
      });
      org.teams.set(team.id, team);
      org.teamIdByName.set(team.displayName, team.id);
    });
    if (!seed.entities.some((e) => e.name === seed.defaultEntity)) {
      fail("defaultEntity", `entity "${seed.defaultEntity}" is not listed in entities`);
    }
    return org;
  }

  /** The org in seed form: written to the state file and served by GET /_emulator/state. */
  toSeed(): ParsedSeed {
    return {
      organization: { ...this.organization },
      seats: this.seats,
      defaultEntity: this.defaultEntity,
      entities: this.entities.map((e) => ({ name: e.name, projects: [...e.projects] })),
      registries: [...this.registries],
      models: this.models.map((model) => ({ ...model })),
      serviceAccounts: [...this.serviceAccounts.values()].map((s) => ({ ...s })),
      roles: [...this.roles.values()].map((r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        inheritedFrom: r.inheritedFrom,
        permissions: [...r.permissions],
        created: r.created,
        lastModified: r.lastModified,
        version: r.version,
      })),
      users: [...this.users.values()].map((u) => ({
        id: u.id,
        userName: u.userName,
        displayName: u.displayName,
        email: u.email,
        active: u.active,
        organizationRole: this.roleName(u.orgRole),
        modelsSeat: u.modelsSeat,
        weaveRole: u.weaveRole,
        daysActive: u.activity.daysActive,
        lastActiveAt: u.activity.lastActiveAt,
        ...(u.apiKey === undefined ? {} : { apiKey: u.apiKey }),
        registryRoles: [...u.registryRoles].map(([registryName, roleName]) => ({ registryName, roleName })),
        created: u.created,
        lastModified: u.lastModified,
        version: u.version,
      })),
      teams: [...this.teams.values()].map((t) => ({
        id: t.id,
        displayName: t.displayName,
        members: [...t.members].map(([id, role]) => {
          const sa = this.serviceAccounts.get(id);
          if (sa) return { serviceAccount: sa.name };
          return { user: this.users.get(id)?.userName ?? id, role: this.roleName(role) };
        }),
        ...(t.storageBucket === undefined ? {} : { storageBucket: { ...t.storageBucket } }),
        created: t.created,
        lastModified: t.lastModified,
        version: t.version,
      })),
    };
  }

  // ---- lookups ----

  principalByApiKey(key: string): Principal | undefined {
    const p = this.principalByKey.get(key);
    if (p?.kind === "user" && !this.users.has(p.user.id)) return undefined;
    return p;
  }

  serviceAccountByName(name: string): ServiceAccount | undefined {
    return [...this.serviceAccounts.values()].find((account) => account.name.toLowerCase() === name.toLowerCase());
  }

  userByName(userName: string): User | undefined {
    const id = this.userIdByName.get(userName.toLowerCase());
    return id === undefined ? undefined : this.users.get(id);
  }

  userByEmail(email: string): User | undefined {
    const id = this.userIdByEmail.get(email.toLowerCase());
    return id === undefined ? undefined : this.users.get(id);
  }

  getUser(id: string): User {
    const user = this.users.get(id);
    if (!user) throw notFound(`User ${id} not found`);
    return user;
  }

  teamByName(displayName: string): Team | undefined {
    const id = this.teamIdByName.get(displayName);
    return id === undefined ? undefined : this.teams.get(id);
  }

  getTeam(id: string): Team {
    const team = this.teams.get(id);
    if (!team) throw notFound(`Group ${id} not found`);
    return team;
  }

  getRole(id: string): CustomRole {
    const role = this.roles.get(id);
    if (!role) throw notFound(`Role ${id} not found`);
    return role;
  }

  hasProject(entity: string, project: string): boolean {
    return this.projects.has(`${entity}/${project}`);
  }

  /** Teams the user belongs to with the role held there; part of the user representation. */
  teamRolesOf(userId: string): TeamRole[] {
    const result: TeamRole[] = [];
    for (const team of this.teams.values()) {
      const role = team.members.get(userId);
      if (role !== undefined) result.push({ team, role });
    }
    return result;
  }

  /** Every user's teamRolesOf at once, in one pass over the teams: what a listing of all users needs. */
  teamRolesByUser(): (userId: string) => TeamRole[] {
    const byUser = new Map<string, TeamRole[]>();
    for (const team of this.teams.values()) {
      for (const [userId, role] of team.members) {
        const roles = byUser.get(userId);
        if (roles) roles.push({ team, role });
        else byUser.set(userId, [{ team, role }]);
      }
    }
    return (userId) => byUser.get(userId) ?? [];
  }

  memberDisplay(memberId: string): string {
    return this.users.get(memberId)?.userName ?? this.serviceAccounts.get(memberId)?.name ?? memberId;
  }

  // ---- roles ----

  roleName(ref: RoleRef): string {
    if (!ref.startsWith(CUSTOM)) return ref;
    return this.roles.get(ref.slice(CUSTOM.length))?.name ?? ref;
  }

  private baseOf(ref: RoleRef): string {
    if (!ref.startsWith(CUSTOM)) return ref;
    return this.roles.get(ref.slice(CUSTOM.length))?.inheritedFrom ?? "member";
  }

  private customRef(name: string): RoleRef | undefined {
    const id = this.roleIdByName.get(name);
    return id === undefined ? undefined : CUSTOM + id;
  }

  /** `viewer` is deprecated as an organization role in SCIM: assigning it gives `member`. */
  resolveOrgRole(value: string, viaScim = true): RoleRef {
    const builtin = canonicalBuiltin(ORG_ROLES, value);
    if (builtin) return viaScim && builtin === "viewer" ? "member" : builtin;
    const custom = this.customRef(value);
    if (custom) return custom;
    throw badRequest(`organizationRole "${value}" is not "admin", "member" or the name of an existing custom role`);
  }

  resolveTeamRole(value: string): RoleRef {
    const role = canonicalBuiltin(TEAM_ROLES, value) ?? this.customRef(value);
    if (!role) throw badRequest(`team role "${value}" is not "admin", "member", "viewer" or the name of an existing custom role`);
    return role;
  }

  resolveRegistryRole(value: string): string {
    const role = canonicalBuiltin(REGISTRY_ROLES, value);
    if (!role) throw badRequest(`registry role "${value}" is not one of ${REGISTRY_ROLES.map((r) => `"${r}"`).join(", ")}`);
    return role;
  }

  /** A team member reference may be a user id, a service account id or a user's email. */
  resolveMember(ref: string): string {
    if (this.users.has(ref) || this.serviceAccounts.has(ref)) return ref;
    const byEmail = this.userByEmail(ref);
    if (byEmail) return byEmail.id;
    throw badRequest(`member "${ref}" is neither the id nor the email of a user of the organization`);
  }

  /** Like resolveMember, for removals where an unknown reference simply matches nobody. */
  findMember(ref: string): string | undefined {
    if (this.users.has(ref) || this.serviceAccounts.has(ref)) return ref;
    return this.userByEmail(ref)?.id;
  }

  // ---- service accounts ----

  /** A service account made through SCIM: a member of each of `teamIds` (its default team first), with no key. */
  createServiceAccount(input: { name: string; accountType: ServiceAccountType; teamIds: string[] }): ServiceAccount {
    if (this.serviceAccountByName(input.name) || this.userByName(input.name)) throw conflict(`User with userName "${input.name}" already exists`);
    const account: ServiceAccount = { id: newId("ServiceAccount"), name: input.name, accountType: input.accountType };
    this.serviceAccounts.set(account.id, account);
    for (const teamId of input.teamIds) {
      const team = this.getTeam(teamId);
      team.members.set(account.id, "member");
      this.touch(team);
    }
    return account;
  }

  // ---- seats ----

  /**
   * A seat is a full Models seat (the one the organization pays for): held by an active user whose
   * modelsSeat is `full` and whose role is not (and does not inherit from) viewer.
   */
  private holdsSeat(user: Pick<User, "active" | "orgRole" | "modelsSeat">): boolean {
    return user.active && user.modelsSeat === "full" && this.baseOf(user.orgRole) !== "viewer";
  }

  seatsUsed(): number {
    let used = 0;
    for (const u of this.users.values()) if (this.holdsSeat(u)) used++;
    return used;
  }

  private checkSeat(before: boolean, after: boolean): void {
    if (!before && after && this.seatsUsed() >= this.seats) throw seatLimitReached(this.seats);
  }

  // ---- users ----

  createUser(
    input: {
      userName: string;
      displayName: string;
      email: string;
      active: boolean;
      orgRole: RoleRef;
      modelsSeat?: AccessLevel;
      weaveRole?: AccessLevel;
      teamIds: string[];
    },
    restore: Partial<Tracked> & { ignoreSeats?: boolean } = {},
  ): User {
    if (this.userIdByName.has(input.userName.toLowerCase())) throw conflict(`User with userName "${input.userName}" already exists`);
    if (this.userIdByEmail.has(input.email.toLowerCase())) throw conflict(`User with email "${input.email}" already exists`);
    const modelsSeat = input.modelsSeat ?? DEFAULT_ACCESS_LEVEL;
    if (!restore.ignoreSeats) this.checkSeat(false, this.holdsSeat({ ...input, modelsSeat }));
    const created = restore.created ?? timestamp();
    const user: User = {
      id: restore.id ?? newId("User"),
      userName: input.userName,
      displayName: input.displayName,
      email: input.email,
      active: input.active,
      orgRole: input.orgRole,
      modelsSeat,
      weaveRole: input.weaveRole ?? DEFAULT_ACCESS_LEVEL,
      activity: NEVER_ACTIVE,
      registryRoles: new Map(),
      created,
      lastModified: restore.lastModified ?? created,
      version: restore.version ?? newVersion(),
    };
    this.users.set(user.id, user);
    this.userIdByName.set(user.userName.toLowerCase(), user.id);
    this.userIdByEmail.set(user.email.toLowerCase(), user.id);
    for (const teamId of input.teamIds) {
      const team = this.getTeam(teamId);
      team.members.set(user.id, "member");
      this.touch(team);
    }
    return user;
  }

  deleteUser(user: User): void {
    this.users.delete(user.id);
    this.userIdByName.delete(user.userName.toLowerCase());
    this.userIdByEmail.delete(user.email.toLowerCase());
    if (user.apiKey !== undefined) this.principalByKey.delete(user.apiKey);
    for (const team of this.teams.values()) if (team.members.delete(user.id)) this.touch(team);
  }

  updateUser(user: User, change: UserChange): void {
    if (change.email !== undefined && change.email.toLowerCase() !== user.email.toLowerCase()) {
      if (this.userIdByEmail.has(change.email.toLowerCase())) throw conflict(`User with email "${change.email}" already exists`);
    }
    const after = {
      active: change.active ?? user.active,
      orgRole: change.orgRole ?? user.orgRole,
      modelsSeat: change.modelsSeat ?? user.modelsSeat,
      weaveRole: change.weaveRole ?? user.weaveRole,
    };
    this.checkSeat(this.holdsSeat(user), this.holdsSeat(after));

    const before = JSON.stringify(this.userFingerprint(user));
    if (change.email !== undefined) {
      this.userIdByEmail.delete(user.email.toLowerCase());
      user.email = change.email;
      this.userIdByEmail.set(user.email.toLowerCase(), user.id);
    }
    if (change.displayName !== undefined) user.displayName = change.displayName;
    Object.assign(user, after);
    for (const [teamId, role] of change.teamRoles) {
      const team = this.getTeam(teamId);
      if (!team.members.has(user.id)) this.touch(team);
      team.members.set(user.id, role);
    }
    if (change.clearRegistries) user.registryRoles.clear();
    for (const [registry, role] of change.registryRoles) {
      if (role === null) user.registryRoles.delete(registry);
      else user.registryRoles.set(registry, role);
    }
    if (JSON.stringify(this.userFingerprint(user)) !== before) this.touch(user);
  }

  private userFingerprint(user: User): unknown {
    return [
      user.email,
      user.displayName,
      user.active,
      user.orgRole,
      user.modelsSeat,
      user.weaveRole,
      [...user.registryRoles],
      this.teamRolesOf(user.id).map((t) => [t.team.id, t.role]),
    ];
  }

  // ---- teams ----

  createTeam(displayName: string, memberIds: string[], storageBucket?: StorageBucket): Team {
    if (this.teamIdByName.has(displayName)) throw conflict(`Group with displayName "${displayName}" already exists`);
    const created = timestamp();
    const team: Team = {
      id: newId("Team"),
      displayName,
      members: new Map(),
      ...(storageBucket === undefined ? {} : { storageBucket }),
      created,
      lastModified: created,
      version: newVersion(),
    };
    // Every organization-scoped service account joins a team created through SCIM; a team-scoped one stays in its team.
    const organizationScoped = [...this.serviceAccounts.values()].filter((account) => account.accountType === "ORG_SERVICE").map((account) => account.id);
    for (const id of [...memberIds, ...organizationScoped]) {
      if (team.members.has(id)) continue;
      team.members.set(id, "member");
      this.touchUserById(id);
    }
    this.teams.set(team.id, team);
    this.teamIdByName.set(displayName, team.id);
    return team;
  }

  updateTeam(team: Team, change: { displayName?: string; memberIds?: string[] }): void {
    let changed = false;
    if (change.displayName !== undefined && change.displayName !== team.displayName) {
      if (this.teamIdByName.has(change.displayName)) throw conflict(`Group with displayName "${change.displayName}" already exists`);
      this.teamIdByName.delete(team.displayName);
      team.displayName = change.displayName;
      this.teamIdByName.set(team.displayName, team.id);
      // Every member's teamRoles shows the new team name.
      for (const id of team.members.keys()) this.touchUserById(id);
      changed = true;
    }
    if (change.memberIds !== undefined) {
      const next = new Map<string, RoleRef>();
      for (const id of change.memberIds) next.set(id, team.members.get(id) ?? "member");
      for (const id of team.members.keys()) if (!next.has(id)) this.touchUserById(id);
      for (const id of next.keys()) if (!team.members.has(id)) this.touchUserById(id);
      const current = [...team.members.keys()];
      const same = next.size === current.length && [...next.keys()].every((id, i) => current[i] === id);
      if (!same) {
        team.members = next;
        changed = true;
      }
    }
    if (changed) this.touch(team);
  }

  // ---- custom roles ----

  private checkRoleDefinition(def: RoleDefinition, self?: CustomRole): void {
    if (canonicalBuiltin([...ORG_ROLES, ...TEAM_ROLES, ...REGISTRY_ROLES], def.name)) {
      throw conflict(`"${def.name}" is the name of a predefined role`);
    }
    const existing = this.roleIdByName.get(def.name);
    if (existing !== undefined && existing !== self?.id) throw conflict(`Role with name "${def.name}" already exists`);
    if (!(BASE_ROLES as readonly string[]).includes(def.inheritedFrom)) throw badRequest(`inheritedFrom must be "member" or "viewer"`);
    this.checkPermissions(def.permissions);
  }

  checkPermissions(names: string[]): void {
    const unknown = names.filter((n) => !PERMISSIONS.has(n));
    if (unknown.length > 0) throw badRequest(`unknown permission ${unknown.map((n) => `"${n}"`).join(", ")}; permission names are <object>:<operation>, e.g. run:delete`);
  }

  createRole(def: RoleDefinition, restore: Partial<Tracked> = {}): CustomRole {
    this.checkRoleDefinition(def);
    const created = restore.created ?? timestamp();
    const role: CustomRole = {
      id: restore.id ?? newId("Role"),
      name: def.name,
      description: def.description,
      inheritedFrom: def.inheritedFrom,
      permissions: [...new Set(def.permissions)],
      created,
      lastModified: restore.lastModified ?? created,
      version: restore.version ?? newVersion(),
    };
    this.roles.set(role.id, role);
    this.roleIdByName.set(role.name, role.id);
    return role;
  }

  updateRole(role: CustomRole, def: RoleDefinition): void {
    this.checkRoleDefinition(def, role);
    const before = JSON.stringify([role.name, role.description, role.inheritedFrom, role.permissions]);
    if (def.name !== role.name) {
      this.roleIdByName.delete(role.name);
      this.roleIdByName.set(def.name, role.id);
      this.touchHolders(CUSTOM + role.id);
    }
    role.name = def.name;
    role.description = def.description;
    role.inheritedFrom = def.inheritedFrom;
    role.permissions = [...new Set(def.permissions)];
    if (JSON.stringify([role.name, role.description, role.inheritedFrom, role.permissions]) !== before) this.touch(role);
  }

  /** Holders of a deleted custom role fall back to the role it inherited from. */
  deleteRole(role: CustomRole): void {
    const ref = CUSTOM + role.id;
    for (const user of this.users.values()) {
      if (user.orgRole === ref) {
        user.orgRole = role.inheritedFrom;
        this.touch(user);
      }
    }
    for (const team of this.teams.values()) {
      for (const [id, r] of team.members) {
        if (r !== ref) continue;
        team.members.set(id, role.inheritedFrom);
        this.touchUserById(id);
      }
    }
    this.roles.delete(role.id);
    this.roleIdByName.delete(role.name);
  }

  private touchHolders(ref: RoleRef): void {
    for (const user of this.users.values()) if (user.orgRole === ref) this.touch(user);
    for (const team of this.teams.values()) for (const [id, r] of team.members) if (r === ref) this.touchUserById(id);
  }

  private touchUserById(id: string): void {
    const user = this.users.get(id);
    if (user) this.touch(user);
  }

  private touch(resource: Tracked): void {
    resource.version = newVersion();
    resource.lastModified = timestamp();
  }
}
