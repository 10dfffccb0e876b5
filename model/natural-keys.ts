// What W&B holds one of: the inputs that name one object (a user's userName, a team's name, an
// assignment's user and team), per kind. Two resources of one program that name the same object
// would both manage it, each undoing the other's writes: the second to claim it is refused, by the
// native plugin at check (per URN) and by the dynamic resources in the program (per resource name).
import type { ResourceKind } from "./resource-kinds";
import { UNKNOWN_VALUE } from "./unknown-value";

export const NATURAL_KEYS: { readonly [K in ResourceKind]: readonly string[] } = {
  User: ["userName"],
  Team: ["name"],
  CustomRole: ["name"],
  TeamMember: ["teamId", "user"],
  OrganizationRoleAssignment: ["user"],
  TeamRoleAssignment: ["teamName", "user"],
  RegistryRoleAssignment: ["registryName", "user"],
  // The Organization's record of what it manages, one per component: it names no W&B object.
  RosterGuard: [],
};

/** The object a resource's inputs name, when every part of its key is known (at preview, an id made by then is not). */
export function naturalKeyOf(kind: ResourceKind, inputs: Record<string, unknown>): string | undefined {
  const parts = NATURAL_KEYS[kind].map((field) => inputs[field]);
  if (parts.length === 0) return undefined;
  if (!parts.every((part): part is string => typeof part === "string" && part !== "" && part !== UNKNOWN_VALUE)) return undefined;
  return `${kind}\u0000${parts.join("\u0000")}`;
}

/** The resources that named each object so far (in one program, or one provider process). */
export class NaturalKeyClaims {
  private readonly claimants = new Map<string, { claimant: string; shown: string }>();

  /**
   * Records that `claimant` (a URN, a resource name; shown to the user as `shown`) names the object
   * its inputs name; what to tell when another resource named it first.
   */
  claim(kind: ResourceKind, inputs: Record<string, unknown>, claimant: string, shown = claimant): string | undefined {
    const key = naturalKeyOf(kind, inputs);
    if (key === undefined) return undefined;
    const first = this.claimants.get(key);
    if (first === undefined || first.claimant === claimant) {
      this.claimants.set(key, { claimant, shown });
      return undefined;
    }
    const fields = NATURAL_KEYS[kind];
    const named = fields.map((field) => `${field} "${String(inputs[field])}"`).join(" and ");
    return (
      `${kind} resources "${first.shown}" and "${shown}" both declare the one W&B object with ${named}: ` +
      "each would undo the other's changes. Declare it once, or give each resource its own " +
      `${fields.join(" and ")}.`
    );
  }
}
