// How the resources compare values: sets, and states as a whole.
export function sameSet(a: readonly string[] = [], b: readonly string[] = [], fold: (s: string) => string = (s) => s): boolean {
  const left = new Set(a.map(fold));
  const right = new Set(b.map(fold));
  return left.size === right.size && [...left].every((item) => right.has(item));
}


/**
 * Whether two states hold the same values, whatever the order of their keys (array order counts), as
 * their JSON would: a key whose value is undefined is no key. Walked, not serialized: a refresh
 * compares every resource's state.
 */
export function sameState(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameState(item, b[i]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = definedKeys(a);
  return keys.length === definedKeys(b).length && keys.every((key) => sameState(a[key], b[key]));
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object";
const definedKeys = (record: Record<string, unknown>) => Object.keys(record).filter((key) => record[key] !== undefined);
