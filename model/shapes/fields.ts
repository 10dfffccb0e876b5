// The table of a kind's fields: for each, who owns it, how it compares, how it reaches W&B and
// whether changing it replaces the resource. The provider's kit derives each diff from it, the
// natural keys are its key fields, and the package schema marks its replacing fields.
import { isDeepStrictEqual } from "node:util";
import { identityOf, sameIdentity, type Identity } from "../identity";

/**
 * How a field's values compare:
 * - `exact`: as plain values (free text, flags, settings), and objects of them key by key;
 * - an identity (model/identity): names and roles, e.g. a userName ignoring case;
 * - `user`: a user reference, the same as the user recorded in state under any of its names;
 * - `{ set }`: a set whose items compare by that rule: order and duplicates do not matter;
 * - `{ setsByKey }`: a record of such sets (e.g. each team's members): the same keys, each set the same;
 * - `own-id`: names the resource's own id: another id replaces it, none changes nothing;
 * - `never`: consulted only when the resource is created, never a change;
 * - `presence`: whether it is set is a change; the value it holds only names something, for the
 *   messages (e.g. the Organization a child answers to, renamed with aliases: no change).
 */
export type Comparison =
  | "exact"
  | Identity
  | "user"
  | { readonly set: "exact" | Identity | "user" }
  | { readonly setsByKey: "exact" | Identity }
  | "own-id"
  | "never"
  | "presence";

/**
 * How a field reaches W&B: an operation of the object's PATCH (without a path, the value is the
 * attribute itself); the PUT that restates the whole object; `create`, written once by the create
 * (a change replaces the resource); `members`, through the teams' member lists (/Groups);
 * `state`, a setting of the resource that is kept in its state and never sent.
 */
export type Write = { readonly patch: "replace" | "add"; readonly path?: string } | "put" | "create" | "members" | "state";

export type FieldRule =
  /** What the program declares: the diff compares it, and the resource writes it. */
  | {
      readonly owner: "program";
      readonly compare: Comparison;
      readonly write: Write;
      /** A change replaces the resource (the service cannot change it in place). */
      readonly replaces: boolean;
      /** Part of the natural key: what names the one W&B object the resource manages. */
      readonly naturalKey?: true;
      /** Managed only when declared: left out, the resource leaves it alone and the diff does not compare it. */
      readonly optional?: true;
    }
  /**
   * What the service reports: shown, never compared, never written. `activity`: it moves as people
   * work (e.g. when a user was last active): informational, never drift, so a read that finds only
   * it moved is no change of the resource.
   */
  | { readonly owner: "service"; readonly activity?: true };

export type ProgramField = Extract<FieldRule, { owner: "program" }>;

/** One rule per property of the kind's state. */
export type FieldTable<Field extends string = string> = { readonly [F in Field]: FieldRule };

export const serviceField: FieldRule = { owner: "service" };

/** What the service reports of people's activity: informational, never drift. */
export const activityField: FieldRule = { owner: "service", activity: true };

/** The fields of `table` that report activity. */
function activityFields(table: FieldTable): string[] {
  return Object.entries(table).flatMap(([field, rule]) => (rule.owner === "service" && rule.activity === true ? [field] : []));
}

/** `state` without the fields of `table` that report activity: what a read compares with the state recorded. */
export function withoutActivity<State extends object>(table: FieldTable, state: State): State {
  const activity = new Set(activityFields(table));
  return Object.fromEntries(Object.entries(state).filter(([field]) => !activity.has(field))) as State;
}

/** Consulted only when the resource is created (e.g. whether to adopt what exists): never a change. */
export const createSetting = { owner: "program", compare: "never", write: "create", replaces: false } as const satisfies FieldRule;

/** A setting of the resource (e.g. its deletionPolicy): kept in its state, so a change sends nothing. */
export const stateSetting = { owner: "program", compare: "exact", write: "state", replaces: false } as const satisfies FieldRule;

/**
 * A setting kept in the state whose being set is what counts, and whose value only names what the
 * messages name (e.g. `guardedBy`: guarded or not, by the component of that name). Setting or
 * unsetting it is a change that sends nothing; another name alone is no change.
 */
export const namingSetting = { owner: "program", compare: "presence", write: "state", replaces: false } as const satisfies FieldRule;

/** The program's fields of `table`, in its order. */
export function programFields(table: FieldTable): [string, ProgramField][] {
  return Object.entries(table).flatMap(([field, rule]) => (rule.owner === "program" ? [[field, rule] as [string, ProgramField]] : []));
}

