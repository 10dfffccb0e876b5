import { sameIgnoringCase } from "./case-folding";
import type { PatchOperation, TeamMember } from "./model";
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

/**
 * Whether a team member is a person rather than an organization service account. The member's own
 * non-empty `type` (RFC 7643: "User" for a user) decides; W&B sends it empty, and GET /Users never
 * returns service accounts, so otherwise a member is a person when `knownUsers` (the organization's
 * user list, and any user recorded as such) holds it.
 */
export function isPersonMember({ id, type }: TeamMember, knownUsers: { has(id: string): boolean }): boolean {
  return type ? sameIgnoringCase(type, "User") : knownUsers.has(id);
}
