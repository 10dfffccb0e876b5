// What reading one step needs of the whole preview: the ledger it writes to, who ids and URNs stand
// for, which resources are new, which teams a roster record tells; and how the review names the
// person a step is about and a role.
import { UNKNOWN_VALUE } from "../model/unknown-value";
import { ORGANIZATION_ROLES } from "../model/vocabulary";
import type { Adoption, Ledger } from "./access-ledger";
import type { People } from "./people";
import type { ResourceStep } from "./preview-json";
import { phrase, type Phrase } from "./quoted-text";
import { identityOf } from "../model/identity";

export interface ReviewContext {
  ledger: Ledger;
  people: People;
  /** The URNs of the resources this preview creates: their ids are not known yet. */
  created: ReadonlySet<string>;
  /** Whether a step's team membership is told by its component's roster record, which names every member by userName. */
  membershipFromRecord(step: ResourceStep): boolean;
  /** Each team's members by userName in the roster records, before and after: compared once every step is read. */
  recordedTeams: { before: Map<string, string[]>; after: Map<string, string[]> };
  /** How each person (by userName, ignoring case) and each team this preview creates with adoptExisting or importId is taken. */
  adoptions: { people: ReadonlyMap<string, Adoption>; teams: ReadonlyMap<string, Adoption> };
  /** The teams a roster record tells the change leaves to the identity provider (membersFrom: idp), recorded before the Team said so itself. */
  teamsLeftToIdentityProvider: ReadonlySet<string>;
}

/** How a create with these inputs takes its object; undefined for a create that does not adopt. */
export function adoptionOf(inputs: { adoptExisting?: boolean; importId?: string; adopted?: boolean } | undefined): Adoption | undefined {
  if (inputs?.importId !== undefined) return "adopted";
  if (inputs?.adoptExisting !== true) return undefined;
  return inputs.adopted === undefined ? "undetermined" : inputs.adopted ? "adopted" : "created";
}

const A_NEW_USER = "a user this change creates";

/** The users this change creates that an input names: by userName where its dependencies tell it, else counted. */
export function newUsersIn(step: ResourceStep, input: string, unknown: number, { people, created }: ReviewContext): string[] {
  if (unknown === 0) return [];
  const named = people.usersOf((step.dependsOn[input] ?? []).filter((urn) => created.has(urn)));
  if (named.length === unknown) return named;
  return [unknown === 1 ? A_NEW_USER : `${unknown} users this change creates`];
}

/** The person an assignment or membership is about: a component child's name tells it; else its user reference, or the user it waits for. */
export function personOf(step: ResourceStep, reference: string | undefined, context: ReviewContext): string {
  if (step.organization !== undefined) return step.name.split("/").at(-1) ?? step.name;
  const known = reference === undefined || reference === UNKNOWN_VALUE ? undefined : context.people.name(reference);
  return known ?? newUsersIn(step, "user", 1, context)[0] ?? A_NEW_USER;
}

/** A role as the review names it: a custom role says so. */
export const describedRole = (role: string): Phrase =>
  ORGANIZATION_ROLES.some((predefined) => predefined === identityOf("organizationRole", role)) ? phrase`${role}` : phrase`${role} (custom role)`;
