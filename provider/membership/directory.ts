// The organization's users, teams and custom roles as one engine operation knows them (each
// operation keeps one, provider/operation.ts): each collection listed at most once per operation
// (one request per 9999 objects), shared by every resource the operation reads or writes. The
// resources read and write W&B through it alone, so its own write methods keep it truthful: a
// write's answer replaces the entry it changed, a write whose effect is not known drops the
// listing, which is then read again on next use, and a write that changes what its answer does not
// show (a team's members, the roles users show) drops what it made stale. A listing is trusted for
// what it shows, not for what it leaves out: an object it does not show is read directly before it
// counts as gone.
import { identityOf, sameIdentity } from "../../model/identity";
import type { ListedOrganization } from "../../model/outside-code";
import { isEmailReference } from "../../model/vocabulary";
import type {
  GetResult,
  NewServiceAccount,
  NewTeam,
  NewUser,
  PatchOperation,
  RoleDefinition,
  ScimClient,
  ScimRole,
  ScimServiceAccount,
  ScimTeam,
  ScimUser,
  TeamDefinition,
  WriteOptions,
} from "../../service";
import { Collection, refused, type Index } from "./listing";

export const hasMember = (team: ScimTeam, userId: string): boolean => team.members.some((member) => member.id === userId);

/** What users' representations say of roles, which writes elsewhere (a team's, a custom role's) change. */
type RoleField = "organizationRole" | "teamRoles";

/** The organization's users (never its service accounts: GET /Users does not return them). */
export class Users implements Index<ScimUser> {
  readonly #byId = new Map<string, ScimUser>();
  readonly #byEmail = new Map<string, ScimUser>();
  readonly #byUserName = new Map<string, ScimUser>();

  constructor(users: Iterable<ScimUser>) {
    for (const user of users) this.put(user);
  }

  has(id: string): boolean {
    return this.#byId.has(id);
  }

  byId(id: string): ScimUser | undefined {
    return this.#byId.get(id);
  }

