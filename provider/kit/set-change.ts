// Set-valued inputs (permissions, members) change by what joins and what leaves, not by position.
// Dynamic providers cannot hand the engine a detailed diff, so the preview names the change in a
// line of its own, beside the engine's position-wise view of the list.
import type { EngineOutput } from "./engine-output";

export interface SetChange {
  added: string[];
  removed: string[];
}

/** What `after` adds to `before` and what it drops, items compared after `fold`. */
export function setChange(before: readonly string[], after: readonly string[], fold: (item: string) => string = (item) => item): SetChange {
  const had = new Set(before.map(fold));
  const has = new Set(after.map(fold));
  return {
    added: after.filter((item) => !had.has(fold(item))),
    removed: before.filter((item) => !has.has(fold(item))),
  };
}

/** `permissions of custom role "ops": + run:delete, - project:delete`; undefined when nothing changes. */
export function describeSetChange(property: string, owner: string, change: SetChange): string | undefined {
  const items = [...change.added.map((item) => `+ ${item}`), ...change.removed.map((item) => `- ${item}`)];
  return items.length === 0 ? undefined : `${property} of ${owner}: ${items.join(", ")}`;
}

/** Shows a set change in the preview (the provider's output reaches the engine's). */
export function reportSetChange(output: EngineOutput, property: string, owner: string, change: SetChange): void {
  const line = describeSetChange(property, owner, change);
  if (line !== undefined) output.tell(line);
}
