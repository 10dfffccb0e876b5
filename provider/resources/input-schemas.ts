// Input schemas shared by several resources, each failing with a message that says what to do.
import { z } from "zod";

export const adoptExisting = z
  .boolean({ error: "adoptExisting must be true or false" })
  .default(false);

/** What W&B takes as an email address: something@something, no spaces. */
export const EMAIL_ADDRESS = /^[^@\s]+@[^@\s]+$/;

/** A permission of a custom role: `<object>:<operation>` in lower case. */
export const PERMISSION_NAME = /^[a-z][a-z_]*:[a-z][a-z_]*$/;

/** Predefined role names per scope (compared case-insensitively); `viewer` is deprecated as an organization role. */
export const ORGANIZATION_ROLES = ["admin", "member", "viewer"] as const;
export const TEAM_ROLES = ["admin", "member", "viewer"] as const;
export const REGISTRY_ROLES = ["admin", "member", "viewer", "restricted viewer"] as const;

export const permissionName = z
  .string()
  .trim()
  .regex(PERMISSION_NAME, 'each permission is "<object>:<operation>" in lower case, e.g. "run:stop"');

/** Predefined role names compare case-insensitively, so they are stored in lower case. */
export const predefinedBaseRole = z
  .string({ error: 'inheritedFrom is required: "member" or "viewer", the predefined role this custom role extends' })
  .trim()
  .toLowerCase()
  .pipe(z.enum(["member", "viewer"], { error: 'inheritedFrom must be "member" or "viewer"' }));

/** A user by SCIM id or by email address. */
export const userReference = z
  .string({ error: "user is required: the user's SCIM id or email address" })
  .trim()
  .min(1, "user must not be empty: give the user's SCIM id or email address");

/** A user reference containing "@" is an email address; anything else is a SCIM id. */
export function isEmailReference(ref: string): boolean {
  return ref.includes("@");
}

/** How user references compare: emails ignoring case, ids exactly. */
export function memberReferenceKey(ref: string): string {
  const trimmed = ref.trim();
  return isEmailReference(trimmed) ? trimmed.toLowerCase() : trimmed;
}
