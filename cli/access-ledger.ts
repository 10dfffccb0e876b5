// What the review found, as it is found: per person the lines of what they gain and lose, per team
// who is added, removed or adopted with it, per custom role its permissions; people grouped ignoring
// case, as W&B compares userNames.
import { phrase, type Phrase } from "./quoted-text";
import { identityOf } from "../model/identity";
import type { AuditLogReading, ChangedObject, ChangeOutsideCode } from "../model/audit-attribution";
import type { OutsideCodeReport } from "../model/outside-code";

/** A person as the review names them, by userName or else by email: both compare ignoring case. */
export const personKey = (name: string): string => identityOf("userName", name);

/** What a line is about, in the order a person's lines are shown. */
export enum Aspect {
  Organization,
  OrganizationRole,
  Seats,
  Team,
  TeamRole,
  RegistryRole,
}

/**
 * How a create takes its object: `adopted` where W&B holds it (importId, or adoptExisting and the
 * check found it), `created` where it does not, `undetermined` where the check could not read W&B.
 */
export type Adoption = "adopted" | "created" | "undetermined";

/** The kinds of role an adoption records as declared where W&B does not show them, as the review names them. */
export const UNVERIFIED_KINDS = {
  organization: "organization roles",
  custom: "custom organization roles",
  team: "team roles",
  registry: "registry roles",
} as const;

export interface PersonLine {
  aspect: Aspect;
  line: Phrase;
  /**
   * A line that changes no access by itself: an adoption (taken over as W&B holds it, where the object
   * exists), or a person the change leaves as W&B holds them.
   */
  adoption: boolean;
  /**
   * In a drift preview, the change made in W&B that the line puts back, and who and what it was about:
   * what W&B's audit log is searched for.
   */
  undoes?: { change: ChangeOutsideCode; object: ChangedObject };
}

export interface TeamChange {
  added: string[];
  removed: string[];
  /** Members taken over with the team (adoptExisting, importId): in it already. */
  adopted: string[];
  /** Why the change leaves the team as W&B holds it, members included, though the code no longer declares it. */
  left?: Phrase;
  /** Whether the team is adopted (its `adopted` members are in it already) or may be (undetermined: else they join it). */
  adoption?: Adoption;
}

export interface CustomRoleChange {
  status: "created" | "deleted" | "changed";
  /** How a role created with adoptExisting is taken: adopted as W&B holds it (no change of access), or perhaps. */
  adoption?: Adoption;
  added: string[];
  removed: string[];
  /** Other changes, e.g. of the role it inherits from. */
  notes: Phrase[];
}

export interface Rename {
  kind: string;
  from: string;
  to: string;
}

export interface AccessChanges {
  /** Per person (display name), what the change gives and takes, one line each, by aspect. */
  people: Map<string, PersonLine[]>;
  joining: string[];
  leaving: string[];
  /** People taken over as W&B holds them (importId, or adoptExisting where the preview found them in W&B). */
  adopted: string[];
  /** People declared with adoptExisting whom the preview could not look for in W&B: adopted if it holds them, else joining. */
  adoptedOrJoining: string[];
  /**
   * Per kind of role (organization, custom organization, team, registry), the roles an adoption
   * records as declared: W&B's documented API does not show them, so they are not verified.
   */
  unverified: Map<string, { person: string; holding: Phrase }[]>;
  teams: Map<string, TeamChange>;
  customRoles: Map<string, CustomRoleChange>;
  /** Resources renamed in code without an alias: one W&B object each, deleted under one name and created under the other. */
  renames: Rename[];
  /** The guard rails' verdicts, per Organization component whose roster changes. */
  verdicts: Map<string, string[]>;
  /** What W&B held outside each Organization's roster, as its record last reported it (a refresh, or its write). */
  outside: Map<string, OutsideCodeReport>;
  /** What W&B's audit log held of access when each Organization's record was last refreshed (`wandb:auditLog`). */
  auditLogs: Map<string, AuditLogReading>;
  /** The errors the preview failed with (a guard rail's refusal among them), each its message alone. */
  refusals: string[];
  engineSummary: Record<string, number>;
}

export class Ledger {
  readonly changes: AccessChanges;
  /** The first spelling seen of each person, by lower case. */
  readonly #spelling = new Map<string, string>();

  /** A person's email where the preview tells it: what W&B's audit log names people by. */
  readonly #emailOf: (person: string) => string | undefined;

  constructor(refusals: string[], engineSummary: Record<string, number>, emailOf: (person: string) => string | undefined = () => undefined) {
    this.#emailOf = emailOf;
    this.changes = {
      people: new Map(),
      joining: [],
      leaving: [],
      adopted: [],
      adoptedOrJoining: [],
      unverified: new Map(),
      teams: new Map(),
      customRoles: new Map(),
      renames: [],
      verdicts: new Map(),
      outside: new Map(),
      auditLogs: new Map(),
      refusals,
      engineSummary,
    };
  }

  say(person: string, aspect: Aspect, line: Phrase, adoption = false): void {
    this.#add(person, { aspect, line, adoption });
  }

  /** A line that, in a drift preview, puts back `change`, made in W&B to `person` (in `team`). */
  sayUndoing(person: string, aspect: Aspect, line: Phrase, change: ChangeOutsideCode, team?: string): void {
    this.#add(person, { aspect, line, adoption: false, undoes: { change, object: { email: this.#emailOf(person), ...(team === undefined ? {} : { team }) } } });
  }

  #add(person: string, line: PersonLine): void {
    const shown = this.#spelling.get(personKey(person)) ?? person;
    this.#spelling.set(personKey(person), shown);
    this.changes.people.set(shown, [...(this.changes.people.get(shown) ?? []), line]);
  }

  /** A role of `kind` (e.g. `team roles`) that `person` holds, which an adoption records as declared, unverified. */
  unverified(kind: string, person: string, holding: Phrase): void {
    this.changes.unverified.set(kind, [...(this.changes.unverified.get(kind) ?? []), { person: this.spelled(person), holding }]);
  }

  /** A person as the review spells them: as first said. */
  spelled(person: string): string {
    return this.#spelling.get(personKey(person)) ?? person;
  }

  team(name: string): TeamChange {
    let change = this.changes.teams.get(name);
    if (!change) this.changes.teams.set(name, (change = { added: [], removed: [], adopted: [] }));
    return change;
  }

  join(person: string, team: string): void {
    this.sayUndoing(person, Aspect.Team, phrase`joins team ${team}`, "leftTeam", team);
    this.team(team).added.push(person);
  }

  leave(person: string, team: string): void {
    this.sayUndoing(person, Aspect.Team, phrase`leaves team ${team}`, "joinedTeam", team);
    this.team(team).removed.push(person);
  }

  /**
   * Members before and after, compared ignoring case; the members of a team W&B holds are taken over
   * with it, not joining (of a team it may hold, said so); those of a team created join it.
   */
  membership(team: string, before: readonly string[], after: readonly string[], adoption?: Adoption): void {
    const had = new Set(before.map(personKey));
    const has = new Set(after.map(personKey));
    for (const person of after.filter((name) => !had.has(personKey(name)))) {
      if (adoption === undefined || adoption === "created") this.join(person, team);
      else {
        const line = adoption === "adopted" ? phrase`in team ${team}, adopted with it` : phrase`in team ${team}, adopted with it if W&B holds it, else joins it`;
        this.say(person, Aspect.Team, line, true);
        Object.assign(this.team(team), { adoption }).adopted.push(person);
      }
    }
    for (const person of before) if (!has.has(personKey(person))) this.leave(person, team);
  }
}
