// The shape of a roster (zod), and how a shape mistake is told: which entry, what is wrong, how to
// fix it; described (`.meta`) for the package schema. Internal to the roster and the Organization: not exported from the package.
import { z } from "zod";
import { foldCase } from "../../service/case-folding";
import { closest } from "../../service/spelling";
import { EXPIRY_FORMS, expiryTime } from "../expiry";
import { identityOf } from "../identity";
import { SERVICE_ACCOUNT_SCOPES, type ServiceAccountScope } from "../shapes/service-account";
import {
  ACCESS_LEVELS,
  BASE_ROLES,
  CONTROL_CHARACTER,
  CUSTOM_ROLES_OUTSIDE_CODE,
  EMAIL_ADDRESS,
  PERMISSION_NAME,
  SOURCES,
  TEAMS_OUTSIDE_CODE,
  USER_NAME,
  USERS_OUTSIDE_CODE,
} from "../vocabulary";

/** Names that become part of child resource names (`<org>/<team>/<userName>`) must not contain "/". */
const NO_SLASH = /^[^/]+$/;

/** A name holds no control character: its issue is marked so, for the finding to say so. */
const PRINTABLE = [(value: string) => !CONTROL_CHARACTER.test(value), { params: { controlCharacter: true }, abort: true }] as const;
const text = z.string().trim().min(1).refine(...PRINTABLE);
/** A Models seat or Weave role in any case, stored in lower case. */
const accessLevel = z.string().trim().overwrite(foldCase).pipe(z.enum(ACCESS_LEVELS)).optional();

const ROLE_IN_TEAM = "`admin`, `member`, `viewer` (case-insensitive) or the `name` of a custom role under `customRoles` (case-sensitive).";

/** When a grant ends: a UTC day (at 00:00 UTC that day) or a timestamp with its zone. */
const expiry = z
  .string()
  .trim()
  .refine((written) => expiryTime(written) !== undefined);
const EXPIRES =
  "When the grant ends: a UTC day, e.g. `2025-07-01` (it ends at 00:00 UTC that day: June 30 is its last), or a timestamp with its zone, " +
  "e.g. `2025-07-01T17:00:00Z`. From that date the next `pulumi up` takes it away, under the guard rails (the preview names it, " +
  "`expired on <date>`), and the drift watch reports it until then; the preview lists it within `wandb:expiryNoticeDays` before. " +
  "A date already past when the grant is first declared is refused.";

const userSchema = z
  .strictObject({
    userName: text
      .refine((name) => USER_NAME.test(name) && NO_SLASH.test(name))
      .meta({ description: "The user's W&B username: the user's key in the roster (case-insensitive, unique). No spaces or \"/\"." }),
    email: z.string().trim().min(1).regex(EMAIL_ADDRESS).meta({ description: "The user's email address (case-insensitive, unique)." }),
    displayName: z.string().refine(...PRINTABLE).optional().meta({ description: "The name shown for the user. When left out, it is not managed." }),
    organizationRole: text.optional().meta({
      description: "`admin`, `member` (case-insensitive) or the `name` of a custom role under `customRoles` (case-sensitive). Default: `member`.",
    }),
    modelsSeat: accessLevel.meta({
      description: "The user's Models seat: `full` (paid), `viewer` or `none` (case-insensitive). When left out, it is not managed (W&B gives a new user `full`).",
    }),
    weaveRole: accessLevel.meta({
      description: "The user's Weave role: `full`, `viewer` or `none` (case-insensitive). When left out, it is not managed (W&B gives a new user `full`).",
    }),
    expires: expiry.optional().meta({
      description: `When the user's access ends: the user is deactivated (dedicated cloud and self-managed; refused on the multi-tenant cloud and with \`usersFrom: idp\`). ${EXPIRES}`,
    }),
    organizationRoleExpires: expiry.optional().meta({
      description: `When the organization role ends: the user goes back to \`organizationRoleAfterExpiry\` (default \`member\`). ${EXPIRES}`,
    }),
    organizationRoleAfterExpiry: text.optional().meta({
      description: "The organization role once `organizationRoleExpires` has passed: `admin`, `member` (the default) or the `name` of a custom role under `customRoles`.",
    }),
  })
  .meta({ description: "A user of the organization." });

