// Input schemas shared by several resources, each failing with a message that says what to do.
import { z } from "zod";
import { BASE_ROLES, EMAIL_ADDRESS, PERMISSION_NAME } from "../../api/vocabulary";

export const adoptExisting = z
  .boolean({ error: "adoptExisting must be true or false" })
  .default(false);

export const permissionName = z
  .string()
  .trim()
  .regex(PERMISSION_NAME, 'each permission is "<object>:<operation>" in lower case, e.g. "run:stop"');

/** Predefined role names compare case-insensitively, so they are stored in lower case. */
export const predefinedBaseRole = z
  .string({ error: 'inheritedFrom is required: "member" or "viewer", the predefined role this custom role extends' })
  .trim()
  .toLowerCase()
  .pipe(z.enum(BASE_ROLES, { error: 'inheritedFrom must be "member" or "viewer"' }));

/** A user by SCIM id or by email address. */
export const userReference = z
  .string({ error: "user is required: the user's SCIM id or email address" })
  .trim()
  .min(1, "user must not be empty: give the user's SCIM id or email address");

/** A user by SCIM id or email, checked for shape only: it is resolved at create, never at preview. */
export const userReferenceInput = userReference.refine(
  (reference) => !/\s/.test(reference) && (!reference.includes("@") || EMAIL_ADDRESS.test(reference)),
  "user must be the user's SCIM id (e.g. `user.id` of a wandb.User) or their email address",
);

/** A role name input: predefined names lower-cased, custom names as written (checked by the service at create). */
export function roleNameInput(property: string, hint: string) {
  return z
    .string({ error: `${property} is required: ${hint}` })
    .trim()
    .min(1, `${property} must not be empty: ${hint}`);
}
