// Who gains and loses what in a preview: each step on a wandb resource read as changes of people's
// access (organization role, teams, team roles, registry roles, custom organization role), of
// teams' members and of custom roles' permissions. People are named by userName where the preview
// tells it, else by email, else by SCIM id.
import { errorsOf, recordedResources, resourceSteps, UNKNOWN, type PreviewJson, type RecordedResource, type ResourceStep } from "./preview-json";

export interface TeamChange {
  added: string[];
  removed: string[];
}

export interface CustomRoleChange {
  status: "created" | "deleted" | "changed";
  added: string[];
  removed: string[];
  /** Other changes, e.g. of the role it inherits from. */
  notes: string[];
}

/** What a line is about, in the order a person's lines are shown. */
export enum Aspect {
  Organization,
  OrganizationRole,
  Team,
  TeamRole,
  RegistryRole,
}

export interface AccessChanges {
  /** Per person (display name), what the change gives and takes, one line each, by aspect. */
  people: Map<string, { aspect: Aspect; line: string }[]>;
  joining: string[];
  leaving: string[];
  teams: Map<string, TeamChange>;
  customRoles: Map<string, CustomRoleChange>;
  /** The guard rails' verdicts, per Organization component whose roster changes. */
  verdicts: Map<string, string[]>;
  /** The errors the preview failed with (a guard rail's refusal among them). */
  refusals: string[];
  engineSummary: Record<string, number>;
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== UNKNOWN ? value : undefined);
const texts = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const field = (step: ResourceStep, key: string): string | undefined => text(step.after?.[key]) ?? text(step.before?.[key]) ?? text(step.recorded[key]);

/** Who the preview's SCIM ids and emails stand for, from every step that tells. */
class People {
  readonly #byId = new Map<string, { userName?: string; email?: string }>();
  readonly #userNameByEmail = new Map<string, string>();
  readonly #teamNameById = new Map<string, string>();

  constructor(resources: readonly RecordedResource[]) {
    for (const { kind, id, state } of resources) {
      if (kind === "User") {
        const userName = text(state["userName"]);
        const email = text(state["email"]);
        if (id !== undefined) this.#know(id, { ...(userName ? { userName } : {}), ...(email ? { email } : {}) });
        if (email && userName) this.#userNameByEmail.set(email.toLowerCase(), userName);
      }
      const name = text(state["name"]);
      if (kind === "Team" && id !== undefined && name) this.#teamNameById.set(id, name);
      const userId = text(state["userId"]);
      const userEmail = text(state["userEmail"]);
      if (userId && userEmail) this.#know(userId, { email: userEmail });
      const memberEmails = state["memberEmails"];
      if (typeof memberEmails === "object" && memberEmails !== null) {
        for (const [id, email] of Object.entries(memberEmails)) if (text(email)) this.#know(id, { email: String(email) });
      }
    }
  }

  #know(id: string, facts: { userName?: string; email?: string }): void {
    this.#byId.set(id, { ...this.#byId.get(id), ...facts });
  }

  /** A user reference (SCIM id or email) as a person's name; undefined while unknown (a user this change creates). */
  name(reference: unknown): string | undefined {
    const ref = text(reference);
    if (ref === undefined) return undefined;
    const known = this.#byId.get(ref);
    const email = known?.email ?? (ref.includes("@") ? ref : undefined);
    return known?.userName ?? (email ? this.#userNameByEmail.get(email.toLowerCase()) ?? email : ref);
  }

  team(id: unknown): string | undefined {
    const ref = text(id);
    return ref === undefined ? undefined : this.#teamNameById.get(ref) ?? ref;
  }
}

/** The last part of a component child's name: `acme/<userName>`, `acme/<team>/<userName>`, `acme/<registry>/<userName>`. */
const lastSegment = (name: string) => name.split("/").at(-1) ?? name;
const middleSegments = (name: string) => name.split("/").slice(1, -1).join("/");

const ORGANIZATION_ROLES = new Set(["admin", "member", "viewer"]);
const describedRole = (role: string) => (ORGANIZATION_ROLES.has(role.toLowerCase()) ? role : `${role} (custom role)`);