const customRoleSchema = z
  .strictObject({
    name: text.meta({ description: "The role's name (case-sensitive, unique); not a predefined role's name." }),
    description: z.string().optional().meta({ description: "What the role is for." }),
    inheritedFrom: z
      .string()
      .overwrite((role) => identityOf("baseRole", role))
      .pipe(z.enum(BASE_ROLES))
      .meta({ description: "The predefined role it extends: `member` or `viewer`." }),
    permissions: z
      .array(z.string().trim().regex(PERMISSION_NAME))
      .meta({ description: "Permissions added to the inherited ones, each `<object>:<operation>` in lower case, e.g. `run:stop`." }),
  })
  .meta({ description: "A custom role: a predefined role plus permissions." });

const memberSchema = z
  .strictObject({
    user: text.meta({ description: "The member's `userName`, a user of the roster." }),
    expires: expiry.meta({ description: `When the membership ends: the member leaves the team (and its role there). ${EXPIRES}` }),
  })
  .meta({ description: "A member whose membership ends, e.g. `{ user: carol, expires: 2025-07-01 }`." });

const teamSchema = z
  .strictObject({
    name: text.regex(NO_SLASH).meta({ description: "The team's name (case-sensitive, unique). No \"/\"." }),
    members: z
      .array(z.union([text, memberSchema]))
      .default([])
      .meta({
        description:
          "Its members, all users of the roster: exactly these (members added elsewhere are removed). Each a `userName`, or " +
          "`{ user: <userName>, expires: <date> }` for a membership that ends.",
      }),
    roles: z
      .record(z.string(), text)
      .default({})
      .meta({
        description: `Member \`userName\` → role in the team: ${ROLE_IN_TEAM} Members given no role here or under \`teamRoles\` have the team's default role, \`member\`.`,
      }),
    membersFrom: z
      .enum(SOURCES)
      .default("code")
      .meta({
        description:
          "Who writes the team's members: `code` (the default: exactly `members`) or `idp` (your identity provider, SSO group claims or LDAP " +
          "group sync): the members are read and reported, never written; `members` listed beside it are only compared.",
      }),
  })
  .meta({ description: "A team, its members and their roles in it." });

const teamRoleSchema = z
  .strictObject({
    user: text.meta({ description: "The `userName` of a member of the team." }),
    team: text.meta({ description: "The `name` of a team under `teams` (case-sensitive)." }),
    role: text.meta({ description: ROLE_IN_TEAM }),
    expires: expiry.optional().meta({ description: `When the role ends: the member keeps the team's default role, \`member\`. ${EXPIRES}` }),
  })
  .meta({
    description:
      "A member's role in a team, written outside the team: the same as an entry of the team's `roles`. The two forms may be mixed; a member gets at most one role per team.",
  });

const registryRoleSchema = z
  .strictObject({
    user: text.meta({ description: "The `userName` of a user of the roster." }),
    registry: text.regex(NO_SLASH).meta({ description: "The registry's name, e.g. `models`." }),
    role: text.meta({ description: "`admin`, `member`, `viewer` or `restricted viewer` (case-insensitive; custom roles do not apply to registries)." }),
    expires: expiry.optional().meta({ description: `When the role ends: the user no longer has a role in the registry. ${EXPIRES}` }),
  })
  .meta({ description: "A user's role in a registry." });

const SCOPES = Object.keys(SERVICE_ACCOUNT_SCOPES) as [ServiceAccountScope, ...ServiceAccountScope[]];

const serviceAccountSchema = z
  .strictObject({
    name: text
      .refine((name) => USER_NAME.test(name) && NO_SLASH.test(name))
      .meta({ description: "The service account's name (SCIM `userName`): unique in the organization, users' names included (case-insensitive). No spaces or \"/\"." }),
    scope: z
      .string()
      .trim()
      .overwrite(foldCase)
      .pipe(z.enum(SCOPES))
      .meta({ description: "`team` (a member of `defaultTeam` only) or `organization` (W&B also adds it to every team created later through SCIM)." }),
    defaultTeam: text.meta({ description: "The name of the team it is made a member of: a team under `teams`, or one W&B already holds." }),
    teams: z
      .array(text)
      .optional()
      .meta({ description: "Multi-tenant cloud (saas) only: the teams it is added to, `defaultTeam` among them." }),
  })
  .meta({
    description:
      "A service account (Multi-tenant Cloud; Dedicated Cloud and Self-Managed v0.81.0 and later): never a user, never counted by the guard rails. " +
      "W&B changes none of its fields once made, so a change replaces it; its API key is created in the W&B App.",
  });

