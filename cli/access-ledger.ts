// What the review found, as it is found: per person the lines of what they gain and lose, per team
// who is added, removed or adopted with it, per custom role its permissions; people grouped ignoring
// case, as W&B compares userNames.
import { phrase, type Phrase } from "./quoted-text";
import { identityOf } from "../model/identity";
import type { OutsideCodeReport } from "../model/outside-code";

/** A person as the review names them, by userName or else by email: both compare ignoring case. */
const personKey = (name: string): string => identityOf("userName", name);

/** What a line is about, in the order a person's lines are shown. */
export enum Aspect {
  Organization,
  OrganizationRole,
  Seats,
  Team,
  TeamRole,
  RegistryRole,
}

export interface PersonLine {
  aspect: Aspect;
  line: Phrase;
  /**
   * A line that changes no access by itself: an adoption (taken over as W&B holds it, where the object
   * exists), or a person the change leaves as W&B holds them.
   */
  adoption: boolean;
}

export interface TeamChange {
  added: string[];
  removed: string[];
  /** Members taken over with the team (adoptExisting): in it already, unless the team is new. */
  adopted: string[];
  /** Why the change leaves the team as W&B holds it, members included, though the code no longer declares it. */
  left?: Phrase;
}

export interface CustomRoleChange {
  status: "created" | "deleted" | "changed";
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
  /** People taken over as they are (adoptExisting, importId): they join only if W&B does not have them yet. */
  adopted: string[];
  teams: Map<string, TeamChange>;
  customRoles: Map<string, CustomRoleChange>;
  /** Resources renamed in code without an alias: one W&B object each, deleted under one name and created under the other. */
  renames: Rename[];
  /** The guard rails' verdicts, per Organization component whose roster changes. */
  verdicts: Map<string, string[]>;
  /** What W&B held outside each Organization's roster, as its record last reported it (a refresh, or its write). */
  outside: Map<string, OutsideCodeReport>;
  /** The errors the preview failed with (a guard rail's refusal among them), each its message alone. */
  refusals: string[];
  engineSummary: Record<string, number>;
}

export class Ledger {
  readonly changes: AccessChanges;
  /** The first spelling seen of each person, by lower case. */
  readonly #spelling = new Map<string, string>();

  constructor(refusals: string[], engineSummary: Record<string, number>) {
    this.changes = {
      people: new Map(),
      joining: [],
      leaving: [],
      adopted: [],
      teams: new Map(),
      customRoles: new Map(),
      renames: [],
      verdicts: new Map(),
      outside: new Map(),
      refusals,
      engineSummary,
    };
  }

  say(person: string, aspect: Aspect, line: Phrase, adoption = false): void {
    const shown = this.#spelling.get(personKey(person)) ?? person;
    this.#spelling.set(personKey(person), shown);
    this.changes.people.set(shown, [...(this.changes.people.get(shown) ?? []), { aspect, line, adoption }]);
  }

  team(name: string): TeamChange {
    let change = this.changes.teams.get(name);
    if (!change) this.changes.teams.set(name, (change = { added: [], removed: [], adopted: [] }));
    return change;
  }

  join(person: string, team: string): void {
    this.say(person, Aspect.Team, phrase`joins team ${team}`);
    this.team(team).added.push(person);
  }

  leave(person: string, team: string): void {
    this.say(person, Aspect.Team, phrase`leaves team ${team}`);
    this.team(team).removed.push(person);
  }

  /** Members before and after, compared ignoring case; an adopted team's members are taken over with it, not joining. */
  membership(team: string, before: readonly string[], after: readonly string[], adopted = false): void {
    const had = new Set(before.map(personKey));
    const has = new Set(after.map(personKey));
    for (const person of after.filter((name) => !had.has(personKey(name)))) {
      if (!adopted) this.join(person, team);
      else {
        this.say(person, Aspect.Team, phrase`in team ${team}, adopted with it`, true);
        this.team(team).adopted.push(person);
      }
    }
    for (const person of before) if (!has.has(personKey(person))) this.leave(person, team);
  }
}