  all(): ScimUser[] {
    return [...this.#byId.values()];
  }

  /** Emails compare ignoring case, as the service does. */
  byEmail(email: string): ScimUser | undefined {
    return this.#byEmail.get(identityOf("email", email));
  }

  /** userNames compare ignoring case, as the service does. */
  byUserName(userName: string): ScimUser | undefined {
    return this.#byUserName.get(identityOf("userName", userName));
  }

  put(user: ScimUser): void {
    this.remove(user.id);
    this.#byId.set(user.id, user);
    if (user.email) this.#byEmail.set(identityOf("email", user.email), user);
    this.#byUserName.set(identityOf("userName", user.userName), user);
  }

  remove(id: string): void {
    const old = this.#byId.get(id);
    if (!old) return;
    this.#byId.delete(id);
    deleteIfHeld(this.#byEmail, identityOf("email", old.email), old);
    deleteIfHeld(this.#byUserName, identityOf("userName", old.userName), old);
  }

  /** These role fields of every user are no longer known: they read as a representation that does not carry them. */
  forgetRoles(fields: readonly RoleField[]): void {
    for (const user of [...this.#byId.values()]) {
      const { organizationRole, teamRoles, ...rest } = user;
      this.put({
        ...rest,
        ...(fields.includes("organizationRole") || organizationRole === undefined ? {} : { organizationRole }),
        ...(fields.includes("teamRoles") || teamRoles === undefined ? {} : { teamRoles }),
      });
    }
  }
}

/** Indexed by member and by name as well, so that every user's teams come from one pass, not one scan per user. */
export class Teams implements Index<ScimTeam> {
  readonly #byId = new Map<string, ScimTeam>();
  readonly #idsByMember = new Map<string, Set<string>>();
  readonly #idsByName = new Map<string, Set<string>>();

  constructor(teams: Iterable<ScimTeam>) {
    for (const team of teams) this.put(team);
  }

  byId(id: string): ScimTeam | undefined {
    return this.#byId.get(id);
  }

  named(name: string): ScimTeam | undefined {
    return this.#teamsOf(this.#idsByName.get(identityOf("teamName", name)))[0];
  }

  all(): ScimTeam[] {
    return [...this.#byId.values()];
  }

  containing(userId: string): ScimTeam[] {
    return this.#teamsOf(this.#idsByMember.get(userId));
  }

  put(team: ScimTeam): void {
    this.remove(team.id);
    this.#byId.set(team.id, team);
    addTo(this.#idsByName, identityOf("teamName", team.name), team.id);
    for (const member of team.members) addTo(this.#idsByMember, member.id, team.id);
  }

  remove(id: string): void {
    const old = this.#byId.get(id);
    if (!old) return;
    this.#byId.delete(id);
    deleteFrom(this.#idsByName, identityOf("teamName", old.name), id);
    for (const member of old.members) deleteFrom(this.#idsByMember, member.id, id);
  }

  /** A deleted user leaves every team (the service removes them). */
  removeMember(userId: string): void {
    for (const team of this.containing(userId)) {
      this.put({ ...team, members: team.members.filter((member) => member.id !== userId) });
    }
  }

  #teamsOf(ids: Set<string> | undefined): ScimTeam[] {
    return [...(ids ?? [])].flatMap((id) => this.#byId.get(id) ?? []);
  }
}

/** Drops the entry only while it still holds this object (another may hold the key since). */
function deleteIfHeld<T>(index: Map<string, T>, key: string, item: T): void {
  if (index.get(key) === item) index.delete(key);
}

function addTo(index: Map<string, Set<string>>, key: string, id: string): void {
  const ids = index.get(key);
  if (ids) ids.add(id);
  else index.set(key, new Set([id]));
}

function deleteFrom(index: Map<string, Set<string>>, key: string, id: string): void {
  const ids = index.get(key);
  ids?.delete(id);
  if (ids?.size === 0) index.delete(key);
}

export class Roles implements Index<ScimRole> {
  readonly #byId = new Map<string, ScimRole>();
  readonly #byName = new Map<string, ScimRole>();

  constructor(roles: Iterable<ScimRole>) {
    for (const role of roles) this.put(role);
  }

  byId(id: string): ScimRole | undefined {
    return this.#byId.get(id);
  }

  named(name: string): ScimRole | undefined {
    return this.#byName.get(identityOf("customRoleName", name));
  }

  all(): ScimRole[] {
    return [...this.#byId.values()];
  }

  put(role: ScimRole): void {
    this.remove(role.id);
    this.#byId.set(role.id, role);
    this.#byName.set(identityOf("customRoleName", role.name), role);
  }

  remove(id: string): void {
    const old = this.#byId.get(id);
    if (!old) return;
    this.#byId.delete(id);
    deleteIfHeld(this.#byName, identityOf("customRoleName", old.name), old);
  }
}

function itemOf<K extends string, T>(result: GetResult<K, T>, key: K): T | undefined {
  return result.status === "found" ? result[key] : undefined;
}

export class Directory {
  readonly #users: Collection<ScimUser, Users>;
  readonly #teams: Collection<ScimTeam, Teams>;
  readonly #roles: Collection<ScimRole, Roles>;
  readonly #etagsMovedByUs = new Set<string>();
  /** What this operation made or wrote: users and teams it created, members it added, role places it wrote or gave back. */
  readonly #madeHere = new Set<string>();
  /** The users this operation took over as W&B holds them (adoptExisting, importId). */
  readonly #adoptedHere = new Set<string>();

  constructor(private readonly scim: ScimClient) {
    this.#users = new Collection(async () => new Users(await scim.listUsers()), async (id) => itemOf(await scim.getUser(id), "user"));
    this.#teams = new Collection(async () => new Teams(await scim.listTeams()), async (id) => itemOf(await scim.getTeam(id), "team"));
    this.#roles = new Collection(async () => new Roles(await scim.listRoles()), async (id) => itemOf(await scim.getRole(id), "role"));
  }

  users(): Promise<Users> {
    return this.#users.all();
  }

  /** The teams as listed, and nothing else: what the listing does not show is not looked up. */
  teams(): Promise<Teams> {
    return this.#teams.all();
  }

  /** The custom roles as listed, and nothing else: what the listing does not show is not looked up. */
  roles(): Promise<Roles> {
    return this.#roles.all();
  }

  /** The three collections as listed (each at most once per operation, shared with every resource), for the outside-code report. */
  async listed(): Promise<ListedOrganization> {
    const [users, teams, roles] = await Promise.all([this.#users.all(), this.#teams.all(), this.#roles.all()]);
    return { users: users.all(), teams: teams.all(), roles: roles.all() };
  }

  /**
   * The user a reference names (SCIM id, or email ignoring case). One the listing does not show
   * (e.g. created outside Pulumi since it was read) is looked up directly before it counts as unknown.
   */
  user(reference: string): Promise<ScimUser | undefined> {
    if (!isEmailReference(reference)) return this.userById(reference);
    return this.#users.find((users) => users.byEmail(reference), () => this.scim.findUserByEmail(reference));
  }

  /** The user with this userName, ignoring case; one the listing does not show is looked up directly. */
  userNamed(userName: string): Promise<ScimUser | undefined> {
    return this.#users.find((users) => users.byUserName(userName), () => this.scim.findUserByUserName(userName));
  }

  /** The user with this SCIM id as listed; one the listing does not show is read directly. */
  userById(id: string): Promise<ScimUser | undefined> {
    return this.#users.byId(id);
  }

  /** The user as read directly in this operation: read now, unless that was done already. */
  confirmedUser(id: string): Promise<ScimUser | undefined> {
    return this.#users.confirmed(id);
  }

  /** The user as it is now (a re-read before a write): always read directly. */
  userNow(id: string): Promise<ScimUser | undefined> {
    return this.#users.fetch(id);
  }

  /** The team with this id as listed; one the listing does not show is read directly. */
  teamById(id: string): Promise<ScimTeam | undefined> {
    return this.#teams.byId(id);
  }

  /** The team as read directly in this operation: read now, unless that was done already. */
  confirmedTeam(id: string): Promise<ScimTeam | undefined> {
    return this.#teams.confirmed(id);
  }

  /** The team as it is now (a re-read before a write): always read directly. */
  teamNow(id: string): Promise<ScimTeam | undefined> {
    return this.#teams.fetch(id);
  }

  /** The team with exactly this name; one the listing does not show is looked up directly. */
  team(name: string): Promise<ScimTeam | undefined> {
    return this.#teams.find((teams) => teams.named(name), () => this.scim.findTeamByName(name));
  }

  /** The teams whose members include this user or service account, as listed. */
  async teamsContaining(memberId: string): Promise<ScimTeam[]> {
    return (await this.#teams.all()).containing(memberId);
  }

  /** The names of the teams whose members include the user, sorted. */
  async teamsOf(userId: string): Promise<string[]> {
    const teams = await this.teamsContaining(userId);
    return [...new Set(teams.map((team) => team.name))].sort();
  }

  /** Whether the user is a member of the team with this name; a listing that says no is confirmed by reading the team. */
  async inTeam(teamName: string, userId: string): Promise<boolean> {
    const team = await this.team(teamName);
    if (!team) return false;
    if (hasMember(team, userId)) return true;
    const confirmed = await this.#teams.confirmed(team.id);
    return confirmed !== undefined && sameIdentity("teamName", confirmed.name, teamName) && hasMember(confirmed, userId);
  }

  /** The custom role with this id as listed; one the listing does not show is read directly. */
  role(id: string): Promise<ScimRole | undefined> {
    return this.#roles.byId(id);
  }

  /** The custom role with exactly this name; one the listing does not show is looked up in a new listing. */
  roleNamed(name: string): Promise<ScimRole | undefined> {
    return this.#roles.find((roles) => roles.named(name), () => this.scim.findRoleByName(name));
  }

  /** The custom role as it is now (a re-read before a write): always read directly. */
  roleNow(id: string): Promise<ScimRole | undefined> {
    return this.#roles.fetch(id);
  }

  /** The user with this userName as the service finds it now (after a 409: the listing may predate the holder). */
  userNamedNow(userName: string): Promise<ScimUser | undefined> {
    return this.scim.findUserByUserName(userName);
  }

  /** The team with exactly this name as the service finds it now. */
  teamNamedNow(name: string): Promise<ScimTeam | undefined> {
    return this.scim.findTeamByName(name);
  }

  /** The custom role with exactly this name as the service finds it now. */
  roleNamedNow(name: string): Promise<ScimRole | undefined> {
    return this.scim.findRoleByName(name);
  }

  /** Creates a user; one created into teams (W&B's teams extension) changes their member lists, which the answer does not show. */
  async createUser(user: NewUser): Promise<ScimUser> {
    try {
      return await this.#userWrite(() => this.scim.createUser(user));
    } finally {
      if (user.teams !== undefined) this.#teams.forget();
    }
  }

  /** Changes a user; a change of its team roles also puts it in that team, which the answer does not show of the team. */
  async patchUser(id: string, operations: PatchOperation[], options: WriteOptions): Promise<ScimUser> {
    try {
      return await this.#userWrite(() => this.scim.patchUser(id, operations, options));
    } finally {
      if (operations.some((operation) => operation.path?.startsWith("teamRoles"))) this.#teams.forget();
    }
  }

  /** Deletes a user from the organization, which also takes them out of every team. */
  deleteUser(id: string, options: WriteOptions): Promise<void> {
    return this.#userRemoval(id, () => this.scim.deleteUser(id, options));
  }

  /** Creates a service account (see ScimClient), which joins its teams: their member lists change, which no answer shows. */
  async createServiceAccount(account: NewServiceAccount, findExisting: () => Promise<ScimServiceAccount | undefined>): Promise<ScimServiceAccount> {
    try {
      return await this.scim.createServiceAccount(account, findExisting);
    } finally {
      this.#teams.forget();
    }
  }

  /** Creates a team with its members. */
  createTeam(team: NewTeam): Promise<ScimTeam> {
    return this.#teamWrite(() => this.scim.createTeam(team), team.memberIds);
  }

  /** Changes a team; `members` are the users it adds or removes. */
  patchTeam(id: string, operations: PatchOperation[], options: WriteOptions, members: Iterable<string>): Promise<ScimTeam> {
    return this.#teamWrite(() => this.scim.patchTeam(id, operations, options), members);
  }

  /** Restates a team; `members` are the users it adds or removes. */
  replaceTeam(id: string, team: TeamDefinition, options: WriteOptions, members: Iterable<string>): Promise<ScimTeam> {
    return this.#teamWrite(() => this.scim.replaceTeam(id, team, options), members);
  }

  createRole(role: RoleDefinition): Promise<ScimRole> {
    return this.#roleWrite(() => this.scim.createRole(role));
  }

  patchRole(id: string, operations: PatchOperation[], options: WriteOptions): Promise<ScimRole> {
    return this.#roleWrite(() => this.scim.patchRole(id, operations, options));
  }

  replaceRole(id: string, role: RoleDefinition, options: WriteOptions): Promise<ScimRole> {
    return this.#roleWrite(() => this.scim.replaceRole(id, role, options));
  }

  /** Deletes a custom role; its holders fall back to the role it inherits from. */
  deleteRole(id: string, options: WriteOptions): Promise<void> {
    return this.#roleRemoval(id, () => this.scim.deleteRole(id, options));
  }

  /**
   * Runs a write of a team, keeping the team as the service answered it. Joining or leaving a team,
   * or its rename, changes the team roles its users show, which the answer does not tell.
   */
  async #teamWrite(write: () => Promise<ScimTeam>, members: Iterable<string>): Promise<ScimTeam> {
    // Attempted, whatever the answer: a user's representation shows their teams, so its ETag may have moved.
    for (const id of members) this.#etagsMovedByUs.add(id);
    try {
      return await this.#teams.written(write, (teams, team) => teams.put(team));
    } finally {
      this.#users.update((users) => users.forgetRoles(["teamRoles"]));
    }
  }

  /**
   * Whether a team write of ours in this operation added or removed the user: the user's ETag
   * recorded before it is then stale, and a write with it would only draw a 412 (and its wait).
   */
  etagMovedByUs(userId: string): boolean {
    return this.#etagsMovedByUs.has(userId);
  }

  /** This operation took the user over as W&B holds it (adoptExisting, importId): the roles it holds may come with it. */
  adopted(userId: string): void {
    this.#adoptedHere.add(userId);
  }

  /** Whether this operation took the user over as W&B holds it. */
  adoptedHere(userId: string): boolean {
    return this.#adoptedHere.has(userId);
  }

  /** This operation created the user or team with this id: nothing of it was held before. */
  created(kind: "user" | "team", id: string): void {
    this.#madeHere.add(`${kind}:${id}`);
  }

  /** This operation adds these users to the team, whatever the answer: their places in it are new. */
  joining(teamId: string, userIds: Iterable<string>): void {
    for (const userId of userIds) this.#madeHere.add(`member:${teamId}:${userId}`);
  }

  /** This operation writes or gives back a role place (e.g. `TeamRoleAssignment/<userId>/research`), whatever the answer. */
  roleWritten(place: string): void {
    this.#madeHere.add(`role:${place}`);
  }

  /**
   * Whether this operation made or wrote none of these: the user, the team, the user's place in the
   * team, the role place. Only what was so before the operation can be adopted as it is.
   */
  untouched({ userId, teamId, place }: { userId: string; teamId?: string; place?: string }): boolean {
    const keys = [`user:${userId}`, ...(teamId === undefined ? [] : [`team:${teamId}`, `member:${teamId}:${userId}`]), ...(place === undefined ? [] : [`role:${place}`])];
    return keys.every((key) => !this.#madeHere.has(key));
  }

  /** Runs a write of a user, keeping the user as the service answered it. */
  #userWrite(write: () => Promise<ScimUser>): Promise<ScimUser> {
    return this.#users.written(write, (users, user) => users.put(user));
  }

  /** Runs the removal of a user from the organization, which also takes them out of every team. */
  async #userRemoval(id: string, remove: () => Promise<unknown>): Promise<void> {
    try {
      await remove();
    } catch (error) {
      if (!refused(error)) {
        this.#users.forget();
        this.#teams.forget();
      }
      throw error;
    }
    this.#users.update((users) => users.remove(id));
    this.#teams.update((teams) => teams.removeMember(id));
  }

  /** Runs a write of a custom role, keeping the role as the service answered it. */
  async #roleWrite(write: () => Promise<ScimRole>): Promise<ScimRole> {
    try {
      return await this.#roles.written(write, (roles, role) => roles.put(role));
    } finally {
      this.#rolesOfUsersChanged();
    }
  }

  /** Runs the removal of a custom role; its holders fall back to the role it inherits from. */
  async #roleRemoval(id: string, remove: () => Promise<unknown>): Promise<void> {
    try {
      await this.#roles.written(remove, (roles) => roles.remove(id));
    } finally {
      this.#rolesOfUsersChanged();
    }
  }

  /** A custom role renamed or removed changes the roles its holders show, which no answer tells. */
  #rolesOfUsersChanged(): void {
    this.#users.update((users) => users.forgetRoles(["organizationRole", "teamRoles"]));
  }
}
