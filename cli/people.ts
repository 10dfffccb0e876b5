// Who the preview's SCIM ids, emails and URNs stand for, from every resource state it shows (a
// `--refresh` preview shows them all): people are named by userName where the preview tells it,
// else by email; never by the engine's unknown marker.
import { readState, STATE_READERS } from "./kind-states";
import type { RecordedResource } from "./preview-json";
import { identityOf } from "../model/identity";

interface Known {
  userName?: string;
  email?: string;
}

export class People {
  readonly #byId = new Map<string, Known>();
  readonly #userNameByEmail = new Map<string, string>();
  readonly #emailByUserName = new Map<string, string>();
  readonly #teamNameById = new Map<string, string>();
  readonly #userNameByUrn = new Map<string, string>();
  readonly #teamNameByUrn = new Map<string, string>();

  constructor(resources: readonly RecordedResource[]) {
    for (const resource of resources) this.#learn(resource);
  }

  #learn({ kind, urn, id, state }: RecordedResource): void {
    const name = `${kind} ${urn}`;
    if (kind === "User") {
      const { userName, email } = readState(STATE_READERS.User, kind, name, state);
      if (id !== undefined) this.#know(id, { userName, email });
      if (userName !== undefined) this.#userNameByUrn.set(urn, userName);
      if (email !== undefined && userName !== undefined) {
        this.#userNameByEmail.set(identityOf("email", email), userName);
        this.#emailByUserName.set(identityOf("userName", userName), email);
      }
    } else if (kind === "Team") {
      const team = readState(STATE_READERS.Team, kind, name, state);
      if (team.name !== undefined) this.#teamNameByUrn.set(urn, team.name);
      if (id !== undefined && team.name !== undefined) this.#teamNameById.set(id, team.name);
      for (const [userId, email] of Object.entries(team.memberEmails ?? {})) this.#know(userId, { email });
    } else if (kind === "OrganizationMembers") {
      const { members = {} } = readState(STATE_READERS.OrganizationMembers, kind, name, state);
      for (const [userName, { id: userId, email }] of Object.entries(members)) {
        if (userId !== undefined) this.#know(userId, { userName, email });
        if (email !== undefined) {
          this.#userNameByEmail.set(identityOf("email", email), userName);
          this.#emailByUserName.set(identityOf("userName", userName), email);
        }
      }
    } else if (kind !== "CustomRole" && kind !== "RosterGuard" && kind !== "ServiceAccount") {
      const { userId, userEmail } = readState(STATE_READERS[kind], kind, name, state);
      if (userId !== undefined && userEmail !== undefined) this.#know(userId, { email: userEmail });
    }
  }

  #know(id: string, facts: Known): void {
    const known = { ...this.#byId.get(id) };
    if (facts.userName !== undefined) known.userName = facts.userName;
    if (facts.email !== undefined) known.email = facts.email;
    this.#byId.set(id, known);
  }

  /** A user reference (SCIM id or email) as a person's name; undefined when there is none. */
  name(reference: string | undefined): string | undefined {
    if (reference === undefined) return undefined;
    const known = this.#byId.get(reference);
    const email = known?.email ?? (reference.includes("@") ? reference : undefined);
    return known?.userName ?? (email === undefined ? reference : (this.#userNameByEmail.get(identityOf("email", email)) ?? email));
  }

  team(id: string | undefined): string | undefined {
    return id === undefined ? undefined : (this.#teamNameById.get(id) ?? id);
  }

  /** A person's email, by their userName (any case) where a User's state tells it, or the email the name already is. */
  emailOf(person: string): string | undefined {
    return this.#emailByUserName.get(identityOf("userName", person)) ?? (person.includes("@") ? person : undefined);
  }

  /** The userNames of the users these URNs name (an input's dependencies): who a value not known yet stands for. */
  usersOf(urns: readonly string[]): string[] {
    return urns.flatMap((urn) => this.#userNameByUrn.get(urn) ?? []);
  }

  /** The name of the team one of these URNs names. */
  teamOf(urns: readonly string[]): string | undefined {
    return urns.map((urn) => this.#teamNameByUrn.get(urn)).find((name) => name !== undefined);
  }
}