const outsideCodeSchema = z
  .strictObject({
    users: z
      .enum(USERS_OUTSIDE_CODE)
      .default("report")
      .meta({ description: "Users W&B lists that the roster does not declare: `report` (the default) lists them; `deactivate` deactivates them at `pulumi up`." }),
    teams: z
      .enum(TEAMS_OUTSIDE_CODE)
      .default("report")
      .meta({ description: "Teams the roster does not declare: `report`, with their members (the W&B API cannot delete a team)." }),
    customRoles: z
      .enum(CUSTOM_ROLES_OUTSIDE_CODE)
      .default("report")
      .meta({ description: "Custom roles the roster does not declare: `report` (the default), with their permissions; `delete` deletes them at `pulumi up`." }),
    ignore: z
      .array(text)
      .default([])
      .meta({ description: "Glob patterns (`*`, `?`, case ignored) on a userName, an email, a team's or a custom role's name: what matches is never reported and never touched." }),
  })
  .meta({ description: "What is done with what W&B holds and the roster does not declare." });

export const rosterSchema = z
  .strictObject({
    users: z.array(userSchema).default([]).meta({ description: "The organization's users." }),
    customRoles: z.array(customRoleSchema).default([]).meta({ description: "Custom roles, for organization and team roles." }),
    teams: z.array(teamSchema).default([]).meta({ description: "Teams, with their members and their roles." }),
    teamRoles: z.array(teamRoleSchema).default([]).meta({ description: "Team roles written outside their teams." }),
    registryRoles: z.array(registryRoleSchema).default([]).meta({ description: "Users' roles in registries." }),
    serviceAccounts: z.array(serviceAccountSchema).default([]).meta({ description: "Service accounts: automation identities, never users." }),
    requiredAdmins: z
      .array(text)
      .default([])
      .meta({
        description:
          "The `userName`s of people who must stay organization admins: a run that would demote, deactivate or remove one is refused " +
          "at preview, naming them, and none of their access may carry an expiry.",
      }),
    outsideCode: outsideCodeSchema.default({ users: "report", teams: "report", customRoles: "report", ignore: [] }),
    usersFrom: z
      .enum(SOURCES)
      .default("code")
      .meta({
        description:
          "Who creates the users: `code` (the default: the roster's users are created, and deleted when removed) or `idp` (your identity " +
          "provider): the roster's users are references to people it creates; one missing in W&B is reported, never created, and no user is " +
          "ever deactivated or deleted. Roles are still managed as declared.",
      }),
    deactivateInactiveAfterDays: z
      .number()
      .int()
      .positive()
      .optional()
      .meta({
        description:
          "Deactivates at `pulumi up` the users W&B lists as active, declared or not, who have not been active in this many days (someone " +
          "never active once created more than this many days ago), under the guard rails; never one `outsideCode.ignore` matches, a service " +
          "account or the user the provider acts as, nor one whose activity W&B does not report. Left out, no one is deactivated for inactivity.",
      }),
  })
  .meta({ description: "Who is in the organization and with which roles. Unknown keys are mistakes." });

/** The roster as the schema returns it: strings trimmed, lists and maps present. Not yet cross-checked. */
export type ShapedRoster = z.output<typeof rosterSchema>;

export type Path = ReadonlyArray<string | number>;

/** One mistake, before it knows its file and line. */
export interface Finding {
  /** Where in the roster, e.g. `["teams", 1, "members", 2]`: locates the line in a file. */
  path: Path;
  /** The roster entry, e.g. `teams[1] "ml-platform"`, or `top level`. */
  entry: string;
  /** What is wrong, e.g. `members[2] "carol" is not a user of the roster`. */
  problem: string;
  /** How to fix it. */
  fix: string;
  /** For an unknown key: the key itself (its line is the one to show). */
  key?: string;
}

type Section = "users" | "customRoles" | "teams" | "teamRoles" | "registryRoles" | "serviceAccounts" | "outsideCode";

