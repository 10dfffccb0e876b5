// The user a reference names (SCIM id or email), resolved at create, and the user as it is now.
import type { ScimUser } from "../../api/client";
import { isEmailReference, memberReferenceKey } from "../../api/vocabulary";
import { requireFound } from "../kit/errors";
import { clients } from "../runtime";

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

/** The user as it is now; one gone mid-operation asks for a refresh. */
export async function liveUser(userId: string): Promise<ScimUser> {
  return requireFound(await clients().scim.getUser(userId), "user", `user ${userId}`);
}
