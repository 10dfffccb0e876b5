// The roster of an `Organization`: its format, and the validation that turns every mistake into
// an error naming the file, the line, the entry and the fix, before any resource is registered.
import { readFileSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import type { z } from "zod";
import { isMap, isScalar, LineCounter, parseDocument, type Node as YamlNode } from "yaml";
import { entryLabel, type Finding, formatField, list, type Path, rosterSchema, shapeFindings, type ShapedRoster } from "./schema";
import type { Deployment } from "../../service/config";
import { sameIgnoringCase } from "../../service/case-folding";
import { closest } from "../../service/spelling";
import { identityOf } from "../identity";
import { brokenTeamsRule } from "../shapes/service-account";
import { capabilitiesOf, deactivationNotOffered, serviceAccountTeamsNotOffered, TEAM_MEMBERS_FROM_IDP_NOT_OFFERED, USERS_JOIN_THROUGH_TEAMS } from "../deployments";
import {
  canonicalRole,
  isDeprecatedOrganizationRole,
  isPredefinedRole,
  ORGANIZATION_ROLES as ORGANIZATION_ROLE_NAMES,
  REGISTRY_ROLES as REGISTRY_ROLE_NAMES,
  TEAM_ROLES as TEAM_ROLE_NAMES,
} from "../vocabulary";
import { inspectedAsMessage } from "../../service/inspected-as-message";
import { ProgramError } from "../program-error";

/** Where the organization lives; decides how team membership is written (see `Organization`). */
export type WandbDeployment = Deployment;

/**
 * Who is in the organization and with which roles. Every key is optional except the users'
 * `userName` and `email`, the custom roles' `name`, `inheritedFrom` and `permissions`, and the
 * `user`, `team`/`registry` and `role` of team and registry roles; unknown keys are mistakes.
 * A team role is written either in its team (`roles`) or under the top-level `teamRoles`; both
 * forms may be used in one roster, and create the same resources. As YAML:
 *
 * ```yaml
 * users:
 *   - userName: alice
 *     email: alice@example.com
 *     displayName: Alice Doe
 *     organizationRole: admin        # admin | member (default) | <custom role name>
 *   - { userName: bob, email: bob@example.com, organizationRole: Run operator }
 * customRoles:
 *   - name: Run operator
 *     inheritedFrom: member          # member | viewer
 *     permissions: [run:stop, run:delete]
 * teams:
 *   - name: ml-platform
 *     members: [alice, bob]          # userNames from users
 *     roles: { alice: admin }        # admin | member (default) | viewer | <custom role name>
 * teamRoles:                         # the same, outside the team (a declared team, one of its members)
 *   - { user: bob, team: ml-platform, role: viewer }
 * registryRoles:
 *   - { user: alice, registry: models, role: admin }   # admin | member | viewer | restricted viewer
 * serviceAccounts:                   # never users; their API keys are made in the W&B App
 *   - { name: ci-bot, scope: team, defaultTeam: ml-platform }   # team | organization
 * ```
 */
export type Roster = z.input<typeof rosterSchema>;

/** A user of the organization. */
export type RosterUser = NonNullable<Roster["users"]>[number];
/** A custom role: a predefined role plus permissions. */
export type RosterCustomRole = NonNullable<Roster["customRoles"]>[number];
/** A team, its members and their roles in it. */
export type RosterTeam = NonNullable<Roster["teams"]>[number];
/**
 * A member's role in a team, written outside the team: the same as an entry of the team's
 * `roles` (`{ user: alice, team: research, role: admin }` is `roles: { alice: admin }` under the
 * team `research`). The two forms may be mixed; a member gets at most one role per team.
 */
export type RosterTeamRole = NonNullable<Roster["teamRoles"]>[number];
/** A user's role in a registry. */
export type RosterRegistryRole = NonNullable<Roster["registryRoles"]>[number];
/** A service account: an automation identity, never a user. */
export type RosterServiceAccount = NonNullable<Roster["serviceAccounts"]>[number];

/** A roster that passed validation, in canonical form: every team role is in its team's `roles`. */
export interface ValidatedRoster {
  users: Array<
    Omit<ShapedRoster["users"][number], "organizationRole"> & {
      /** `admin` or `member` (lower case), or the exact name of a custom role of the roster. */
      organizationRole: string;
      /** Names of the roster's teams that list the user, in roster order. */
      teams: string[];
    }
  >;
  customRoles: ShapedRoster["customRoles"];
  /**
   * Members are `userName`s as spelled under `users`; `roles` maps them to `admin`, `member`,
   * `viewer` (lower case) or a custom role's name: the team's `roles`, then the top-level
   * `teamRoles` for the team, merged.
   */
  teams: ShapedRoster["teams"];
  /** `user` as spelled under `users`; `role` in lower case. */
  registryRoles: ShapedRoster["registryRoles"];
  /** `scope` in lower case; `teams`, where given, hold `defaultTeam`. */
  serviceAccounts: ShapedRoster["serviceAccounts"];
  /** What is done with what W&B holds and the roster does not declare. */
  outsideCode: ShapedRoster["outsideCode"];
  /** `idp`: the users are references to people the identity provider creates; never created, deactivated or deleted. */
  usersFrom: ShapedRoster["usersFrom"];
  /** Users not active in this many days are deactivated at `up`. */
  deactivateInactiveAfterDays?: number;
}

/** One mistake in a roster. */
export interface RosterProblem {
  /** The file, or the name the roster goes by when it is not a file (`roster` by default). */
  readonly file: string;
  /** The 1-based line in the file, when the roster was read from text. */
  readonly line: number | undefined;
  /** The roster entry, e.g. `teams[1] "ml-platform"`; `top level` or `YAML syntax error` outside entries. */
  readonly entry: string;
  /** What is wrong, e.g. `members[2] "carol" is not a user of the roster`. */
  readonly problem: string;
  /** How to fix it. */
  readonly fix: string;
  /** Where in the roster, e.g. `["teams", 1, "members", 2]`. */
  readonly path: ReadonlyArray<string | number>;
  /** `<file>[:<line>]: <entry>: <problem>: <fix>` */
  readonly message: string;
}

/**
 * A roster mistake. Its fields are those of the first problem; `problems` has them all (the
 * message has one line per problem). Thrown by `parseRoster`, `validateRoster`, `loadRoster` and
 * the `Organization` constructor, before any resource is registered. A `ProgramError`, so
 * Pulumi prints the message alone, without a stack trace.
 */
export class RosterError extends ProgramError {
  override readonly name = "RosterError";
  readonly file: string;
  readonly line: number | undefined;
  readonly entry: string;
  readonly problem: string;
  readonly fix: string;
  readonly path: ReadonlyArray<string | number>;
  readonly problems: readonly RosterProblem[];

  constructor(problems: readonly RosterProblem[]) {
    const [first] = problems;
    if (first === undefined) throw new TypeError("a RosterError needs at least one problem");
    super(problems.map((p) => p.message).join("\n"));
    this.file = first.file;
    this.line = first.line;
    this.entry = first.entry;
    this.problem = first.problem;
    this.fix = first.fix;
    this.path = first.path;
    this.problems = problems;
  }
}
inspectedAsMessage(RosterError);

export interface RosterOptions {
  /** The name used in messages: the file's path, or e.g. `roster` (the default) for an object. */
  file?: string;
  /**
   * When `saas` (the multi-tenant cloud), every user must be a member of at least one team of the
   * roster: that is how users join the organization there.
   */
  deployment?: WandbDeployment;
}

type LineOf = (finding: Finding) => number | undefined;

function fail(findings: readonly Finding[], file: string, lineOf: LineOf): never {
  throw new RosterError(
    findings.map((f) => {
      const line = lineOf(f);
      return {
        file,
        line,
        entry: f.entry,
        problem: f.problem,
        fix: f.fix,
        path: f.path,
        message: `${file}${line === undefined ? "" : `:${line}`}: ${f.entry}: ${f.problem}: ${f.fix}`,
      };
    }),
  );
}

/**
 * Validates a roster given as an object (e.g. from code, or JSON already parsed): its shape, then
 * every cross-reference (members are users, roles exist, no duplicates). Throws a `RosterError`
 * listing every mistake; returns the roster in canonical form.
 */
export function validateRoster(roster: unknown, options: RosterOptions = {}): ValidatedRoster {
  return check(roster, options, () => undefined);
}

/**
 * Parses and validates a roster in YAML (or JSON, a subset of it). `file` names the text in
 * messages, which carry line numbers.
 */
export function parseRoster(text: string, file = "roster", options: Omit<RosterOptions, "file"> = {}): ValidatedRoster {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const findings = doc.errors.map((error) => {
      const [start] = error.linePos ?? [];
      return {
        path: [],
        entry: "YAML syntax error",
        problem: (error.message.split("\n")[0] ?? error.message).replace(/ at line \d+, column \d+:?$/, ""),
        fix: start === undefined ? "correct the YAML" : `correct the YAML at line ${start.line}, column ${start.col}`,
        line: start?.line,
      };
    });
    fail(findings, file, (f) => (f as { line?: number }).line);
  }
  const lineOfNode = (node: YamlNode | null | undefined) =>
    node?.range ? lineCounter.linePos(node.range[0]).line : undefined;
  const lineOf: LineOf = (finding) => {
    for (let n = finding.path.length; n >= 0; n--) {
      const node = n === 0 ? doc.contents : (doc.getIn(finding.path.slice(0, n), true) as YamlNode | undefined);
      if (node === undefined || node === null) continue;
      if (finding.key !== undefined && n === finding.path.length && isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && item.key.value === finding.key);
        if (pair && isScalar(pair.key)) return lineOfNode(pair.key);
      }
      return lineOfNode(node);
    }
    return undefined;
  };
  const data: unknown = doc.toJS();
  if (data === null || data === undefined) {
    fail(
      [{ path: [], entry: "top level", problem: "the roster is empty", fix: "list the organization's users under `users:` (and its teams under `teams:`)" }],
      file,
      () => undefined,
    );
  }
  return check(data, { ...options, file }, lineOf);
}

