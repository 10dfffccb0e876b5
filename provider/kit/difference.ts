// What a diff found, property by property. The native door hands it to the engine as the
// resource's detailed diff, so that a preview shows a set's items joining and leaving instead of
// list edits by position; the dynamic protocol cannot carry one (kit/set-change tells it instead).
import type * as pulumi from "@pulumi/pulumi";
import type { SetChange } from "./set-change";

export type PropertyChangeKind = "add" | "delete" | "update";

/** A diff's result, with the changed input paths (`name`, `permissions[1]`) when the kind knows them. */
export interface Difference extends pulumi.dynamic.DiffResult {
  readonly detailedDiff?: Readonly<Record<string, PropertyChangeKind>>;
}

type Properties = Readonly<Record<string, unknown>>;

const listOf = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

/**
 * The detailed diff of the `changed` top-level properties. A set-valued one (in `sets`) names each
 * item: one that joins by its index in the new inputs, one that leaves by its index in the recorded
 * state, as the engine reads them. Any other is added, deleted or updated as a whole.
 */
export function propertyChanges(
  olds: Properties,
  news: Properties,
  changed: readonly string[],
  sets: Readonly<Record<string, SetChange>> = {},
): Record<string, PropertyChangeKind> {
  const detailed: Record<string, PropertyChangeKind> = {};
  for (const property of changed) {
    const set = sets[property];
    if (set !== undefined && olds[property] !== undefined && news[property] !== undefined) {
      for (const item of set.added) detailed[`${property}[${listOf(news[property]).indexOf(item)}]`] = "add";
      // An item that leaves from the index where another joins: the engine shows the one as replaced by the other.
      for (const item of set.removed) {
        const path = `${property}[${listOf(olds[property]).indexOf(item)}]`;
        detailed[path] = detailed[path] === "add" ? "update" : "delete";
      }
    } else {
      detailed[property] = olds[property] === undefined ? "add" : news[property] === undefined ? "delete" : "update";
    }
  }
  return detailed;
}

/** A diff result's `detailedDiff` when anything changed; nothing when nothing did. */
export function detailed(changes: Record<string, PropertyChangeKind>): Pick<Difference, "detailedDiff"> {
  return Object.keys(changes).length === 0 ? {} : { detailedDiff: changes };
}