export function accessChanges(preview: PreviewJson): AccessChanges {
  const steps = resourceSteps(preview);
  const people = new People(recordedResources(preview));
  const changes: AccessChanges = {
    people: new Map(),
    joining: [],
    leaving: [],
    teams: new Map(),
    customRoles: new Map(),
    verdicts: new Map(),
    refusals: errorsOf(preview),
    engineSummary: preview.changeSummary ?? {},
  };
  // People are grouped ignoring case, as W&B compares userNames; the first spelling seen is shown.
  const spelling = new Map<string, string>();
  const say = (person: string, aspect: Aspect, line: string) => {
    const shown = spelling.get(person.toLowerCase()) ?? person;
    spelling.set(person.toLowerCase(), shown);
    changes.people.set(shown, [...(changes.people.get(shown) ?? []), { aspect, line }]);
  };
  const team = (name: string) => {
    let change = changes.teams.get(name);
    if (!change) changes.teams.set(name, (change = { added: [], removed: [] }));
    return change;
  };
  const join = (person: string, teamName: string) => {
    say(person, Aspect.Team, `joins team ${teamName}`);
    team(teamName).added.push(person);
  };
  const leave = (person: string, teamName: string) => {
    say(person, Aspect.Team, `leaves team ${teamName}`);
    team(teamName).removed.push(person);
  };
  const membership = (teamName: string, before: readonly string[], after: readonly string[]) => {
    const had = new Set(before.map((name) => name.toLowerCase()));
    const has = new Set(after.map((name) => name.toLowerCase()));
    for (const person of after) if (!had.has(person.toLowerCase())) join(person, teamName);
    for (const person of before) if (!has.has(person.toLowerCase())) leave(person, teamName);
  };

  // A component's roster record names every member, users this change creates included: its teams
  // are read from it, not from the Team resources (whose new members have no id yet).
  const recordedRosters = new Set(steps.filter((step) => step.kind === "RosterGuard").map((step) => step.organization));
  const membershipFromRecord = (step: ResourceStep) => step.organization !== undefined && recordedRosters.has(step.organization);

  /** The person an assignment or membership is about: a component child names it; else its user reference does. */
  const personOf = (step: ResourceStep, key: string): string =>
    (step.organization !== undefined ? lastSegment(step.name) : undefined) ??
    people.name(step.after?.[key]) ??
    people.name(step.before?.[key]) ??
    people.name(step.recorded["userId"]) ??
    "a user this change creates";

  const roleChange = (step: ResourceStep, key: string, where: string, onDelete: string) => {
    const shown = (role: string | undefined) => (role !== undefined && key === "role" ? describedRole(role) : role);
    const before = shown(text(step.before?.[key]));
    const after = shown(text(step.after?.[key]));
    if (step.op === "create") return `${where}gains ${key === "role" ? "organization role" : "role"} ${after ?? "(known once applied)"}`;
    if (step.op === "delete") return `${where}loses ${key === "role" ? "organization role" : "role"} ${before ?? "?"}${onDelete}`;
    return text(step.before?.[key]) === text(step.after?.[key]) ? undefined : `${where}${key === "role" ? "organization role" : "role"} ${before ?? "?"} → ${after ?? "(known once applied)"}`;
  };

  for (const step of steps) {
    switch (step.kind) {
      case "User": {
        const person = field(step, "userName") ?? "a user";
        const role = (from: Record<string, unknown> | undefined) => text(from?.["organizationRole"]);
        if (step.op === "create") {
          say(person, Aspect.Organization, `joins the organization${role(step.after) ? ` as ${role(step.after)}` : ""}`);
          changes.joining.push(person);
        } else if (step.op === "delete") {
          const deactivated = text(step.before?.["deletionPolicy"]) === "deactivate";
          const was = role(step.before) ?? text(step.recorded["organizationRole"]);
          say(person, Aspect.Organization, `${deactivated ? "is deactivated" : "leaves the organization"}${was ? ` (was ${describedRole(was)})` : ""}`);
          changes.leaving.push(person);
        } else {
          const before = role(step.before);
          const after = role(step.after);
          // Before, the role may have been left to an OrganizationRoleAssignment (whose own step tells it) or to nobody.
          if (after !== undefined && before !== after) {
            say(person, Aspect.OrganizationRole, before === undefined ? `organization role set to ${after}` : `organization role ${before} → ${after}`);
          }
          if (step.before?.["active"] !== false && step.after?.["active"] === false) say(person, Aspect.Organization, "is deactivated");
          if (step.before?.["active"] === false && step.after?.["active"] !== false) say(person, Aspect.Organization, "is reactivated");
        }
        // On the multi-tenant cloud a user writes its own teams, by name.
        if (!membershipFromRecord(step) && (step.before?.["teams"] !== undefined || step.after?.["teams"] !== undefined)) {
          const names = (from: Record<string, unknown> | undefined) => texts(from?.["teams"]).flatMap((name) => text(name) ?? []);
          const before = names(step.before);
          const after = names(step.after);
          for (const teamName of after) if (!before.includes(teamName)) join(person, teamName);
          for (const teamName of before) if (!after.includes(teamName)) leave(person, teamName);
        }
        break;
      }
      case "Team": {
        const teamName = field(step, "name") ?? step.name;
        if (membershipFromRecord(step)) break;
        const named = (references: unknown[]) => references.flatMap((reference) => people.name(reference) ?? []);
        const unknownMembers = texts(step.after?.["members"]).filter((reference) => text(reference) === undefined).length;
        const before = step.op === "create" ? [] : named(texts(step.recorded["memberIds"] ?? step.before?.["members"]));
        const emptied = step.op === "delete" && (text(step.before?.["deletionPolicy"]) ?? "empty") === "empty";
        const after = step.op === "delete" ? (emptied ? [] : before) : named(texts(step.after?.["members"]));
        membership(teamName, before, after);
        if (unknownMembers > 0) team(teamName).added.push(`${unknownMembers} user(s) this change creates`);
        break;
      }
      case "TeamMember": {
        if (step.op === "update") break;
        const teamName = people.team(field(step, "teamId")) ?? "a team this change creates";
        const person = personOf(step, "user");
        if (step.op === "create") join(person, teamName);
        else leave(person, teamName);
        break;
      }
      case "OrganizationRoleAssignment": {
        const line = roleChange(step, "role", "", ", back to member");
        if (line) say(personOf(step, "user"), Aspect.OrganizationRole, line);
        break;
      }
      case "TeamRoleAssignment": {
        const teamName = field(step, "teamName") ?? middleSegments(step.name);
        const line = roleChange(step, "roleName", `team ${teamName}: `, ", back to member");
        if (line) say(personOf(step, "user"), Aspect.TeamRole, line);
        break;
      }
      case "RegistryRoleAssignment": {
        const registry = field(step, "registryName") ?? middleSegments(step.name);
        const line = roleChange(step, "roleName", `registry ${registry}: `, "");
        if (line) say(personOf(step, "user"), Aspect.RegistryRole, line);
        break;
      }
      case "CustomRole": {
        const name = field(step, "name") ?? step.name;
        const permissions = (from: Record<string, unknown> | undefined) => texts(from?.["permissions"]).flatMap((p) => text(p) ?? []);
        const before = permissions(step.before);
        const after = permissions(step.after);
        const inherited = [text(step.before?.["inheritedFrom"]), text(step.after?.["inheritedFrom"])];
        const notes = step.op === "update" && inherited[0] !== inherited[1] ? [`inherits from ${inherited[1] ?? "?"} (was ${inherited[0] ?? "?"})`] : [];
        const change: CustomRoleChange = {
          status: step.op === "create" ? "created" : step.op === "delete" ? "deleted" : "changed",
          added: after.filter((permission) => !before.includes(permission)),
          removed: before.filter((permission) => !after.includes(permission)),
          notes,
        };
        if (change.status !== "changed" || change.added.length + change.removed.length + notes.length > 0) changes.customRoles.set(name, change);
        break;
      }
      case "RosterGuard": {
        const organization = step.organization ?? step.name;
        const verdicts = texts(step.after?.["verdicts"]).flatMap((verdict) => text(verdict) ?? []);
        if (verdicts.length > 0) changes.verdicts.set(organization, verdicts);
        const teamsOf = (from: Record<string, unknown> | undefined): Record<string, string[]> => {
          const teams = from?.["teams"];
          if (typeof teams !== "object" || teams === null) return {};
          return Object.fromEntries(Object.entries(teams).map(([name, members]) => [name, texts(members).flatMap((m) => text(m) ?? [])]));
        };
        const before = teamsOf(step.before);
        const after = teamsOf(step.after);
        for (const teamName of new Set([...Object.keys(before), ...Object.keys(after)])) {
          membership(teamName, before[teamName] ?? [], after[teamName] ?? []);
        }
        break;
      }
    }
  }
  return changes;
}