/**
 * Reads, parses and validates a roster file (YAML or JSON). A relative path is resolved from the
 * current directory (a Pulumi program's directory); messages name the file relative to it when it
 * is inside (`path.join(__dirname, "roster.yaml")` shows as `roster.yaml`), else as given.
 */
export function loadRoster(path: string, options: Omit<RosterOptions, "file"> = {}): ValidatedRoster {
  const absolute = resolve(path);
  const inside = relative(process.cwd(), absolute);
  const file = isAbsolute(path) && inside !== "" && !inside.startsWith("..") && !isAbsolute(inside) ? inside : path;
  let text: string;
  try {
    text = readFileSync(absolute, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    fail(
      [{ path: [], entry: "file", problem: `cannot read the roster file (${code})`, fix: `check the path: a relative path is resolved from ${process.cwd()}` }],
      file,
      () => undefined,
    );
  }
  return parseRoster(text, file, options);
}

function check(data: unknown, options: RosterOptions, lineOf: LineOf): ValidatedRoster {
  const file = options.file ?? "roster";
  const shaped = rosterSchema.safeParse(data);
  if (!shaped.success) fail(shapeFindings(data, shaped.error.issues), file, lineOf);
  const { roster, findings } = crossCheck(shaped.data, data, options.deployment);
  if (findings.length > 0) fail(findings, file, lineOf);
  return roster;
}

// The roster refuses the deprecated organization role (with a fix) where the resources accept it.
const ORGANIZATION_ROLES: readonly string[] = ORGANIZATION_ROLE_NAMES.filter((role) => !isDeprecatedOrganizationRole(role));
const TEAM_ROLES: readonly string[] = TEAM_ROLE_NAMES;
const REGISTRY_ROLES: readonly string[] = REGISTRY_ROLE_NAMES;
const PREDEFINED = [...new Set([...ORGANIZATION_ROLE_NAMES, ...TEAM_ROLES, ...REGISTRY_ROLES])];

const q = (value: string) => JSON.stringify(value);
const CUSTOM_NAMES_ARE_CASE_SENSITIVE = " (custom role names are case-sensitive)";

/** The candidate `written` was most likely meant to be, and whether only its case differs. */
function meant(written: string, candidates: Iterable<string>): { name: string; caseOnly: boolean } | undefined {
  const name = closest(written, candidates);
  return name === undefined ? undefined : { name, caseOnly: sameIgnoringCase(name, written) };
}

/** The start of a fix that names the candidate `written` was likely meant to be; `caseNote` when only its case differs. */
function didYouMean(written: string, candidates: Iterable<string>, caseNote = ""): string {
  const guess = meant(written, candidates);
  return guess === undefined ? "" : `did you mean ${q(guess.name)}${guess.caseOnly ? caseNote : ""}? Otherwise `;
}

/** The section checkers' common ground: the roster as shaped, the canonical roster they build, and the findings. */
interface Checking {
  readonly shaped: ShapedRoster;
  readonly roster: ValidatedRoster;
  readonly findings: Finding[];
  /** `users[2] "bob"`: how an entry is named in findings. */
  at(section: string, index: number): string;
  /** A finding at `path`, whose first two parts are the entry's section and index. */
  add(path: Path, problem: string, fix: string): void;
}

/** What the later sections refer to: the custom roles, users and teams declared, by their keys. */
interface Declared {
  /** Custom role name → index, first declarations only. */
  customRoles: Map<string, number>;
  /** A userName's identity → index, first declarations only. */
  users: Map<string, number>;
  /** Team name → index, first declarations only. */
  teams: Map<string, number>;
  /** Where each member's team role was written (`<team>\n<userName's identity>`), from either form. */
  teamRolePlaces: Map<string, { place: string; role: string; written: string }>;
}

/** Members, roles, team roles and registry roles refer to users, teams and custom roles that exist; nothing is declared twice. */
function crossCheck(shaped: ShapedRoster, raw: unknown, deployment: WandbDeployment | undefined): { roster: ValidatedRoster; findings: Finding[] } {
  const at = (section: string, index: number) => entryLabel(raw, section, index);
  const findings: Finding[] = [];
  const checking: Checking = {
    shaped,
    roster: { users: [], customRoles: [], teams: [], registryRoles: [], serviceAccounts: [], outsideCode: shaped.outsideCode,
      usersFrom: shaped.usersFrom,
      ...(shaped.deactivateInactiveAfterDays === undefined ? {} : { deactivateInactiveAfterDays: shaped.deactivateInactiveAfterDays }),
    },
    findings,
    at,
    add: (path, problem, fix) => findings.push({ path, entry: at(String(path[0]), Number(path[1])), problem, fix }),
  };
  // Custom roles first: the other sections refer to them.
  const declared: Declared = { customRoles: checkCustomRoles(checking), users: new Map(), teams: new Map(), teamRolePlaces: new Map() };
  declared.users = checkUsers(checking, declared);
  declared.teams = checkTeams(checking, declared);
  checkTeamRoles(checking, declared);
  checkRegistryRoles(checking, declared);
  checkServiceAccounts(checking, declared, deployment);
  if (capabilitiesOf(deployment).usersJoinThroughTeams && shaped.usersFrom === "code") checkEveryUserInATeam(checking, declared);
  checkOutsideCode(checking, deployment);
  // Roster order: users, custom roles, teams, team roles, registry roles, service accounts, then what the roster does not declare.
  const order = ["users", "customRoles", "teams", "teamRoles", "registryRoles", "serviceAccounts", "outsideCode"];
  const rank = (f: Finding) => order.indexOf(String(f.path[0]));
  findings.sort((a, b) => rank(a) - rank(b));
  return { roster: checking.roster, findings };
}

function checkCustomRoles({ shaped, roster, at, add }: Checking): Map<string, number> {
  const customRoles = new Map<string, number>();
  shaped.customRoles.forEach((role, i) => {
    const path = ["customRoles", i, "name"];
    const other = customRoles.get(role.name);
    if (isPredefinedRole(role.name, PREDEFINED)) {
      add(path, `name ${q(role.name)} is the name of a predefined role`, `give the custom role a name of its own (${list(PREDEFINED)} are predefined)`);
    } else if (other !== undefined) {
      add(path, `name ${q(role.name)} is already used by ${at("customRoles", other)}`, "declare each custom role once: merge the two entries, or rename one");
    } else {
      customRoles.set(role.name, i);
    }
    roster.customRoles.push({
      name: role.name,
      ...(role.description === undefined ? {} : { description: role.description }),
      inheritedFrom: role.inheritedFrom,
      permissions: [...new Set(role.permissions)],
    });
  });
  return customRoles;
}

function checkUsers({ shaped, roster, at, add }: Checking, { customRoles }: Declared): Map<string, number> {
  const users = new Map<string, number>();
  const emails = new Map<string, number>();
  shaped.users.forEach((user, i) => {
    const key = identityOf("userName", user.userName);
    const sameName = users.get(key);
    const sameEmail = emails.get(identityOf("email", user.email));
    if (sameName !== undefined) {
      add(["users", i, "userName"], `userName ${q(user.userName)} is already used by ${at("users", sameName)} (userNames are case-insensitive)`, "declare each user once: merge the two entries, or correct the userName");
    } else {
      users.set(key, i);
    }
    if (sameEmail !== undefined) {
      add(["users", i, "email"], `email ${q(user.email)} is already used by ${at("users", sameEmail)} (emails are case-insensitive)`, "give each user their own email address");
    } else {
      emails.set(identityOf("email", user.email), i);
    }
    const role = user.organizationRole ?? "member";
    const predefined = canonicalRole(role, ORGANIZATION_ROLES);
    if (isDeprecatedOrganizationRole(role)) {
      add(["users", i, "organizationRole"], 'organizationRole "viewer" is deprecated for organizations (W&B assigns member instead)', "use member, or a custom role that inherits from viewer");
    } else if (!ORGANIZATION_ROLES.includes(predefined) && !customRoles.has(role)) {
      add(
        ["users", i, "organizationRole"],
        `organizationRole ${q(role)} is neither a predefined organization role nor a custom role of the roster`,
        `${didYouMean(role, [...ORGANIZATION_ROLES, ...customRoles.keys()], CUSTOM_NAMES_ARE_CASE_SENSITIVE)}use admin or member, or declare ${q(role)} under customRoles`,
      );
    }
    roster.users.push({
      userName: user.userName,
      email: user.email,
      ...(user.displayName === undefined ? {} : { displayName: user.displayName }),
      ...(user.modelsSeat === undefined ? {} : { modelsSeat: user.modelsSeat }),
      ...(user.weaveRole === undefined ? {} : { weaveRole: user.weaveRole }),
      organizationRole: ORGANIZATION_ROLES.includes(predefined) ? predefined : role,
      teams: [],
    });
  });
  return users;
}

/**
 * Service accounts: each name once, and none a user's (W&B holds both under one userName); `teams`
 * only where W&B takes them (the multi-tenant cloud, or an unknown deployment), with `defaultTeam`
 * among them.
 */
function checkServiceAccounts({ shaped, roster, at, add }: Checking, { users }: Declared, deployment: WandbDeployment | undefined): void {
  const names = new Map<string, number>();
  shaped.serviceAccounts.forEach((account, i) => {
    const key = identityOf("userName", account.name);
    const other = names.get(key);
    const user = users.get(key);
    if (other !== undefined) {
      add(["serviceAccounts", i, "name"], `name ${q(account.name)} is already used by ${at("serviceAccounts", other)} (names are case-insensitive)`, "declare each service account once: merge the two entries, or rename one");
    } else if (user !== undefined) {
      add(["serviceAccounts", i, "name"], `name ${q(account.name)} is the userName of ${at("users", user)}: W&B holds users and service accounts under one name`, "give the service account a name no user has");
    } else {
      names.set(key, i);
    }
    const broken = brokenTeamsRule(account, capabilitiesOf(deployment));
    if (broken === "not-offered") {
      add(["serviceAccounts", i, "teams"], serviceAccountTeamsNotOffered(deployment), "remove `teams`: the account joins its defaultTeam (an organization-scoped one also joins every team created later)");
    } else if (broken === "without-default-team") {
      add(["serviceAccounts", i, "teams"], `teams leaves out the defaultTeam ${q(account.defaultTeam)}`, `add ${q(account.defaultTeam)} to teams, as W&B asks`);
    }
    roster.serviceAccounts.push(account);
  });
}

/** The user of the roster with this userName (case-insensitive), as validated. */
function userNamed({ roster }: Checking, { users }: Declared, name: string): ValidatedRoster["users"][number] | undefined {
  const index = users.get(identityOf("userName", name));
  return index === undefined ? undefined : roster.users[index];
}

/**
 * A team role as stored (predefined roles in lower case, custom roles as written), with the finding
 * that says what is wrong when it is neither; `label` names it in the finding (`role`, `roles.alice`).
 */
function teamRoleOf(written: string, label: string, { customRoles }: Declared): { role: string; known: boolean; problem: string; fix: string } {
  const role = canonicalRole(written, TEAM_ROLES);
  return {
    role,
    known: TEAM_ROLES.includes(role) || customRoles.has(role),
    problem: `${label} ${q(written)} is neither a predefined team role nor a custom role of the roster`,
    fix: `${didYouMean(written, [...TEAM_ROLES, ...customRoles.keys()], CUSTOM_NAMES_ARE_CASE_SENSITIVE)}use admin, member or viewer, or declare ${q(written)} under customRoles`,
  };
}

const teamRoleKey = (team: string, userName: string) => `${identityOf("teamName", team)}\n${identityOf("userName", userName)}`;

function checkTeams(checking: Checking, declared: Declared): Map<string, number> {
  const { shaped, roster, at, add } = checking;
  const userNames = shaped.users.map((u) => u.userName);
  const teams = new Map<string, number>();
  shaped.teams.forEach((team, i) => {
    const other = teams.get(team.name);
    if (other !== undefined) {
      add(["teams", i, "name"], `name ${q(team.name)} is already used by ${at("teams", other)}`, "declare each team once: merge the two entries, or rename one");
    } else {
      teams.set(team.name, i);
    }
    const members: string[] = [];
    team.members.forEach((member, k) => {
      const user = userNamed(checking, declared, member);
      if (user === undefined) {
        add(
          ["teams", i, "members", k],
          `members[${k}] ${q(member)} is not a user of the roster`,
          `${didYouMean(member, userNames)}add a user ${q(member)} under users, or remove ${q(member)} from the team`,
        );
      } else if (members.includes(user.userName)) {
        add(["teams", i, "members", k], `members[${k}] ${q(member)} is listed twice (userNames are case-insensitive)`, "list each member once");
      } else {
        members.push(user.userName);
        if (other === undefined) user.teams.push(team.name);
      }
    });
    const roles: Record<string, string> = {};
    for (const [member, written] of Object.entries(team.roles)) {
      const path = ["teams", i, "roles", member];
      const field = formatField(["roles", member]);
      const user = userNamed(checking, declared, member);
      if (user === undefined || !members.includes(user.userName)) {
        add(
          path,
          user === undefined
            ? `${q(member)} has a role (${field}) but is neither a member of the team nor a user of the roster`
            : `${q(member)} has a role (${field}) but is not a member of the team`,
          `${didYouMean(member, members)}${user === undefined ? `add ${q(member)} under users and to members` : `add ${q(member)} to members`}, or remove the role`,
        );
        continue;
      }
      if (roles[user.userName] !== undefined) {
        add(path, `${q(user.userName)} has a second role (${field}; userNames are case-insensitive)`, "give each member one role");
        continue;
      }
      const { role, known, problem, fix } = teamRoleOf(written, field, declared);
      if (other === undefined) {
        declared.teamRolePlaces.set(teamRoleKey(team.name, user.userName), { place: `${at("teams", i)} ${field}`, role, written });
      }
      if (known) roles[user.userName] = role;
      else add(path, problem, fix);
    }
    roster.teams.push({ name: team.name, members, roles, membersFrom: team.membersFrom });
  });
  return teams;
}

/** Team roles written outside their team: checked as the team's roles are, then merged into them. */
function checkTeamRoles(checking: Checking, declared: Declared): void {
  const { shaped, roster, at, add } = checking;
  const userNames = shaped.users.map((u) => u.userName);
  shaped.teamRoles.forEach((grant, i) => {
    const teamIndex = declared.teams.get(grant.team) ?? -1;
    const team = roster.teams[teamIndex];
    const user = userNamed(checking, declared, grant.user);
    if (team === undefined) {
      const guess = meant(grant.team, declared.teams.keys());
      const note = guess === undefined ? "" : ` (did you mean ${q(guess.name)}?${guess.caseOnly ? " Team names are case-sensitive" : ""})`;
      add(["teamRoles", i, "team"], `team ${q(grant.team)} is not declared under teams`, `declare it, or correct the name${note}`);
    }
    if (user === undefined) {
      add(
        ["teamRoles", i, "user"],
        `user ${q(grant.user)} is not a user of the roster`,
        `${didYouMean(grant.user, userNames)}add a user ${q(grant.user)} under users, or remove this team role`,
      );
    } else if (team !== undefined && !team.members.includes(user.userName)) {
      add(
        ["teamRoles", i, "user"],
        `${q(user.userName)} is not a member of team ${q(team.name)} (${at("teams", teamIndex)})`,
        `add ${q(user.userName)} to the team's members, or remove this team role`,
      );
    }
    const { role, known, problem, fix } = teamRoleOf(grant.role, "role", declared);
    if (!known) add(["teamRoles", i, "role"], problem, fix);
    if (team === undefined || user === undefined || !team.members.includes(user.userName)) return;
    const key = teamRoleKey(team.name, user.userName);
    const earlier = declared.teamRolePlaces.get(key);
    if (earlier === undefined) {
      declared.teamRolePlaces.set(key, { place: at("teamRoles", i), role, written: grant.role });
      if (known) team.roles[user.userName] = role;
    } else if (earlier.role === role) {
      add(
        ["teamRoles", i],
        `${q(user.userName)} already has the role ${q(role)} in team ${q(team.name)} (${earlier.place})`,
        "remove this team role: write each member's role in a team once, in the team's roles or under teamRoles",
      );
    } else {
      add(
        ["teamRoles", i],
        `${q(user.userName)} has two roles in team ${q(team.name)}: ${q(grant.role)} here and ${q(earlier.written)} in ${earlier.place}`,
        "give each member one role per team: remove one of the two",
      );
    }
  });
}

function checkRegistryRoles(checking: Checking, declared: Declared): void {
  const { shaped, roster, at, add } = checking;
  const userNames = shaped.users.map((u) => u.userName);
  const granted = new Map<string, number>();
  shaped.registryRoles.forEach((grant, i) => {
    const user = userNamed(checking, declared, grant.user);
    const role = identityOf("registryRole", grant.role);
    if (user === undefined) {
      add(
        ["registryRoles", i, "user"],
        `user ${q(grant.user)} is not a user of the roster`,
        `${didYouMean(grant.user, userNames)}add a user ${q(grant.user)} under users, or remove this registry role`,
      );
    } else {
      const key = `${identityOf("userName", user.userName)}\n${identityOf("registryName", grant.registry)}`;
      const other = granted.get(key);
      if (other !== undefined) {
        add(["registryRoles", i], `${q(user.userName)} already has a role in registry ${q(grant.registry)} (${at("registryRoles", other)})`, "give each user one role per registry: remove one of the two");
      } else {
        granted.set(key, i);
      }
    }
    if (!REGISTRY_ROLES.includes(role)) {
      const custom = [...declared.customRoles.keys()].find((name) => sameIgnoringCase(name, role));
      add(
        ["registryRoles", i, "role"],
        custom === undefined ? `role ${q(grant.role)} is not a registry role` : `role ${q(grant.role)} is a custom role, and registries take only predefined roles`,
        `${custom === undefined ? didYouMean(grant.role, REGISTRY_ROLES) : ""}use admin, member, viewer or restricted viewer`,
      );
    }
    roster.registryRoles.push({ user: user?.userName ?? grant.user, registry: grant.registry, role });
  });
}

/** Where users join the organization through teams, each must be in one. */
function checkEveryUserInATeam({ roster, add }: Checking, { users }: Declared): void {
  roster.users.forEach((user, i) => {
    if (user.teams.length === 0 && users.get(identityOf("userName", user.userName)) === i) {
      add(
        ["users", i],
        `${q(user.userName)} is in no team, and ${USERS_JOIN_THROUGH_TEAMS}`,
        `add ${q(user.userName)} to the members of a team of the roster`,
      );
    }
  });
}

/** What the deployment cannot do (model/deployments), or the roster contradicts: an identity provider's users deactivated. */
function checkOutsideCode({ shaped, findings, at }: Checking, deployment: WandbDeployment | undefined): void {
  const can = capabilitiesOf(deployment);
  const outside = (field: string, problem: string, fix: string) => findings.push({ path: ["outsideCode", field], entry: "outsideCode", problem, fix });
  if (shaped.outsideCode.users === "deactivate" && shaped.usersFrom === "idp") {
    outside(
      "users",
      "users: deactivate deactivates the users the roster does not declare, but usersFrom: idp leaves every user to your identity provider",
      "write `users: report` (deprovision people in the identity provider), or remove `usersFrom: idp`",
    );
  } else if (shaped.outsideCode.users === "deactivate" && !can.keepsDeactivatedUsers) {
    outside(
      "users",
      deactivationNotOffered("users: deactivate"),
      "write `users: report`, and remove the users it lists in the web application or from the roster's own users",
    );
  }
  const days = (problem: string, fix: string) => findings.push({ path: ["deactivateInactiveAfterDays"], entry: "top level", problem, fix });
  if (shaped.deactivateInactiveAfterDays !== undefined && shaped.usersFrom === "idp") {
    days(
      "deactivateInactiveAfterDays deactivates inactive users, but usersFrom: idp leaves every user to your identity provider",
      "deprovision inactive people in the identity provider, and remove `deactivateInactiveAfterDays` (or `usersFrom: idp`)",
    );
  } else if (shaped.deactivateInactiveAfterDays !== undefined && !can.keepsDeactivatedUsers) {
    days(
      deactivationNotOffered("deactivateInactiveAfterDays"),
      "remove `deactivateInactiveAfterDays`; `pulumi-wandb review --drift --inactive-days 90` lists who is not active, to remove from the roster",
    );
  }
  if (can.teamMembersFromIdentityProvider) return;
  shaped.teams.forEach((team, i) => {
    if (team.membersFrom !== "idp") return;
    findings.push({
      path: ["teams", i, "membersFrom"],
      entry: at("teams", i),
      problem: TEAM_MEMBERS_FROM_IDP_NOT_OFFERED,
      fix: "remove `membersFrom: idp` and list the members, or declare the team's members with TeamMember resources outside the roster",
    });
  });
}
