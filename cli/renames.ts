// A resource renamed in code without an alias reaches the preview as a delete under the old name and
// a create under the new one, both of one W&B object: read together, as one change from the old
// inputs to the new ones, they are a rename, not a removal and an arrival.
import { firstNames } from "../model/first-names";
import { naturalKeyOf } from "../model/natural-keys";
import { identityOf as userNameIdentity } from "../model/identity";
import { heldByTheSet } from "../model/shapes/organization-members";
import type { Rename } from "./access-ledger";
import { objectOf, type ResourceStep } from "./preview-json";

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

/** How many of the people moved into one set a rename names. */
const MOVES_NAMED = 5;

/**
 * People moved in code from a User each into an OrganizationMembers (an Organization's compact
 * layout): the Users' deletes read as the people the set held before, so that each person's change
 * is from their User to their place in the set, not a departure and an arrival. One rename per set.
 */
export function withPeopleMoved(steps: readonly ResourceStep[]): { steps: ResourceStep[]; renames: Rename[] } {
  const deletedUsers = new Map<string, ResourceStep>();
  for (const step of steps) {
    const userName = step.kind === "User" && step.op === "delete" ? (step.before ?? step.recorded)["userName"] : undefined;
    if (typeof userName === "string") deletedUsers.set(userNameIdentity("userName", userName), step);
  }
  const moved = new Set<ResourceStep>();
  const renames: Rename[] = [];
  const merged = steps.map((step): ResourceStep => {
    if (step.kind !== "OrganizationMembers" || step.op === "delete" || deletedUsers.size === 0) return step;
    const held = step.op === "create" ? {} : objectOf((step.before ?? step.recorded)["members"]);
    const heldKeys = new Set(Object.keys(held).map((key) => userNameIdentity("userName", key)));
    const arrivals = Object.keys(objectOf(step.after?.["members"])).filter((key) => !heldKeys.has(userNameIdentity("userName", key)));
    const fromUsers = arrivals.flatMap((key) => {
      const user = deletedUsers.get(userNameIdentity("userName", key));
      if (user === undefined || moved.has(user)) return [];
      moved.add(user);
      const state = user.op === "delete" ? { ...user.recorded, ...user.before } : {};
      return [[key, Object.fromEntries(Object.entries(state).filter(([field]) => !heldByTheSet(field)))] as const];
    });
    if (fromUsers.length === 0) return step;
    const names = fromUsers.map(([userName]) => userName);
    const shown = firstNames(names, MOVES_NAMED);
    renames.push({ kind: "User", from: shown, to: `OrganizationMembers ${step.name}` });
    const settings = step.op === "create" ? { adoptExisting: step.after?.["adoptExisting"], deletionPolicy: step.after?.["deletionPolicy"] } : {};
    const withMoved = (state: Record<string, unknown>) => ({ ...settings, ...state, members: { ...objectOf(state["members"]), ...Object.fromEntries(fromUsers) } });
    return { ...step, op: "update", before: withMoved(step.op === "create" ? {} : (step.before ?? {})), recorded: withMoved(step.op === "create" ? {} : step.recorded) };
  });
  return { steps: merged.filter((step) => !moved.has(step)), renames };
}

/**
 * People moved in code out of an OrganizationMembers into a User each (an Organization's compact
 * layout, a person made an admin): the set's step lets them go, and each User's create
 * reads as a change from the person the set held, not an arrival and a departure. One rename per set.
 */
export function withPeopleMovedOut(steps: readonly ResourceStep[]): { steps: ResourceStep[]; renames: Rename[] } {
  const createdUsers = new Map<string, ResourceStep>();
  for (const step of steps) {
    const userName = step.kind === "User" && step.op === "create" ? step.after?.["userName"] : undefined;
    if (typeof userName === "string") createdUsers.set(userNameIdentity("userName", userName), step);
  }
  if (createdUsers.size === 0) return { steps: [...steps], renames: [] };
  const movedTo = new Map<ResourceStep, ResourceStep>();
  const renames: Rename[] = [];
  const lettingGo = steps.map((step): ResourceStep => {
    if (step.kind !== "OrganizationMembers" || step.op !== "update") return step;
    const [held, recorded] = [objectOf(step.before?.["members"]), objectOf(step.recorded["members"])];
    const staying = new Set(Object.keys(objectOf(step.after?.["members"])).map((key) => userNameIdentity("userName", key)));
    const leaving = [...new Set([...Object.keys(held), ...Object.keys(recorded)])].filter((key) => !staying.has(userNameIdentity("userName", key)));
    const moved = leaving.flatMap((key) => {
      const user = createdUsers.get(userNameIdentity("userName", key));
      if (user === undefined || movedTo.has(user)) return [];
      const settings = { adoptExisting: step.before?.["adoptExisting"], deletionPolicy: step.before?.["deletionPolicy"] ?? step.recorded["deletionPolicy"] };
      const person = (members: Record<string, unknown>) => (members[key] === undefined ? undefined : { userName: key, ...settings, ...objectOf(members[key]) });
      movedTo.set(user, { ...user, op: "update", before: person(held), recorded: person(recorded) ?? {} });
      return [key];
    });
    if (moved.length === 0) return step;
    const names = firstNames(moved, MOVES_NAMED);
    const to = moved.length === 1 ? `User ${createdUsers.get(userNameIdentity("userName", moved[0]!))!.name}` : "a User each";
    renames.push({ kind: "OrganizationMembers", from: `${step.name} ${names}`, to });
    const gone = new Set(moved);
    const without = (members: Record<string, unknown>) => Object.fromEntries(Object.entries(members).filter(([key]) => !gone.has(key)));
    return { ...step, before: { ...step.before, members: without(held) }, recorded: { ...step.recorded, members: without(recorded) } };
  });
  return { steps: lettingGo.map((step) => movedTo.get(step) ?? step), renames };
}
