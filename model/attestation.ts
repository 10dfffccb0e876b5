// An access attestation (`pulumi-wandb attest`): every principal of the organization (users and
// service accounts) as W&B's listings show it, whether code declares it, and what changed since a
// previous attestation, each change told apart as code's (it is what the roster declares) or made
// outside code, with who made it where W&B's audit log says. Data alone, in a stable order, so that
// the same organization attested at the same time gives the same file.
import { z } from "zod";
import type { ScimTeam, ScimUser } from "../service/model";
import { isPersonMember } from "../service/team-membership";
import { attributionOf, attributionText, type AuditLogReading, type ChangeOutsideCode } from "./audit-attribution";
import { identityOf, sameIdentity } from "./identity";
import type { ValidatedRoster } from "./roster/roster";

const teamHolding = z.object({
  team: z.string(),
  /** Absent where W&B's listing shows no roles. */
  role: z.string().optional(),
});
const registryHolding = z.object({ registry: z.string(), role: z.string() });

const attestedPrincipal = z.object({
  kind: z.enum(["user", "serviceAccount"]),
  /** A user's userName; a service account's name as its teams list it. */
  name: z.string(),
  email: z.string().optional(),
  active: z.boolean(),
  /** Absent where W&B's listing shows no roles (its documented wire), and for a service account. */
  organizationRole: z.string().optional(),
  modelsSeat: z.string().optional(),
  weaveRole: z.string().optional(),
  teams: z.array(teamHolding),
  /** Absent where W&B's listing shows no roles. */
  registryRoles: z.array(registryHolding).optional(),
  /** The last activity W&B reports (ISO 8601); null for someone never active; absent where it reports none. */
  lastActiveAt: z.string().nullable().optional(),
  declared: z.boolean(),
  /** The expiry the roster declares for it, where it declares one. */
  expires: z.string().optional(),
});
export type AttestedPrincipal = z.output<typeof attestedPrincipal>;

const attestedChange = z.object({
  kind: attestedPrincipal.shape.kind,
  principal: z.string(),
  /** What changed, e.g. `organization role member → admin`. */
  what: z.string(),
  /** Whether what W&B holds now differs from what the roster declares: a change made outside code. */
  outsideCode: z.boolean(),
  /** What W&B's audit log says of it: who and when, that W&B does not log it, or that it was not read. */
  attribution: z.string(),
  by: z.string().optional(),
  at: z.string().optional(),
});
export type AttestedChange = z.output<typeof attestedChange>;

export const ATTESTATION_FORMAT = "pulumi-wandb/attestation@1";

export const attestationSchema = z.object({
  format: z.literal(ATTESTATION_FORMAT),
  organization: z.string(),
  /** When W&B was read (ISO 8601, to the second). */
  takenAt: z.string(),
  roster: z.string(),
  /** Whether W&B's listing showed roles: where it did not, no role is attested. */
  rolesShown: z.boolean(),
  principals: z.array(attestedPrincipal),
  /** The attestation compared with, and what changed since; absent without one. */
  since: z.object({ takenAt: z.string(), changes: z.array(attestedChange), auditLog: z.string() }).optional(),
});
export type Attestation = z.output<typeof attestationSchema>;

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "en");
const byTeam = (a: { team: string }, b: { team: string }) => a.team.localeCompare(b.team, "en");

/**
 * What the roster declares beyond access, per principal. The roster declares no expiry yet: where a
 * later roster does (issue 44), its `expires` is set here, and the attestation shows it.
 */
export function declarationsOf(roster: ValidatedRoster): ReadonlyMap<string, { expires?: string }> {
  return new Map([...roster.users.map((user) => [identityOf("userName", user.userName), {}] as const), ...roster.serviceAccounts.map((account) => [identityOf("userName", account.name), {}] as const)]);
}

