// A resource renamed in code without an alias reaches the preview as a delete under the old name and
// a create under the new one, both of one W&B object: read together, as one change from the old
// inputs to the new ones, they are a rename, not a removal and an arrival.
import { naturalKeyOf } from "../model/natural-keys";
import type { Rename } from "./access-ledger";
import type { ResourceStep } from "./preview-json";

/** A component's child by its name within the component, which a rename of the component keeps. */
const nameInComponent = (step: ResourceStep): string | undefined =>
  step.organization === undefined ? undefined : `${step.kind}\u0000${step.name.slice(step.organization.length)}`;

/**
 * What a resource stands for across a rename: the W&B object its inputs name, else (a value not
 * known yet, e.g. the id of a user the same change takes over) its name within its component.
 */
function identityOf(step: ResourceStep, inputs: Record<string, unknown> | undefined): string | undefined {
  return naturalKeyOf(step.kind, inputs ?? {}) ?? nameInComponent(step);
}

/** The steps with each delete and create of one object made one update from the old inputs; and the renames. */
export function withRenames(steps: readonly ResourceStep[]): { steps: ResourceStep[]; renames: Rename[] } {
  const deleted = new Map<string, ResourceStep>();
  for (const step of steps.filter((each) => each.op === "delete")) {
    // Known by both: the create of its new name may know its object only by its name in the component.
    for (const identity of [identityOf(step, step.before), nameInComponent(step)]) if (identity !== undefined) deleted.set(identity, step);
  }
  const paired = new Set<ResourceStep>();
  const renames: Rename[] = [];
  const merged = steps.map((step): ResourceStep => {
    const identity = step.op === "create" ? identityOf(step, step.after) : undefined;
    const old = identity === undefined ? undefined : deleted.get(identity);
    if (old === undefined || paired.has(old)) return step;
    paired.add(old);
    renames.push({ kind: step.kind, from: old.name, to: step.name });
    return { ...step, op: "update", before: old.before, recorded: old.recorded, renamedFrom: old.name };
  });
  renames.sort((a, b) => a.to.localeCompare(b.to, "en"));
  return { steps: merged.filter((step) => !paired.has(step)), renames };
}
