// What the three role assignments share: the user reference (SCIM id or email) resolved at create,
// role names with their case rules, and writes of one role of a user under the 412 rule.
import { z } from "zod";
import type { ScimUser } from "../client";
import { isStatus, requireFound, SETTLED, writeGuardedByEtag } from "../resource-kit";
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

// Writing one role of a user

/** One role slot of a user: the organization role, the role in one team, or the role in one registry. */
export interface RoleSlot {
  /** For messages, e.g. `the organization role of user abc`. */
  what: string;
  /** The input property holding the role. */
  field: string;
  /** The role the user holds in this slot, undefined when they hold none. */
  live(user: ScimUser): string | undefined;
  /** The slot's case rule; also decides whether an unknown live value counts as unchanged. */
  same(live: string | undefined, expected: string | undefined): boolean;
  /**
   * Whether the representation says anything about the slot (the documented GET body carries no
   * roles); when it does not, the slot counts as unchanged. By default it always does.
   */
  known?(user: ScimUser): boolean;
}

const show = (role: string | undefined) => (role === undefined ? "none" : `"${role}"`);

function changedOutside(slot: RoleSlot, user: ScimUser, expected: string | undefined): string[] {
  // Only what the representation shows is compared: an absent role is unknown, not changed.
  if (slot.known?.(user) === false) return [];
  const live = slot.live(user);
  return slot.same(live, expected) ? [] : [`${slot.field} is now ${show(live)}, Pulumi last saw ${show(expected)}`];
}

/** The user as it is now; one gone mid-operation asks for a refresh. */
export async function liveUser(userId: string): Promise<ScimUser> {
  return requireFound(await clients().scim.getUser(userId), "user", `user ${userId}`);
}

/**
 * Writes the slot with `If-Match: etag`. On 412 the user is read again: when the slot still holds
 * `expected` (another resource touched the user, e.g. a User update or another assignment), the
 * write is retried with the fresh ETag; otherwise it fails naming the role changed outside Pulumi.
 */
export function writeRole(
  slot: RoleSlot,
  userId: string,
  etag: string | undefined,
  expected: string | undefined,
  write: (ifMatch: string | undefined) => Promise<ScimUser>,
): Promise<ScimUser> {
  return writeGuardedByEtag({
    what: slot.what,
    etag: etag || undefined,
    write,
    reread: async () => {
      const user = await liveUser(userId);
      return { etag: user.etag, changedFields: changedOutside(slot, user, expected) };
    },
  });
}

/**
 * Gives the slot back (destroy) under the same rule. Success when the user is gone or the slot is
 * already released; a role changed outside Pulumi is never overwritten.
 */
export async function releaseRole(
  slot: RoleSlot,
  userId: string,
  etag: string | undefined,
  expected: string | undefined,
  released: (user: ScimUser) => boolean,
  write: (ifMatch: string | undefined) => Promise<unknown>,
): Promise<void> {
  const scim = clients().scim;
  const stillHeld = async (): Promise<ScimUser | undefined> => {
    const result = await scim.getUser(userId);
    return result.status === "found" && !released(result.user) ? result.user : undefined;
  };
  await writeGuardedByEtag({
    what: slot.what,
    etag,
    write: async (match) => {
      try {
        await write(match);
      } catch (error) {
        if (!isStatus(error, 404)) throw error;
      }
    },
    reread: async () => {
      const user = await stillHeld();
      return user ? { etag: user.etag, changedFields: changedOutside(slot, user, expected) } : SETTLED;
    },
  });
}