const SECTIONS: Record<Section, { noun: string; shape: z.ZodObject; label?: string }> = {
  users: { noun: "a user", shape: userSchema, label: "userName" },
  customRoles: { noun: "a custom role", shape: customRoleSchema, label: "name" },
  teams: { noun: "a team", shape: teamSchema, label: "name" },
  teamRoles: { noun: "a team role", shape: teamRoleSchema },
  registryRoles: { noun: "a registry role", shape: registryRoleSchema },
  serviceAccounts: { noun: "a service account", shape: serviceAccountSchema, label: "name" },
  outsideCode: { noun: "outsideCode", shape: outsideCodeSchema },
};

const isSection = (key: unknown): key is Section => typeof key === "string" && Object.hasOwn(SECTIONS, key);

/** Entries nested in an entry, by `<section>.<field>`: a team's member written as a mapping. */
const NESTED: Readonly<Record<string, { noun: string; shape: z.ZodObject }>> = {
  "teams.members": { noun: "a member that expires", shape: memberSchema },
};

interface FieldInfo {
  /** What a valid value is, after "must be" / "is not". */
  describe: string;
  /** For lists and maps: what each element is. */
  item?: string;
  fix: string;
}

const CONTROL_CHARACTER_FIX = "write it on one line, without control characters (a newline, a tab, an escape, ...): W&B would store them, but no one could read the name";

const ROLE_FIX = "use admin or member, or the name of a custom role declared under customRoles";

const EXPIRY_DESCRIBED = "a UTC day (YYYY-MM-DD) or a timestamp with its zone";
const EXPIRY_FIX = `write ${EXPIRY_FORMS}, or remove the key`;