/** Every principal W&B lists, in a stable order: users by userName, then service accounts (team members GET /Users does not list) by name. */
export function attestedPrincipals(users: readonly ScimUser[], teams: readonly ScimTeam[], roster: ValidatedRoster): AttestedPrincipal[] {
  const declarations = declarationsOf(roster);
  const declared = (name: string) => declarations.get(identityOf("userName", name));
  const userIds = new Set(users.map((user) => user.id));
  const teamsOf = (id: string) => teams.filter((team) => team.members.some((member) => member.id === id));
  const people = users.map((user): AttestedPrincipal => {
    const roles = new Map((user.teamRoles ?? []).map((held) => [held.teamName, held.roleName]));
    const declaration = declared(user.userName);
    return {
      kind: "user",
      name: user.userName,
      email: user.email,
      active: user.active,
      ...(user.organizationRole === undefined ? {} : { organizationRole: user.organizationRole }),
      ...(user.modelsSeat === undefined ? {} : { modelsSeat: user.modelsSeat }),
      ...(user.weaveRole === undefined ? {} : { weaveRole: user.weaveRole }),
      teams: teamsOf(user.id)
        .map((team) => ({ team: team.name, ...(user.teamRoles === undefined ? {} : { role: roles.get(team.name) ?? "member" }) }))
        .sort(byTeam),
      ...(user.registryRoles === undefined
        ? {}
        : { registryRoles: user.registryRoles.map((held) => ({ registry: held.registryName, role: held.roleName })).sort((a, b) => a.registry.localeCompare(b.registry, "en")) }),
      ...(user.lastActiveAt === undefined ? {} : { lastActiveAt: user.lastActiveAt }),
      declared: declaration !== undefined,
      ...(declaration?.expires === undefined ? {} : { expires: declaration.expires }),
    };
  });
  const accounts = new Map<string, string>();
  for (const team of teams) for (const member of team.members) if (!isPersonMember(member, userIds)) accounts.set(member.id, member.display ?? member.id);
  const serviceAccounts = [...accounts].map(
    ([id, name]): AttestedPrincipal => ({
      kind: "serviceAccount",
      name,
      active: true,
      teams: teamsOf(id).map((team) => ({ team: team.name })).sort(byTeam),
      declared: declared(name) !== undefined,
    }),
  );
  return [...people.sort(byName), ...serviceAccounts.sort(byName)];
}

/** A principal as the roster declares it, in the attestation's terms; undefined where it is not declared. */
function declaredView(roster: ValidatedRoster, principal: AttestedPrincipal): Partial<AttestedPrincipal> | undefined {
  const same = (name: string) => identityOf("userName", name) === identityOf("userName", principal.name);
  const user = roster.users.find((each) => same(each.userName));
  if (user !== undefined) {
    return {
      active: true,
      organizationRole: user.organizationRole,
      ...(user.modelsSeat === undefined ? {} : { modelsSeat: user.modelsSeat }),
      ...(user.weaveRole === undefined ? {} : { weaveRole: user.weaveRole }),
      teams: roster.teams
        .filter((team) => team.members.some(same))
        .map((team) => ({ team: team.name, role: Object.entries(team.roles).find(([member]) => same(member))?.[1] ?? "member" })),
      registryRoles: roster.registryRoles.filter((held) => same(held.user)).map((held) => ({ registry: held.registry, role: held.role })),
    };
  }
  const account = roster.serviceAccounts.find((each) => same(each.name));
  return account === undefined ? undefined : { active: true, teams: [...new Set([account.defaultTeam, ...(account.teams ?? [])])].map((team) => ({ team })) };
}

/** One change of a principal: what it is, the kind of change W&B's audit log is searched for, and whether the roster declares what W&B holds now. */
interface Found {
  what: string;
  kind: ChangeOutsideCode;
  team?: string;
  agrees: boolean;
}

const roleOf = (holdings: readonly { team: string; role?: string | undefined }[] | undefined, team: string) => holdings?.find((held) => held.team === team)?.role;

