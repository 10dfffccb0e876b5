// What the resources that name a user share: the user reference (SCIM id or email) resolved at create,
// role names with their case rules, and the user as it is now.
import { z } from "zod";
import type { ScimUser } from "../client";
import { requireFound } from "../resource-kit";
import { clients } from "../runtime";
import { EMAIL_ADDRESS, isEmailReference, memberReferenceKey, userReference } from "./input-schemas";

/** A user by SCIM id or email, checked for shape only: it is resolved at create, never at preview. */
export const userReferenceInput = userReference.refine(
  (reference) => !/\s/.test(reference) && (!reference.includes("@") || EMAIL_ADDRESS.test(reference)),
  "user must be the user's SCIM id (e.g. `user.id` of a wandb.User) or their email address",
);

/** Same reference: emails case-insensitively, SCIM ids exactly. */
export function sameUserReference(a: string, b: string): boolean {
  return memberReferenceKey(a) === memberReferenceKey(b);
}

/** Whether a declared reference names the user recorded in state (by the same reference, or by the id it resolved to). */
export function namesRecordedUser(reference: string, state: { user?: string; userId?: string }): boolean {
  return reference === state.userId || (state.user !== undefined && sameUserReference(reference, state.user));
}

/** The user a reference names (by email, case-insensitively, or by SCIM id), or undefined. */
export async function lookupUser(reference: string): Promise<ScimUser | undefined> {
  const scim = clients().scim;
  if (isEmailReference(reference)) return scim.findUserByEmail(reference);
  const result = await scim.getUser(reference);
  return result.status === "found" ? result.user : undefined;
}

/** Resolves a reference to the user with their current ETag; fails with a hint when nobody matches. */
export async function resolveUser(reference: string): Promise<ScimUser> {
  const user = await lookupUser(reference);
  if (!user) {
    throw new Error(
      isEmailReference(reference)
        ? `no user with email "${reference}" in the W&B organization: the user must exist (provisioned by your identity ` +
            "provider, or created with wandb.User) before a role can be assigned to them"
        : `no user with SCIM id "${reference}" in the W&B organization: give the id of an existing user ` +
            "(e.g. `user.id` of a wandb.User, or from wandb.getUser) or their email address",
    );
  }
  // A list item (the email lookup) may carry no ETag: read the user itself for one.
  return user.etag ? user : requireFound(await clients().scim.getUser(user.id), "user", `user ${user.id}`);
}

/** The user id at the start of an assignment id `<userId><separator><scope>`. */
export function parseAssignmentId(id: string, kind: string, separator: string, shape: string): { userId: string; scope: string } {
  const at = id.lastIndexOf(separator);
  const userId = at > 0 ? id.slice(0, at) : "";
  const scope = at > 0 ? id.slice(at + separator.length) : "";
  const scopeValid = separator.endsWith("/") ? scope !== "" : scope === "";
  if (!userId || !scopeValid) {
    throw new Error(`"${id}" is not a ${kind} id: expected "${shape}"`);
  }
  return { userId, scope };
}

// Role names

/** Predefined names compare case-insensitively and are stored in lower case; custom names are kept as written. */
export function canonicalRole(name: string, predefined: readonly string[]): string {
  const trimmed = name.trim();
  const lower = trimmed.toLowerCase().replace(/\s+/g, " ");
  return predefined.includes(lower) ? lower : trimmed;
}

export function sameRole(a: string | undefined, b: string | undefined, predefined: readonly string[]): boolean {
  if (a === undefined || b === undefined) return a === b;
  return canonicalRole(a, predefined) === canonicalRole(b, predefined);
}

/** A role name input: predefined names lower-cased, custom names as written (checked by the service at create). */
export function roleNameInput(property: string, hint: string) {
  return z
    .string({ error: `${property} is required: ${hint}` })
    .trim()
    .min(1, `${property} must not be empty: ${hint}`);
}

/** The user as it is now; one gone mid-operation asks for a refresh. */
export async function liveUser(userId: string): Promise<ScimUser> {
  return requireFound(await clients().scim.getUser(userId), "user", `user ${userId}`);
}
