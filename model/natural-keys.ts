// What W&B holds one of: the inputs that name one object (a user's userName, a team's name, an
// assignment's user and team), per kind: the natural key fields of its table, each compared by
// its identity (model/identity), so that `Ana` and `ana` name one user. Two resources of one
// program that name the same object would both manage it, each undoing the other's writes: the
// second to claim it is refused, by the native plugin at check (per URN) and by the dynamic
// resources in the program (per resource name), both on the inputs as check stores them.
import type { Identity } from "./identity";
import type { z } from "zod";
import type { ResourceKind } from "./resource-kinds";
import { UNKNOWN_VALUE } from "./unknown-value";
import { SHAPES } from "./shapes";
import { comparable, valueRule, programFields, type FieldTable } from "./shapes/fields";

interface KeyField {
  field: string;
  identity: Identity | "exact";
}

/** The fields that name a kind's object, in its table's order, each with how it compares. */
export function naturalKeyFields(kind: ResourceKind): KeyField[] {
  const fields: FieldTable = SHAPES[kind].fields;
  return programFields(fields).flatMap(([field, rule]) => (rule.naturalKey ? [{ field, identity: valueRule(rule.compare) }] : []));
}

/** The object a resource's checked inputs name, when every part of its key is known (at preview, an id made by then is not). */
export function naturalKeyOf(kind: ResourceKind, inputs: Record<string, unknown>): string | undefined {
  const keyFields = naturalKeyFields(kind);
  if (keyFields.length === 0) return undefined;
  const parts: string[] = [];
  for (const { field, identity } of keyFields) {
    const part = inputs[field];
    if (typeof part !== "string" || part === "" || part === UNKNOWN_VALUE) return undefined;
    parts.push(comparable(identity, part));
  }
  return [kind, ...parts].join("\u0000");
}

/**
 * The key fields of a program's `written` inputs as check stores them (trimmed, canonical); a
 * field check refuses is left out, so that it names nothing (check tells what is wrong with it).
 */
export function checkedKeyFields(kind: ResourceKind, written: Record<string, unknown>): Record<string, unknown> {
  const inputs: z.ZodObject = SHAPES[kind].inputs;
  return Object.fromEntries(naturalKeyFields(kind).flatMap(({ field }) => {
    const checked = inputs.shape[field]?.safeParse(written[field]);
    return checked?.success ? [[field, checked.data]] : [];
  }));
}

/** How a resource's inputs (or state) name its object, for messages: `userName "ana"`, `teamId "t1" and user "bo@x.io"`. */
export function namedBy(kind: ResourceKind, inputs: Record<string, unknown>): string {
  return naturalKeyFields(kind)
    .map(({ field }) => `${field} "${String(inputs[field])}"`)
    .join(" and ");
}

/** The userNames a set of people (an OrganizationMembers) declares, each the key of a User; undefined for any other kind. */
function peopleOf(kind: ResourceKind, inputs: Record<string, unknown>): string[] | undefined {
  if (kind !== "OrganizationMembers") return undefined;
  const members = inputs["members"];
  return typeof members === "object" && members !== null ? Object.keys(members) : [];
}

/** The resources that named each object so far (in one program, or one provider process). */
export class NaturalKeyClaims {
  /** Each object's first claimant, `described` as the messages name it: `"ana"`, or `"people" members["ana"]`. */
  private readonly claimants = new Map<string, { claimant: string; described: string; named: string }>();

  /**
   * Records that `claimant` (a URN, a resource name; shown to the user as `shown`) names the object
   * its checked inputs name; what to tell when another resource named it first. A set of people
   * (OrganizationMembers) names each of its people, as a User would.
   */
  claim(kind: ResourceKind, inputs: Record<string, unknown>, claimant: string, shown = claimant): string | undefined {
    const people = peopleOf(kind, inputs);
    if (people === undefined) return this.#claim(kind, inputs, claimant, `"${shown}"`);
    for (const userName of people) {
      const problem = this.#claim("User", { userName }, `${claimant}\u0000${userName}`, `"${shown}" members[${JSON.stringify(userName)}]`);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }

  #claim(kind: ResourceKind, inputs: Record<string, unknown>, claimant: string, described: string): string | undefined {
    const key = naturalKeyOf(kind, inputs);
    if (key === undefined) return undefined;
    const fields = naturalKeyFields(kind).map(({ field }) => field);
    const named = namedBy(kind, inputs);
    const first = this.claimants.get(key);
    if (first === undefined || first.claimant === claimant) {
      this.claimants.set(key, { claimant, described, named });
      return undefined;
    }
    const spelling = first.named === named ? "" : ` (which ${first.described} writes ${first.named}: W&B takes both for one)`;
    return (
      `${kind} resources ${first.described} and ${described} both declare the one W&B object with ${named}${spelling}: ` +
      "each would undo the other's changes. Declare it once, or give each resource its own " +
      `${fields.join(" and ")}.`
    );
  }
}