/** Keyed by `<section>.<field>`; `<section>.` is the entry itself, `top.<key>` a top-level key. */
const FIELDS: Record<string, FieldInfo> = {
  "top.": {
    describe:
      "a mapping with the keys users, customRoles, teams, teamRoles, registryRoles, serviceAccounts, requiredAdmins, outsideCode, usersFrom and deactivateInactiveAfterDays",
    fix: "start the roster with `users:` (see the roster format in the Organization component's documentation)",
  },
  "top.users": { describe: "a list of users", fix: "list the users under `users:`, one `- userName: ...` entry each" },
  "top.customRoles": { describe: "a list of custom roles", fix: "list the custom roles under `customRoles:`, one `- name: ...` entry each" },
  "top.teams": { describe: "a list of teams", fix: "list the teams under `teams:`, one `- name: ...` entry each" },
  "top.teamRoles": {
    describe: "a list of team roles",
    fix: "list the team roles under `teamRoles:`, e.g. `- { user: alice, team: research, role: admin }`",
  },
  "top.registryRoles": {
    describe: "a list of registry roles",
    fix: "list the registry roles under `registryRoles:`, e.g. `- { user: alice, registry: models, role: admin }`",
  },
  "top.serviceAccounts": {
    describe: "a list of service accounts",
    fix: "list the service accounts under `serviceAccounts:`, e.g. `- { name: ci-bot, scope: team, defaultTeam: ml-platform }`",
  },
  "top.deactivateInactiveAfterDays": {
    describe: "a positive whole number of days",
    fix: "write e.g. `deactivateInactiveAfterDays: 90` to deactivate the users not active in 90 days, or remove the key",
  },
  "top.requiredAdmins": {
    describe: "a list of userNames",
    item: "a userName",
    fix: "list the userNames of the people who must stay organization admins, e.g. `requiredAdmins: [ada, grace]`",
  },
  "requiredAdmins.": { describe: "a userName", fix: "list the userNames of the people who must stay organization admins, e.g. `requiredAdmins: [ada, grace]`" },
  "top.usersFrom": { describe: '"code" or "idp"', fix: "write `usersFrom: idp` when your identity provider creates the users, or remove the key" },
  "outsideCode.": {
    describe: "a mapping with the keys users, teams, customRoles and ignore",
    fix: "write e.g. `outsideCode: { users: report, customRoles: report, ignore: [\"breakglass-*\"] }`",
  },
  "outsideCode.users": { describe: '"report" or "deactivate"', fix: "write `users: report` to list undeclared users, or `users: deactivate` to deactivate them at pulumi up" },
  "outsideCode.teams": { describe: '"report"', fix: "write `teams: report` (the W&B API cannot delete a team)" },
  "outsideCode.customRoles": { describe: '"report" or "delete"', fix: "write `customRoles: report` to list undeclared custom roles, or `customRoles: delete` to delete them at pulumi up" },
  "outsideCode.ignore": {
    describe: "a list of patterns",
    item: "a pattern",
    fix: 'list glob patterns on userNames, emails, team or custom role names, e.g. `ignore: ["breakglass-*", "svc-*"]`',
  },
  "teams.membersFrom": { describe: '"code" or "idp"', fix: "write `membersFrom: idp` when your identity provider writes the team's members, or remove the key" },
  "users.": { describe: "a user (a mapping with userName and email)", fix: "write the user as `- userName: alice` with `email: alice@example.com` below it" },
  "users.userName": {
    describe: 'a W&B username (no spaces or "/")',
    fix: "give the user's W&B username, e.g. `userName: alice`",
  },
  "users.email": { describe: "an email address", fix: "give the user's email address, e.g. `email: alice@example.com`" },
  "users.displayName": { describe: "text", fix: "give the name shown for the user, e.g. `displayName: Alice Doe`, or remove the key" },
  "users.organizationRole": { describe: "a role name", fix: ROLE_FIX },
  "users.modelsSeat": { describe: '"full", "viewer" or "none"', fix: "set `modelsSeat: viewer` (or full, or none), or remove the key to leave the seat alone" },
  "users.expires": { describe: EXPIRY_DESCRIBED, fix: EXPIRY_FIX },
  "users.organizationRoleExpires": { describe: EXPIRY_DESCRIBED, fix: EXPIRY_FIX },
  "users.organizationRoleAfterExpiry": { describe: "a role name", fix: `${ROLE_FIX}, or remove the key to go back to member` },
  "users.weaveRole": { describe: '"full", "viewer" or "none"', fix: "set `weaveRole: viewer` (or full, or none), or remove the key to leave the Weave role alone" },
  "customRoles.": {
    describe: "a custom role (a mapping with name, inheritedFrom and permissions)",
    fix: "write the role as `- name: Run operator` with `inheritedFrom: member` and `permissions: [run:stop]` below it",
  },
  "customRoles.name": { describe: "a role name", fix: "give the role its name, e.g. `name: Run operator`" },
  "customRoles.description": { describe: "text", fix: "describe what the role is for, or remove the key" },
  "customRoles.inheritedFrom": {
    describe: '"member" or "viewer"',
    fix: "set `inheritedFrom: member` or `inheritedFrom: viewer`, the predefined role the custom role extends",
  },
  "customRoles.permissions": {
    describe: "a list of permissions",
    item: 'a permission "<object>:<operation>" in lower case',
    fix: "list the permissions the role adds, each as <object>:<operation> in lower case, e.g. `permissions: [run:stop, run:delete]`",
  },
  "teams.": { describe: "a team (a mapping with name and members)", fix: "write the team as `- name: ml-platform` with `members: [alice, bob]` below it" },
  "teams.name": { describe: 'a team name (no "/")', fix: "give the team's name, e.g. `name: ml-platform`" },
  "teams.members": {
    describe: "a list of members",
    item: "a userName, or a mapping with user and expires",
    fix: "list the userNames of the team's members (users of the roster), e.g. `members: [alice, bob]`, a membership that ends as `{ user: carol, expires: 2025-07-01 }`",
  },
  "teams.members.user": { describe: "a userName", fix: "give the member's userName, e.g. `{ user: carol, expires: 2025-07-01 }`" },
  "teams.members.expires": { describe: EXPIRY_DESCRIBED, fix: `${EXPIRY_FIX} (a member without one is written as the userName alone)` },
  "teams.roles": {
    describe: "a mapping from userName to team role",
    item: "a team role name",
    fix:
      "map members to their role in the team, e.g. `roles: { alice: admin }` (admin, member, viewer or a custom role); a role that ends is " +
      "written under the top-level teamRoles, e.g. `- { user: alice, team: research, role: admin, expires: 2025-07-01 }`",
  },
  "teamRoles.": {
    describe: "a team role (a mapping with user, team and role)",
    fix: "write the team role as `- { user: alice, team: research, role: admin }`",
  },
  "teamRoles.user": { describe: "a userName", fix: "give the userName of a member of the team, e.g. `user: alice`" },
  "teamRoles.team": { describe: "a team name", fix: "give the name of a team declared under teams, e.g. `team: research`" },
  "teamRoles.role": { describe: "a team role", fix: "use admin, member or viewer, or the name of a custom role declared under customRoles" },
  "teamRoles.expires": { describe: EXPIRY_DESCRIBED, fix: EXPIRY_FIX },
  "registryRoles.": {
    describe: "a registry role (a mapping with user, registry and role)",
    fix: "write the registry role as `- { user: alice, registry: models, role: admin }`",
  },
  "registryRoles.user": { describe: "a userName", fix: "give the userName of a user of the roster, e.g. `user: alice`" },
  "registryRoles.registry": { describe: 'a registry name (no "/")', fix: "give the registry's name, e.g. `registry: models`" },
  "registryRoles.role": { describe: "a registry role", fix: "use admin, member, viewer or restricted viewer" },
  "registryRoles.expires": { describe: EXPIRY_DESCRIBED, fix: EXPIRY_FIX },
  "serviceAccounts.": {
    describe: "a service account (a mapping with name, scope and defaultTeam)",
    fix: "write the service account as `- { name: ci-bot, scope: team, defaultTeam: ml-platform }`",
  },
  "serviceAccounts.name": { describe: 'a service account name (no spaces or "/")', fix: "give the service account its name, e.g. `name: ci-bot`" },
  "serviceAccounts.scope": {
    describe: '"team" or "organization"',
    fix: "set `scope: team` (a member of its default team only) or `scope: organization` (added to every team created later too)",
  },
  "serviceAccounts.defaultTeam": { describe: "a team name", fix: "give the team it is made a member of, e.g. `defaultTeam: ml-platform`" },
  "serviceAccounts.teams": {
    describe: "a list of team names",
    item: "a team name",
    fix: "list the teams it is added to, its defaultTeam among them, e.g. `teams: [ml-platform, research]` (multi-tenant cloud only), or remove the key",
  },
};