/** The rule of a field the program declares; fails when the table has none. */
export function programRule(table: FieldTable, field: string): ProgramField {
  const rule = table[field];
  if (rule?.owner !== "program") throw new Error(`the table has no field "${field}" that the program declares`);
  return rule;
}

/** What the documentation of a replacing field says of its replacement. */
export function replacementSentence(rule: ProgramField): string {
  if (rule.compare === "user") return "Naming another user replaces the resource; naming the same user by its id or its email changes nothing.";
  if (rule.compare === "own-id") return "Naming another id replaces the resource.";
  return "Changing it replaces the resource.";
}

/** A field's documentation as every reader gets it (the package schema, the SDK's types): its description, then what replaces the resource. */
export function fieldDescription(table: FieldTable, field: string, description: string | undefined): string | undefined {
  const rule = table[field];
  if (rule?.owner !== "program" || !rule.replaces) return description;
  const sentence = replacementSentence(rule);
  return description === undefined ? sentence : `${description} ${sentence}`;
}

/**
 * What a resource's documentation says of replacement, from its table: the fields whose change
 * replaces it, or that none does.
 */
export function replacementSummary(table: FieldTable): string {
  const fields = replacingFields(table).map((field) => `\`${field}\``);
  if (fields.length === 0) return "No change replaces it: every change is made in place.";
  const named = fields.length === 1 ? fields[0] : `${fields.slice(0, -1).join(", ")} or ${fields.at(-1)}`;
  return `Changing ${named} replaces it; every other change is made in place.`;
}

/** The fields whose change replaces the resource. */
export function replacingFields(table: FieldTable): string[] {
  return programFields(table).flatMap(([field, rule]) => (rule.replaces ? [field] : []));
}

/** Whether the resource writes the field to W&B and guards it: a change outside Pulumi can touch it. */
const isOwned = (rule: ProgramField): boolean => rule.write !== "state" && rule.compare !== "never" && rule.compare !== "own-id";

/** The fields the resource writes to W&B and guards: those a change outside Pulumi can touch. */
export function ownedFields(table: FieldTable): string[] {
  return programFields(table).flatMap(([field, rule]) => (isOwned(rule) ? [field] : []));
}

/** The program's fields the resource does not own: settings kept in its state, or consulted when it is created. */
export function settingFields(table: FieldTable): string[] {
  return programFields(table).flatMap(([field, rule]) => (isOwned(rule) ? [] : [field]));
}

/** The owned fields of a table, as a type: those `ownedFields` lists. */
export type OwnedField<T extends FieldTable> = {
  [F in keyof T]: T[F] extends { readonly owner: "program"; readonly write: infer W; readonly compare: infer C }
    ? [W] extends ["state"]
      ? never
      : [C] extends ["never" | "own-id"]
        ? never
        : F
    : never;
}[keyof T] &
  string;

/** The settings of a table, as a type: those `settingFields` lists. */
export type SettingField<T extends FieldTable> = Exclude<{ [F in keyof T]: T[F] extends { readonly owner: "program" } ? F : never }[keyof T] & string, OwnedField<T>>;

/** The values `values` holds of `fields`, those it leaves undefined left out. */
export function valuesOf<V extends object, F extends keyof V & string>(values: V, fields: readonly F[]): Partial<Pick<V, F>> {
  const held: Partial<Pick<V, F>> = {};
  for (const field of fields) if (values[field] !== undefined) held[field] = values[field];
  return held;
}

/** How a field holding one value compares: by its identity, or exactly; a user reference by SCIM id or caseless email. */
export function valueRule(compare: Comparison): Identity | "exact" {
  if (compare === "user") return "userReference";
  if (typeof compare !== "string" || compare === "own-id" || compare === "never" || compare === "presence") {
    throw new Error(`a field holding one value compares by one rule: ${JSON.stringify(compare)} is none`);
  }
  return compare;
}

/** A value of a field whose items or value compare by `rule`, in the form that equal values share. */
export function comparable(rule: "exact" | Identity, value: string): string {
  return rule === "exact" ? value : identityOf(rule, value);
}

/** How two values of the field holding one value that `rule` describes compare. */
export function sameOf(rule: FieldRule): (a: unknown, b: unknown) => boolean {
  if (rule.owner !== "program") throw new Error("a field the service reports is never compared");
  const by = valueRule(rule.compare);
  return (a, b) => sameValue(by, a, b);
}

/** Whether two values of a field that compares by value or identity are the same. */
export function sameValue(rule: "exact" | Identity, a: unknown, b: unknown): boolean {
  if (rule === "exact" || typeof a !== "string" || typeof b !== "string") return isDeepStrictEqual(a, b);
  return sameIdentity(rule, a, b);
}
