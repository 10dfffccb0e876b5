// What changed between two states of a resource, field by field, as its table (model/shapes/fields)
// says each field compares: the diff's changed and replacing fields, the fields a 412's re-read or a
// takeover finds differing (and how each stands to what was seen and declared), and the set changes
// a preview shows item by item.
import { namesRecordedUser } from "../../model/identity";
import type { Identity } from "../../model/identity";
import { comparable, programFields, programRule, sameOf, sameValue, type FieldTable, type ProgramField } from "../../model/shapes/fields";
import { setReading, valueReading, type FieldReading } from "./conflict";
import { setChange, type SetChange } from "./set-change";

type Values = Readonly<Record<string, unknown>>;

export interface FieldChanges {
  /** The changed fields, in the table's order. */
  readonly changed: string[];
  /** Those whose change replaces the resource. */
  readonly replaces: string[];
  /** What joins and leaves each set field declared on both sides. */
  readonly sets: Record<string, SetChange>;
}

export interface ChangeContext {
  /** The resource's id, which an `own-id` field names. */
  readonly id?: string;
  /** The user a reference names, as the state tells, for a set of users. */
  readonly userOf?: (reference: string) => string;
  /** Only these fields are compared; by default every field of the program. */
  readonly only?: readonly string[];
}

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : undefined;

/** The fields of `news` that differ from `olds` (the state, or the object as it is) under `table`. */
export function fieldChanges(table: FieldTable, olds: Values, news: Values, context: ChangeContext = {}): FieldChanges {
  const changed: string[] = [];
  const replaces: string[] = [];
  const sets: Record<string, SetChange> = {};
  for (const [field, rule] of programFields(table)) {
    if (context.only !== undefined && !context.only.includes(field)) continue;
    if (rule.optional && news[field] === undefined) continue;
    const set = setChangeOf(rule, olds[field], news[field], context);
    if (set !== undefined) sets[field] = set;
    if (!differs(rule, olds[field], news[field], olds, set, context)) continue;
    changed.push(field);
    if (rule.replaces) replaces.push(field);
  }
  return { changed, replaces, sets };
}

function setChangeOf(rule: ProgramField, old: unknown, now: unknown, context: ChangeContext): SetChange | undefined {
  if (typeof rule.compare !== "object" || !("set" in rule.compare)) return undefined;
  const [before, after] = [strings(old), strings(now)];
  if (before === undefined || after === undefined) return undefined;
  const items = rule.compare.set;
  const fold = items === "user" ? (context.userOf ?? ((reference: string) => comparable("userReference", reference))) : (item: string) => comparable(items, item);
  return setChange(before, after, fold);
}

function differs(rule: ProgramField, old: unknown, now: unknown, olds: Values, set: SetChange | undefined, context: ChangeContext): boolean {
  const compare = rule.compare;
  if (compare === "never") return false;
  if (compare === "presence") return (old === undefined) !== (now === undefined);
  if (compare === "own-id") return now !== undefined && now !== context.id;
  if (compare === "user") return typeof now !== "string" || !namesRecordedUser(now, recordedUser(olds));
  if (typeof compare === "object" && "setsByKey" in compare) return !sameSetsByKey(compare.setsByKey, old, now);
  // A set declared on one side only starts or stops being managed.
  if (typeof compare === "object") return set === undefined ? old !== now : set.added.length + set.removed.length > 0;
  return !sameValue(compare, old, now);
}

/** Whether two records of sets hold the same keys, each with the same set (items compared by `items`). */
function sameSetsByKey(items: "exact" | Identity, old: unknown, now: unknown): boolean {
  const setsOf = (value: unknown) =>
    new Map(Object.entries(isRecord(value) ? value : {}).map(([key, set]) => [key, new Set((strings(set) ?? []).map((item) => comparable(items, item)))]));
  const [before, after] = [setsOf(old), setsOf(now)];
  return before.size === after.size && [...after].every(([key, set]) => {
    const was = before.get(key);
    return was !== undefined && was.size === set.size && [...set].every((item) => was.has(item));
  });
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === "object" && value !== null && !Array.isArray(value);

/** What a state records of the user it names. */
function recordedUser(state: Values): { user?: string; userId?: string; userEmail?: string } {
  const text = (key: string) => (typeof state[key] === "string" ? { [key]: state[key] } : {});
  return { ...text("user"), ...text("userId"), ...text("userEmail") };
}

/**
 * Each of `fields` as a re-read finds it (`live`), beside what Pulumi last saw and what it declares,
 * by the rule its table gives: a value, or a set item by item. A field neither seen nor declared is
 * not Pulumi's to judge, and is not read.
 */
export function fieldReadings(
  table: FieldTable,
  fields: readonly string[],
  values: { seen: Values; declared: Values; live: (field: string) => unknown },
): FieldReading[] {
  return fields.flatMap((field) => {
    const rule = programRule(table, field);
    const [seen, declared] = [values.seen[field], values.declared[field]];
    if (seen === undefined && declared === undefined) return [];
    const live = values.live(field);
    if (typeof rule.compare !== "object") return [valueReading(field, { seen, declared, live }, sameOf(rule))];
    if (!("set" in rule.compare)) throw new Error(`${field}: a record of sets is compared, never re-read`);
    const items = rule.compare.set;
    return [setReading(field, { seen: strings(seen), declared: strings(declared), live: strings(live) ?? [] }, (item) => comparable(items === "user" ? "userReference" : items, item))];
  });
}