/** What changed of one principal between two attestations, and whether each now agrees with the roster. */
function changesOf(before: AttestedPrincipal | undefined, after: AttestedPrincipal | undefined, declared: Partial<AttestedPrincipal> | undefined): Found[] {
  if (after === undefined) return before === undefined ? [] : [{ what: "no longer in W&B", kind: "deleted", agrees: declared === undefined }];
  if (before === undefined) return [{ what: after.kind === "user" ? "added to the organization" : "made", kind: "userAdded", agrees: declared !== undefined }];
  const found: Found[] = [];
  if (before.active !== after.active) found.push({ what: after.active ? "reactivated" : "deactivated", kind: after.active ? "reactivated" : "deactivated", agrees: declared?.active === after.active });
  const changed = (key: "organizationRole" | "modelsSeat" | "weaveRole", noun: string) => {
    const [was, is] = [before[key], after[key]];
    if (was === undefined || is === undefined || was === is) return;
    const granted = key === "organizationRole" && identityOf("organizationRole", is) === "admin";
    const agrees = key === "organizationRole" ? sameIdentity("organizationRole", declared?.organizationRole, is) : declared?.[key] === is;
    found.push({ what: `${noun} ${was} → ${is}`, kind: granted ? "adminGranted" : "roleOrSeatChanged", agrees });
  };
  changed("organizationRole", "organization role");
  changed("modelsSeat", "Models seat");
  changed("weaveRole", "Weave role");
  const declaredTeams = new Set(declared?.teams?.map((held) => held.team));
  for (const { team, role } of after.teams) {
    const was = roleOf(before.teams, team);
    if (!before.teams.some((held) => held.team === team)) found.push({ what: `joined team ${team}`, kind: "joinedTeam", team, agrees: declaredTeams.has(team) });
    else if (was !== undefined && role !== undefined && was !== role) {
      found.push({ what: `team ${team}: role ${was} → ${role}`, kind: "teamRoleChanged", agrees: sameIdentity("teamRole", roleOf(declared?.teams, team), role) });
    }
  }
  for (const { team } of before.teams) if (!after.teams.some((held) => held.team === team)) found.push({ what: `left team ${team}`, kind: "leftTeam", team, agrees: !declaredTeams.has(team) });
  if (before.registryRoles !== undefined && after.registryRoles !== undefined) {
    const shown = (holdings: readonly { registry: string; role: string }[]) => new Map(holdings.map((held) => [held.registry, held.role]));
    const [had, has, wanted] = [shown(before.registryRoles), shown(after.registryRoles), shown(declared?.registryRoles ?? [])];
    for (const registry of [...new Set([...had.keys(), ...has.keys()])].sort()) {
      const [was, is] = [had.get(registry), has.get(registry)];
      if (was === is) continue;
      const what = is === undefined ? `registry ${registry}: role ${was} removed` : `registry ${registry}: role ${was ?? "none"} → ${is}`;
      found.push({ what, kind: "registryRoleChanged", agrees: wanted.get(registry) === is });
    }
  }
  return found;
}

const principalKey = (principal: Pick<AttestedPrincipal, "kind" | "name">) => `${principal.kind}:${identityOf("userName", principal.name)}`;

/**
 * What changed from `previous` to `principals`, principal by principal (in the attestation's order,
 * then those no longer listed), each with whether it is what the roster declares, and what W&B's
 * audit log (`reading`, undefined where it was not read) says of who made it.
 */
export function changesSince(previous: readonly AttestedPrincipal[], principals: readonly AttestedPrincipal[], roster: ValidatedRoster, reading: AuditLogReading | undefined): AttestedChange[] {
  const earlier = new Map(previous.map((principal) => [principalKey(principal), principal]));
  const now = new Set(principals.map(principalKey));
  const gone = previous.filter((principal) => !now.has(principalKey(principal)));
  return [...principals, ...gone].flatMap((principal) => {
    const before = earlier.get(principalKey(principal));
    const after = now.has(principalKey(principal)) ? principal : undefined;
    return changesOf(before, after, declaredView(roster, principal)).map((found) => {
      const attribution = attributionOf(found.kind, { email: principal.email, team: found.team }, reading);
      return {
        kind: principal.kind,
        principal: principal.name,
        what: found.what,
        outsideCode: !found.agrees,
        attribution: attribution === undefined ? (reading === undefined ? "not read: wandb:auditLog is off" : "not read") : attributionText(attribution),
        ...(attribution !== undefined && "by" in attribution ? { by: attribution.by, at: attribution.at } : {}),
      };
    });
  });
}

/** The attestation as its JSON file: two-space indentation, keys in the order above, a final newline. */
export const attestationJson = (attestation: Attestation): string => `${JSON.stringify(attestation, null, 2)}\n`;
