// How the review reads a resource's inputs and outputs out of a preview: through the kind's state
// shape (model/shapes), one reader per kind, every field optional (inputs are a part of the state,
// and a preview may not know a value yet). Renaming a field in a shape breaks the review's build.
import { z } from "zod";
import type { ResourceKind } from "../model/resource-kinds";
import type { ResourceStep } from "./preview-json";
import { SHAPES } from "../model/shapes";
import { memberInputs, memberState } from "../model/shapes/organization-members";
import { UNKNOWN_VALUE } from "../model/unknown-value";

/** A state shape with every field optional, and unknown keys (another release's) left out. */
const partialOf = <S extends z.core.$ZodLooseShape>(state: z.ZodObject<S>) => z.object(state.shape).partial();

/** The state shape of a kind that adopts by natural key, with what its check says of a create's adoption (`adopted`, an input only). */
const adoptingOf = <S extends z.core.$ZodLooseShape, A extends z.ZodType>(state: z.ZodObject<S>, adopted: A) => partialOf(state.extend({ adopted }));

export const STATE_READERS = {
  User: adoptingOf(SHAPES.User.outputs, SHAPES.User.inputs.shape.adopted),
  Team: adoptingOf(SHAPES.Team.outputs, SHAPES.Team.inputs.shape.adopted),
  TeamMember: partialOf(SHAPES.TeamMember.outputs),
  CustomRole: adoptingOf(SHAPES.CustomRole.outputs, SHAPES.CustomRole.inputs.shape.adopted),
  OrganizationRoleAssignment: partialOf(SHAPES.OrganizationRoleAssignment.outputs),
  TeamRoleAssignment: partialOf(SHAPES.TeamRoleAssignment.outputs),
  RegistryRoleAssignment: partialOf(SHAPES.RegistryRoleAssignment.outputs),
  ServiceAccount: partialOf(SHAPES.ServiceAccount.outputs),
  RosterGuard: partialOf(SHAPES.RosterGuard.outputs),
  // Its inputs (before, after) and its state (recorded) hold people alike, the state's with their ids and ETags.
  // A person new to it is told as a User's create is: `adopted`, said by the check, is an input only.
  OrganizationMembers: partialOf(
    SHAPES.OrganizationMembers.outputs.extend({ members: z.record(z.string(), memberState.extend({ adopted: memberInputs.shape.adopted }).partial()) }),
  ),
} as const satisfies { readonly [K in ResourceKind]: z.ZodType };


/** A state the preview shows that this release's shape of its kind does not read. */
export class UnreadableStateError extends Error {}

/**
 * Properties of a resource as `reader` (its kind's) reads them. A property the engine does not know
 * yet (the unknown marker in place of a whole value) is left out; within a list it stays, to be told.
 */
export function readState<State>(reader: z.ZodType<State>, kind: ResourceKind, name: string, properties: Record<string, unknown>): State {
  const known = Object.fromEntries(Object.entries(properties).filter(([, value]) => value !== UNKNOWN_VALUE));
  const read = reader.safeParse(known);
  if (read.success) return read.data;
  const issue = read.error.issues[0];
  throw new UnreadableStateError(
    `the preview's ${kind} "${name}" has a ${issue?.path.join(".") || "property"} this release of pulumi-wandb does not read ` +
      `(${issue?.message ?? "unreadable"}): review the preview with the pulumi-wandb version the stack runs.`,
  );
}

/** A step's states as its kind's reader reads them: before and after the change, and as recorded before it. */
export function statesOf<State>(reader: z.ZodType<State>, step: ResourceStep) {
  const read = (properties: Record<string, unknown> | undefined) => (properties === undefined ? undefined : readState(reader, step.kind, step.name, properties));
  return { before: read(step.before), after: read(step.after), recorded: readState(reader, step.kind, step.name, step.recorded) };
}