export function formatField(path: Path): string {
  return path
    .map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : /^[\w-]+$/.test(p) ? `.${p}` : `[${JSON.stringify(p)}]`))
    .join("");
}

function valueAt(data: unknown, path: Path): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** How a value reads after "not": `a list`, `the number 3`, `"alice"`. */
function kindOf(value: unknown): string {
  if (value === null) return "empty (null)";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return `the number ${value}`;
  return String(value);
}

/** `users[2] "bob"`: the entry, named by its label when it has one. */
export function entryLabel(data: unknown, section: string, index: number): string {
  const info = isSection(section) ? SECTIONS[section] : undefined;
  const label = info?.label === undefined ? undefined : valueAt(data, [section, index, info.label]);
  return typeof label === "string" && label.trim() !== "" ? `${section}[${index}] ${JSON.stringify(label.trim())}` : `${section}[${index}]`;
}

/** Splits a path into its entry (`users[2] "bob"`) and the field path inside it. */
function locate(data: unknown, path: Path): { entry: string; section: string; field: Path } {
  const [section, index] = path;
  if (section === "outsideCode") return { entry: "outsideCode", section, field: path.slice(1) };
  if (typeof section === "string" && typeof index === "number") {
    return { entry: entryLabel(data, section, index), section, field: path.slice(2) };
  }
  return { entry: "top level", section: "top", field: path };
}

export const list = (words: readonly string[]) =>
  words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;

const TEAM_ROLES_GO_IN_TEAMS =
  "team roles are written in their team, `roles: { alice: admin }`, or under the top-level teamRoles, `- { user: alice, team: research, role: admin }`";

/** Keys written in the wrong place, as other formats have them: where they go in a roster. */
const MISPLACED: Record<string, string> = {
  "users.teamRoles": TEAM_ROLES_GO_IN_TEAMS,
  "users.teams": "team membership is written in the team: list the user's userName in the team's members under teams",
  "users.registryRoles": "registry roles are listed under the top-level registryRoles: `- { user: alice, registry: models, role: admin }`",
  "teams.admins": "write the team's admins in its roles: `roles: { alice: admin }`",
  "teams.roleNames": TEAM_ROLES_GO_IN_TEAMS,
  // The SCIM API's names for them.
  "teamRoles.userName": 'write the user as `user:`, e.g. `user: alice`',
  "teamRoles.teamName": 'write the team as `team:`, e.g. `team: research`',
  "teamRoles.roleName": 'write the role as `role:`, e.g. `role: admin`',
};

