// Telling a misspelt name from the names it was meant to be: the roster's keys and names, the
// lookups' suggestions, the stack config's keys.
import { foldCase } from "./case-folding";

/** Levenshtein distance (insertions, deletions, substitutions), two rows of memory. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The candidate `word` was most likely meant to be (case aside, a typo or two away), if any is close enough. */
export function closest<T extends string>(word: string, candidates: Iterable<T>): T | undefined {
  let best: T | undefined;
  let bestDistance = Infinity;
  const folded = foldCase(word);
  for (const candidate of candidates) {
    const distance = editDistance(folded, foldCase(candidate));
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best !== undefined && bestDistance <= Math.min(2, Math.floor(word.length / 3) + 1) ? best : undefined;
}
