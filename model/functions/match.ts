// Matching and suggestion helpers shared by the lookup functions.
import { foldCase, sameIgnoringCase } from "../../service/case-folding";
import { editDistance } from "../../service/spelling";
import { sameIdentity, type Identity } from "../identity";
import { WandbLookupError } from "./errors";

/** Code-unit order: the same on every machine and locale, so sorted results never cause diffs. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function sortedBy<T>(items: readonly T[], ...keys: ((item: T) => string)[]): T[] {
  return [...items].sort((a, b) => {
    for (const key of keys) {
      const order = compareStrings(key(a), key(b));
      if (order !== 0) return order;
    }
    return 0;
  });
}

/**
 * Candidates ranked by closeness to `needle`: equal ignoring case first, then equal to the part
 * after the last `/` ignoring case (a model id without its publisher), then by case-insensitive
 * edit distance; ties in code-unit order.
 */
export function rankByCloseness(needle: string, candidates: readonly string[]): { value: string; distance: number }[] {
  const lower = foldCase(needle);
  const score = (candidate: string): number => {
    const c = foldCase(candidate);
    if (c === lower) return 0;
    if (c.slice(c.lastIndexOf("/") + 1) === lower.slice(lower.lastIndexOf("/") + 1)) return 1;
    return 2 + editDistance(lower, c);
  };
  return [...new Set(candidates)]
    .map((value) => ({ value, distance: score(value) }))
    .sort((a, b) => a.distance - b.distance || compareStrings(a.value, b.value));
}

/** Up to `limit` candidates that are plausibly what was meant (close relative to the length). */
export function plausibleSuggestions(needle: string, candidates: readonly string[], limit = 3): string[] {
  // Scores of edit-distance candidates are offset by 2 (see rankByCloseness).
  const threshold = 2 + Math.max(3, Math.ceil(needle.length / 3));
  return rankByCloseness(needle, candidates)
    .filter((c) => c.distance <= threshold)
    .slice(0, limit)
    .map((c) => c.value);
}

export const quote = (value: string): string => JSON.stringify(value);
export const quoteAll = (values: readonly string[]): string => values.map(quote).join(", ");

export interface LookupSpec<T> {
  /** The public function, e.g. `getTeam`. */
  function: string;
  /** What kind of thing, e.g. `team`. */
  noun: string;
  /** The argument searched by, e.g. `name`, and its value. */
  field: string;
  value: string;
  /** The attribute compared with `value`. */
  key: (item: T) => string;
  /**
   * How the key compares (model/identity): an exact match wins, otherwise a match by identity is
   * accepted when unique (a caseless key's other spellings); a key that compares exactly offers a
   * match ignoring case as "did you mean".
   */
  identity: Identity;
  /** How one match is named in an ambiguity error, e.g. `"alice" (id abc)`. */
  describe: (item: T) => string;
  /** Where the search happened, e.g. `in the W&B organization at https://...`. */
  where: string;
  /** How many were searched, shown in not-found errors. */
  searchedCount: number;
  /** Suggest close keys when nothing matched (turn off for personal data such as emails). */
  suggest: boolean;
  /** Appended to every not-found error: what to do next. */
  notFoundHint: string;
}

/** The one item whose key matches, or a WandbLookupError: never a silent pick among several. */
export function findExactlyOne<T>(items: readonly T[], spec: LookupSpec<T>): T {
  const searched = { [spec.field]: spec.value };
  const exact = items.filter((item) => spec.key(item) === spec.value);
  if (exact.length === 1 && exact[0] !== undefined) return exact[0];
  if (exact.length > 1) {
    throw ambiguous(
      spec,
      exact,
      `${exact.length} ${spec.noun}s have ${spec.field} ${quote(spec.value)}`,
      `Rename all but one in W&B, or refer to the ${spec.noun} by its id instead.`,
    );
  }

  const same = items.filter((item) => sameIdentity(spec.identity, spec.key(item), spec.value));
  if (same.length === 1 && same[0] !== undefined) return same[0];
  if (same.length > 1) {
    throw ambiguous(
      spec,
      same,
      `no ${spec.noun} has ${spec.field} exactly ${quote(spec.value)}, and ${same.length} match it ignoring case`,
      `Use the exact ${spec.field}, with its case, of the one you mean.`,
    );
  }

  const base = `no ${spec.noun} with ${spec.field} ${quote(spec.value)} ${spec.where} (searched ${spec.searchedCount}).`;
  const keys = items.map(spec.key);
  // Nothing matched by identity: a key that differs only in case is what was meant.
  const folded = items.filter((item) => sameIgnoringCase(spec.key(item), spec.value));
  if (folded.length > 0) {
    const names = sortedBy(folded.map(spec.key), (k) => k);
    throw new WandbLookupError({
      kind: "not-found",
      function: spec.function,
      searched,
      candidates: names,
      message: `${base} ${capitalise(spec.noun)} ${spec.field}s are case-sensitive: did you mean ${names.map(quote).join(" or ")}? ${spec.notFoundHint}`,
    });
  }
  const suggestions = spec.suggest ? plausibleSuggestions(spec.value, keys) : [];
  const closest = suggestions.length > 0 ? ` Closest: ${quoteAll(suggestions)}.` : "";
  throw new WandbLookupError({
    kind: "not-found",
    function: spec.function,
    searched,
    candidates: suggestions,
    message: `${base}${closest} ${spec.notFoundHint}`,
  });
}

/** The one item with this name, compared as `lookup.identity` says (teams and custom roles: exactly). */
export function findByName<T extends { id: string; name: string }>(
  items: readonly T[],
  lookup: Pick<LookupSpec<T>, "function" | "noun" | "value" | "where" | "notFoundHint" | "identity">,
): T {
  return findExactlyOne(items, {
    ...lookup,
    field: "name",
    key: (item) => item.name,
    describe: (item) => `${quote(item.name)} (id ${item.id})`,
    searchedCount: items.length,
    suggest: true,
  });
}

function ambiguous<T>(spec: LookupSpec<T>, matches: readonly T[], what: string, remedy: string): WandbLookupError {
  const described = sortedBy(matches.map(spec.describe), (d) => d);
  return new WandbLookupError({
    kind: "ambiguous",
    function: spec.function,
    searched: { [spec.field]: spec.value },
    candidates: described,
    message: `${what} ${spec.where}: ${described.join(", ")}. Refusing to pick one. ${remedy}`,
  });
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
