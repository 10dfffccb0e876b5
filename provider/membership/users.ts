// The users that references (SCIM id or email) name, resolved at create with one set of messages
// for every resource, and the user as it is now.
import type { ScimUser } from "../../service";
import type { Users } from "./directory";
import { identityOf } from "../../model/identity";
import { isEmailReference } from "../../model/vocabulary";
import { failsThePreview, requireFound } from "../kit/errors";
import type { Operation } from "../operation";

/** Why a reference names nobody, and what to do about it. */
function namesNoUser(reference: string): string {
  return isEmailReference(reference)
    ? `no user with email "${reference}" in the W&B organization: add the user first (provisioned by your identity provider, ` +
        "or with a wandb.User resource), or correct the address"
    : `no user with SCIM id "${reference}" in the W&B organization: give an existing user's SCIM id (e.g. \`user.id\` of a ` +
        "wandb.User, or from wandb.getUser) or their email address; organization service accounts cannot be named " +
        "(they join every team created through SCIM on their own)";
}

/**
 * The operation's one listing of the users, as a check reads it: undefined where it cannot be read
 * (the write still judges for itself), but for what fails the preview (refused credentials).
 */
export async function usersForCheck(operation: Operation): Promise<Users | undefined> {
  return operation
    .directory()
    .users()
    .catch((error: unknown) => {
      if (failsThePreview(operation, error)) throw error;
      return undefined;
    });
}

/** The user the reference in input `property` names; fails saying what to do when it names nobody. */
export async function resolveUser(operation: Operation, property: string, reference: string): Promise<ScimUser> {
  const user = await operation.directory().user(reference);
  if (!user) throw new Error(`${property}: ${namesNoUser(reference)}`);
  return user;
}

/** The user a reference names as the users listing shows it, with no other request (e.g. for a preview). */
export function listedUser(users: Users, reference: string): ScimUser | undefined {
  return isEmailReference(reference) ? users.byEmail(reference) : users.byId(reference);
}

/**
 * The users the references in input `property` name, by reference key (its identity).
 * Every reference that names nobody is reported at once, so that one run shows them all.
 */
export async function resolveUsers(operation: Operation, property: string, references: readonly string[]): Promise<Map<string, ScimUser>> {
  const found = await Promise.all(references.map(async (reference) => ({ reference, user: await operation.directory().user(reference) })));
  const resolved = new Map<string, ScimUser>();
  const problems: string[] = [];
  for (const { reference, user } of found) {
    if (user) resolved.set(identityOf("userReference", reference), user);
    else problems.push(namesNoUser(reference));
  }
  if (problems.length > 0) throw new Error(`${property}: ${problems.join("; ")}`);
  return resolved;
}

/** The user as it is now (read directly); one gone mid-operation asks for a refresh. */
export async function liveUser(operation: Operation, userId: string): Promise<ScimUser> {
  return requireFound(await operation.directory().userNow(userId), `user ${userId}`);
}

/**
 * Version 2 of a state naming one user (a membership, a role assignment) records the user's
 * email. A version 1 state knows it when the user was declared by email; otherwise the next create
 * or read that reads the user records it.
 */
export const withUserEmail = (state: Record<string, unknown>): Record<string, unknown> => {
  const declared = state["user"];
  return typeof declared === "string" && isEmailReference(declared) ? { ...state, userEmail: identityOf("userReference", declared) } : state;
};