function unknownKeyFinding(data: unknown, objectPath: Path, key: string): Finding {
  const { entry, section, field } = locate(data, objectPath);
  const nested = field.length === 2 ? NESTED[`${section}.${String(field[0])}`] : undefined;
  const noun = nested?.noun ?? (isSection(section) ? SECTIONS[section].noun : "the roster");
  const keys = Object.keys((nested?.shape ?? (isSection(section) ? SECTIONS[section].shape : rosterSchema)).shape);
  // A typo, or a shortened name ("role" for "organizationRole").
  const guess =
    closest(key, keys) ?? (key.length >= 4 ? keys.find((k) => foldCase(k).includes(foldCase(key))) : undefined);
  const hint = MISPLACED[`${section}.${key}`] ?? (guess === undefined ? "remove it" : `did you mean "${guess}"?`);
  return {
    path: objectPath,
    key,
    entry,
    problem: `unknown key ${JSON.stringify(key)}`,
    fix: `${hint} (the keys of ${noun} are ${list(keys)})`,
  };
}

/**
 * The issues of the alternative a value in a union was meant as (a name written as text, a mapping
 * as a mapping: the one alternative of the value's own type), their paths from the roster's top;
 * undefined when it is none of their types, which the union's own issue tells.
 */
function meantAlternative(issue: z.core.$ZodIssue): z.core.$ZodIssue[] | undefined {
  if (issue.code !== "invalid_union") return undefined;
  const meant = issue.errors.filter((alternative) => !alternative.some((each) => each.code === "invalid_type" && each.path.length === 0));
  return meant.length === 1 ? meant[0]?.map((each) => ({ ...each, path: [...issue.path, ...each.path] })) : undefined;
}

/**
 * What a field is and how to fix it: a field of a nested mapping (`teams.members.expires`) first,
 * then its entry's; `item` when the value is an element of the entry's field (a list's, a map's).
 */
function fieldInfo(section: string, field: Path): { info: FieldInfo | undefined; item: boolean } {
  const [name] = field;
  const last = field.at(-1);
  const nested = field.length > 2 && typeof last === "string" ? FIELDS[`${section}.${String(name)}.${last}`] : undefined;
  if (nested !== undefined) return { info: nested, item: false };
  return { info: FIELDS[`${section}.${typeof name === "string" ? name : ""}`], item: field.length > 1 };
}

/** Turns the schema's issues into findings, one per mistake, in the order zod found them. */
export function shapeFindings(data: unknown, issues: readonly z.core.$ZodIssue[]): Finding[] {
  const findings: Finding[] = [];
  for (const issue of issues) {
    const path = issue.path.filter((p): p is string | number => typeof p !== "symbol");
    const alternative = meantAlternative(issue);
    if (alternative !== undefined) {
      findings.push(...shapeFindings(data, alternative));
      continue;
    }
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) findings.push(unknownKeyFinding(data, path, key));
      continue;
    }
    const { entry, section, field } = locate(data, path);
    const { info, item: itemLevel } = fieldInfo(section, field);
    const describe = (itemLevel ? info?.item : info?.describe) ?? info?.describe ?? "valid";
    const controlCharacter = issue.code === "custom" && issue.params?.["controlCharacter"] === true;
    const fix = controlCharacter ? CONTROL_CHARACTER_FIX : (info?.fix ?? "correct the value");
    const value = valueAt(data, path);
    const label = field.length === 0 ? (section === "top" ? "the roster" : "the entry") : formatField(field);
    let problem: string;
    if (issue.code === "invalid_type" && value === undefined) problem = `${label} is missing`;
    else if (issue.code === "invalid_type") problem = `${label} must be ${describe}, not ${kindOf(value)}`;
    else if (issue.code === "too_small" && typeof value === "string") problem = `${label} is empty`;
    else if (controlCharacter) problem = `${label} ${kindOf(value)} holds a control character`;
    else problem = `${label} ${kindOf(value)} is not ${describe}`;
    findings.push({ path, entry, problem, fix });
  }
  return findings;
}
