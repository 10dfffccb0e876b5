// The roster of an `Organization`: its format, and the validation that turns every mistake into
// an error naming the file, the line, the entry and the fix, before any resource is registered.
import { readFileSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { RunError } from "@pulumi/pulumi";
import { isMap, isScalar, LineCounter, parseDocument, type Node as YamlNode } from "yaml";
import { entryLabel, type Finding, formatField, list, type Path, rosterSchema, shapeFindings, type ShapedRoster } from "./schema";
import type { Deployment } from "../config";
import { closest } from "../spelling";
import { isPredefinedRole, REGISTRY_ROLES as REGISTRY_ROLE_NAMES, TEAM_ROLES as TEAM_ROLE_NAMES } from "../vocabulary";
import { inspectedAsMessage } from "../inspected-as-message";

/** Where the organization lives; decides how team membership is written (see `Organization`). */
export type WandbDeployment = Deployment;

/** A user of the organization. */
export interface RosterUser {
  /** The user's W&B username: the user's key in the roster (case-insensitive, unique). No spaces or "/". */
  userName: string;
  /** The user's email address (case-insensitive, unique). */
  email: string;
  /** The name shown for the user. When left out, it is not managed. */
  displayName?: string;
  /**
   * `admin`, `member` (case-insensitive) or the `name` of a custom role under `customRoles`
   * (case-sensitive).
   * @default "member"
   */
  organizationRole?: "admin" | "member" | (string & {});
}

/** A custom role: a predefined role plus permissions. */
export interface RosterCustomRole {
  /** The role's name (case-sensitive, unique); not a predefined role's name. */
  name: string;
  /** What the role is for. */
  description?: string;
  /** The predefined role it extends: `member` or `viewer`. */
  inheritedFrom: "member" | "viewer";
  /** Permissions added to the inherited ones, each `<object>:<operation>` in lower case, e.g. `run:stop`. */
  permissions: string[];
}

/** A team, its members and their roles in it. */
export interface RosterTeam {
  /** The team's name (case-sensitive, unique). No "/". */
  name: string;
  /**
   * The `userName`s of its members, all users of the roster: exactly these (members added
   * elsewhere are removed). @default []
   */
  members?: string[];
  /**
   * Member `userName` → role in the team: `admin`, `member`, `viewer` or a custom role's name.
   * Members given no role here or under the top-level `teamRoles` have the team's default role,
   * `member`. @default {}
   */
  roles?: Record<string, string>;
}

/**
 * A member's role in a team, written outside the team: the same as an entry of the team's
 * `roles` (`{ user: alice, team: research, role: admin }` is `roles: { alice: admin }` under the
 * team `research`). The two forms may be mixed; a member gets at most one role per team.
 */
export interface RosterTeamRole {
  /** The `userName` of a member of the team. */
  user: string;
  /** The `name` of a team under `teams` (case-sensitive). */
  team: string;
  /** `admin`, `member`, `viewer` (case-insensitive) or the `name` of a custom role under `customRoles` (case-sensitive). */
  role: "admin" | "member" | "viewer" | (string & {});
}

/** A user's role in a registry. */
export interface RosterRegistryRole {
  /** The `userName` of a user of the roster. */
  user: string;
  /** The registry's name, e.g. `models`. */
  registry: string;
  /** `admin`, `member`, `viewer` or `restricted viewer` (case-insensitive; custom roles do not apply to registries). */
  role: "admin" | "member" | "viewer" | "restricted viewer" | (string & {});
}

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
 * ```
 */
export interface Roster {
  users?: RosterUser[];
  customRoles?: RosterCustomRole[];
  teams?: RosterTeam[];
  teamRoles?: RosterTeamRole[];
  registryRoles?: RosterRegistryRole[];
}

/** A roster that passed validation, in canonical form: every team role is in its team's `roles`. */
export interface ValidatedRoster {
  users: Array<{
    userName: string;
    email: string;
    displayName?: string;
    /** `admin` or `member` (lower case), or the exact name of a custom role of the roster. */
    organizationRole: string;
    /** Names of the roster's teams that list the user, in roster order. */
    teams: string[];
  }>;
  customRoles: Array<{ name: string; description?: string; inheritedFrom: "member" | "viewer"; permissions: string[] }>;
  teams: Array<{
    name: string;
    /** `userName`s as spelled under `users`. */
    members: string[];
    /**
     * `userName` (as spelled under `users`) → `admin`, `member`, `viewer` (lower case) or a custom
     * role's name: the team's `roles`, then the top-level `teamRoles` for the team, merged.
     */
    roles: Record<string, string>;
  }>;
  /** `user` as spelled under `users`; `role` in lower case. */
  registryRoles: Array<{ user: string; registry: string; role: string }>;
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
 * the `Organization` constructor, before any resource is registered. A `pulumi.RunError`, so
 * Pulumi prints the message alone, without a stack trace.
 */
export class RosterError extends RunError {
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

// The roster refuses the deprecated organization role `viewer` (with a fix) where the resources accept it.
const ORGANIZATION_ROLES = ["admin", "member"];
const TEAM_ROLES: readonly string[] = TEAM_ROLE_NAMES;
const REGISTRY_ROLES: readonly string[] = REGISTRY_ROLE_NAMES;
const PREDEFINED = [...new Set([...ORGANIZATION_ROLES, ...TEAM_ROLES, ...REGISTRY_ROLES])];

const q = (value: string) => JSON.stringify(value);
const didYouMean = (guess: string | undefined, value: string, note = "") =>
  guess === undefined ? "" : `did you mean ${q(guess)}${guess.toLowerCase() === value.toLowerCase() ? note : ""}? Otherwise `;

/** Members, roles, team roles and registry roles refer to users, teams and custom roles that exist; nothing is declared twice. */
function crossCheck(shaped: ShapedRoster, raw: unknown, deployment: WandbDeployment | undefined): { roster: ValidatedRoster; findings: Finding[] } {
  const findings: Finding[] = [];
  const at = (section: string, index: number) => entryLabel(raw, section, index);
  const add = (path: Path, problem: string, fix: string) => {
    const [section, index] = path;
    findings.push({ path, entry: at(String(section), Number(index)), problem, fix });
  };

  // Custom roles first: the other sections refer to them (their findings still come in roster order).
  const customFindings: Finding[] = [];
  const customRoles = new Map<string, number>();
  const roster: ValidatedRoster = { users: [], customRoles: [], teams: [], registryRoles: [] };
  shaped.customRoles.forEach((role, i) => {
    const path = ["customRoles", i, "name"];
    const entry = at("customRoles", i);
    const other = customRoles.get(role.name);
    if (isPredefinedRole(role.name, PREDEFINED)) {
      customFindings.push({ path, entry, problem: `name ${q(role.name)} is the name of a predefined role`, fix: `give the custom role a name of its own (${list(PREDEFINED)} are predefined)` });
    } else if (other !== undefined) {
      customFindings.push({ path, entry, problem: `name ${q(role.name)} is already used by ${at("customRoles", other)}`, fix: "declare each custom role once: merge the two entries, or rename one" });
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
  const customNames = [...customRoles.keys()];

  // Users.
  const users = new Map<string, number>();
  const emails = new Map<string, number>();
  shaped.users.forEach((user, i) => {
    const key = user.userName.toLowerCase();
    const sameName = users.get(key);
    const sameEmail = emails.get(user.email.toLowerCase());
    if (sameName !== undefined) {
      add(["users", i, "userName"], `userName ${q(user.userName)} is already used by ${at("users", sameName)} (userNames are case-insensitive)`, "declare each user once: merge the two entries, or correct the userName");
    } else {
      users.set(key, i);
    }
    if (sameEmail !== undefined) {
      add(["users", i, "email"], `email ${q(user.email)} is already used by ${at("users", sameEmail)} (emails are case-insensitive)`, "give each user their own email address");
    } else {
      emails.set(user.email.toLowerCase(), i);
    }
    const role = user.organizationRole ?? "member";
    let organizationRole = role;
    if (ORGANIZATION_ROLES.includes(role.toLowerCase())) {
      organizationRole = role.toLowerCase();
    } else if (role.toLowerCase() === "viewer") {
      add(["users", i, "organizationRole"], 'organizationRole "viewer" is deprecated for organizations (W&B assigns member instead)', "use member, or a custom role that inherits from viewer");
    } else if (!customRoles.has(role)) {
      const guess = closest(role, [...ORGANIZATION_ROLES, ...customNames]);
      add(
        ["users", i, "organizationRole"],
        `organizationRole ${q(role)} is neither a predefined organization role nor a custom role of the roster`,
        `${didYouMean(guess, role, " (custom role names are case-sensitive)")}use admin or member, or declare ${q(role)} under customRoles`,
      );
    }
    roster.users.push({
      userName: user.userName,
      email: user.email,
      ...(user.displayName === undefined ? {} : { displayName: user.displayName }),
      organizationRole,
      teams: [],
    });
  });
  const userNamed = (name: string) => {
    const index = users.get(name.toLowerCase());
    return index === undefined ? undefined : roster.users[index];
  };
  const userNames = shaped.users.map((u) => u.userName);
  findings.push(...customFindings);

  /** A team role as canonical: predefined roles in lower case, custom roles as written. */
  const teamRole = (role: string) => (TEAM_ROLES.includes(role.toLowerCase()) ? role.toLowerCase() : role);
  /** Where each member's team role was written (`<team>\n<userName in lower case>`), from either form. */
  const teamRolePlaces = new Map<string, { place: string; role: string; written: string }>();
  const teamRoleKey = (team: string, userName: string) => `${team}\n${userName.toLowerCase()}`;

  // Teams.
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
      const user = userNamed(member);
      if (user === undefined) {
        add(
          ["teams", i, "members", k],
          `members[${k}] ${q(member)} is not a user of the roster`,
          `${didYouMean(closest(member, userNames), member)}add a user ${q(member)} under users, or remove ${q(member)} from the team`,
        );
      } else if (members.includes(user.userName)) {
        add(["teams", i, "members", k], `members[${k}] ${q(member)} is listed twice (userNames are case-insensitive)`, "list each member once");
      } else {
        members.push(user.userName);
        if (other === undefined) user.teams.push(team.name);
      }
    });
    const roles: Record<string, string> = {};
    for (const [member, role] of Object.entries(team.roles)) {
      const path = ["teams", i, "roles", member];
      const user = userNamed(member);
      if (user === undefined || !members.includes(user.userName)) {
        const guess = closest(member, members);
        add(
          path,
          user === undefined
            ? `${q(member)} has a role (${formatField(["roles", member])}) but is neither a member of the team nor a user of the roster`
            : `${q(member)} has a role (${formatField(["roles", member])}) but is not a member of the team`,
          `${didYouMean(guess, member)}${user === undefined ? `add ${q(member)} under users and to members` : `add ${q(member)} to members`}, or remove the role`,
        );
        continue;
      }
      if (roles[user.userName] !== undefined) {
        add(path, `${q(user.userName)} has a second role (${formatField(["roles", member])}; userNames are case-insensitive)`, "give each member one role");
        continue;
      }
      if (other === undefined) {
        teamRolePlaces.set(teamRoleKey(team.name, user.userName), { place: `${at("teams", i)} ${formatField(["roles", member])}`, role: teamRole(role), written: role });
      }
      if (TEAM_ROLES.includes(role.toLowerCase())) {
        roles[user.userName] = role.toLowerCase();
      } else if (customRoles.has(role)) {
        roles[user.userName] = role;
      } else {
        const guess = closest(role, [...TEAM_ROLES, ...customNames]);
        add(
          path,
          `${formatField(["roles", member])} ${q(role)} is neither a predefined team role nor a custom role of the roster`,
          `${didYouMean(guess, role, " (custom role names are case-sensitive)")}use admin, member or viewer, or declare ${q(role)} under customRoles`,
        );
      }
    }
    roster.teams.push({ name: team.name, members, roles });
  });
  const teamNames = [...teams.keys()];

  // Team roles written outside their team: checked as the team's roles are, then merged into them.
  shaped.teamRoles.forEach((grant, i) => {
    const teamIndex = teams.get(grant.team) ?? -1;
    const team = roster.teams[teamIndex];
    const user = userNamed(grant.user);
    if (team === undefined) {
      const guess = closest(grant.team, teamNames);
      const note = guess === undefined ? "" : ` (did you mean ${q(guess)}?${guess.toLowerCase() === grant.team.toLowerCase() ? " Team names are case-sensitive" : ""})`;
      add(["teamRoles", i, "team"], `team ${q(grant.team)} is not declared under teams`, `declare it, or correct the name${note}`);
    }
    if (user === undefined) {
      add(
        ["teamRoles", i, "user"],
        `user ${q(grant.user)} is not a user of the roster`,
        `${didYouMean(closest(grant.user, userNames), grant.user)}add a user ${q(grant.user)} under users, or remove this team role`,
      );
    } else if (team !== undefined && !team.members.includes(user.userName)) {
      add(
        ["teamRoles", i, "user"],
        `${q(user.userName)} is not a member of team ${q(team.name)} (${at("teams", teamIndex)})`,
        `add ${q(user.userName)} to the team's members, or remove this team role`,
      );
    }
    const role = teamRole(grant.role);
    const known = TEAM_ROLES.includes(role) || customRoles.has(role);
    if (!known) {
      const guess = closest(grant.role, [...TEAM_ROLES, ...customNames]);
      add(
        ["teamRoles", i, "role"],
        `role ${q(grant.role)} is neither a predefined team role nor a custom role of the roster`,
        `${didYouMean(guess, grant.role, " (custom role names are case-sensitive)")}use admin, member or viewer, or declare ${q(grant.role)} under customRoles`,
      );
    }
    if (team === undefined || user === undefined || !team.members.includes(user.userName)) return;
    const key = teamRoleKey(team.name, user.userName);
    const earlier = teamRolePlaces.get(key);
    if (earlier === undefined) {
      teamRolePlaces.set(key, { place: at("teamRoles", i), role, written: grant.role });
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

  // Registry roles.
  const granted = new Map<string, number>();
  shaped.registryRoles.forEach((grant, i) => {
    const user = userNamed(grant.user);
    const role = grant.role.toLowerCase();
    if (user === undefined) {
      add(
        ["registryRoles", i, "user"],
        `user ${q(grant.user)} is not a user of the roster`,
        `${didYouMean(closest(grant.user, userNames), grant.user)}add a user ${q(grant.user)} under users, or remove this registry role`,
      );
    } else {
      const key = `${user.userName.toLowerCase()}\n${grant.registry}`;
      const other = granted.get(key);
      if (other !== undefined) {
        add(["registryRoles", i], `${q(user.userName)} already has a role in registry ${q(grant.registry)} (${at("registryRoles", other)})`, "give each user one role per registry: remove one of the two");
      } else {
        granted.set(key, i);
      }
    }
    if (!REGISTRY_ROLES.includes(role)) {
      const custom = customNames.find((name) => name.toLowerCase() === role);
      add(
        ["registryRoles", i, "role"],
        custom === undefined ? `role ${q(grant.role)} is not a registry role` : `role ${q(grant.role)} is a custom role, and registries take only predefined roles`,
        `${custom === undefined ? didYouMean(closest(grant.role, REGISTRY_ROLES), grant.role) : ""}use admin, member, viewer or restricted viewer`,
      );
    }
    roster.registryRoles.push({ user: user?.userName ?? grant.user, registry: grant.registry, role });
  });

  if (deployment === "saas") {
    roster.users.forEach((user, i) => {
      if (user.teams.length === 0 && users.get(user.userName.toLowerCase()) === i) {
        add(
          ["users", i],
          `${q(user.userName)} is in no team, and on the multi-tenant cloud (saas) users join the organization through teams`,
          `add ${q(user.userName)} to the members of a team of the roster`,
        );
      }
    });
  }

  // Roster order: users, custom roles, teams, team roles, registry roles (custom-role findings were collected first).
  const order = ["users", "customRoles", "teams", "teamRoles", "registryRoles"];
  const rank = (f: Finding) => order.indexOf(String(f.path[0]));
  findings.sort((a, b) => rank(a) - rank(b));
  return { roster, findings };
}
