import type { PatchOperation } from "./model";
import { valuePath } from "./scim-filter";

/**
 * The PATCH operations that change a team's members and nobody else: one `add` of the users
 * joining, one filtered `remove` per user leaving (the forms W&B documents).
 */
export function membershipOperations(change: { add?: readonly string[]; remove?: readonly string[] }): PatchOperation[] {
  const add = change.add ?? [];
  return [
    ...(add.length > 0 ? [{ op: "add" as const, path: "members", value: add.map((value) => ({ value })) }] : []),
    ...(change.remove ?? []).map((user) => ({ op: "remove" as const, path: valuePath("members", "value", user) })),
  ];
}
