// How inputs given as plain data are read, alike for the functions' arguments and the
// Organization's inputs (from code, or from another language through the engine).

/**
 * The value with the properties that are absent in Pulumi's sense left out, at every depth:
 * undefined, or null (what an invoke or a Construct from another language may send for a
 * property left out).
 */
export function present(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => item !== undefined && item !== null)
      .map(([key, item]) => [key, present(item)]),
  );
}

/** How a value reads after "got": `nothing`, `""`, `5`. */
export function got(value: unknown): string {
  return value === undefined ? "nothing" : JSON.stringify(value);
}
