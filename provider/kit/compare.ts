// How the resources compare values: sets, and text with an optional fold.
export function sameSet(a: readonly string[] = [], b: readonly string[] = [], fold: (s: string) => string = (s) => s): boolean {
  const left = new Set(a.map(fold));
  const right = new Set(b.map(fold));
  return left.size === right.size && [...left].every((item) => right.has(item));
}

export const caseInsensitive = (s: string): string => s.toLowerCase();

export function sameText(a: string | undefined, b: string | undefined, fold: (s: string) => string = (s) => s): boolean {
  return (a === undefined ? undefined : fold(a)) === (b === undefined ? undefined : fold(b));
}


/** Whether two states hold the same values, whatever the order of their keys (array order counts). */
export function sameState(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}
