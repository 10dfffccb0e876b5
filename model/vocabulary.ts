// The words of W&B's access model that the provider, the SDK and the roster all use: role names per
// scope, the shapes of emails, permissions and user references, and the deployments.
import { foldCase } from "../service/case-folding";

/** What W&B takes as an email address: something@something, no spaces. */
export const EMAIL_ADDRESS = /^[^@\s]+@[^@\s]+$/;

/**
 * What a W&B username may be: no whitespace. The SCIM spec documents no rule beyond "a string" (its
 * examples are handles such as `dev-user1`); a username with a space is refused at preview rather
 * than left to the service.
 */
export const USER_NAME = /^\S+$/;

/**
 * A character no one reads in a name: the C0 and C1 controls, DEL, and the Unicode line and paragraph
 * separators. W&B stores them, but a name holding one prints as something else (a newline can forge
 * a line of a review), so names are refused with one.
 */
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A user reference is a SCIM id (opaque, no whitespace) or an email address. */
export function isUserReference(reference: string): boolean {
  return isEmailReference(reference) ? EMAIL_ADDRESS.test(reference) : !/\s/.test(reference);
}

/** A permission of a custom role: `<object>:<operation>` in lower case. */
export const PERMISSION_NAME = /^[a-z][a-z_]*:[a-z][a-z_]*$/;

/**
 * The permissions W&B documents (the names its documentation shows). It publishes no complete
 * list, so another name is not refused: the service itself refuses one that does not exist.
 */
export const DOCUMENTED_PERMISSIONS = [
  "artifact:read",
  "launchagent:read",
  "project:create",
  "project:delete",
  "project:read",
  "project:update",
  "run:delete",
  "run:read",
  "run:stop",
] as const;

/** Predefined role names per scope (compared case-insensitively); `viewer` is deprecated as an organization role. */
export const ORGANIZATION_ROLES = ["admin", "member", "viewer"] as const;
/** A user's Models seat and Weave role (W&B's SCIM reference, on every deployment): a new user gets `full`. */
export const ACCESS_LEVELS = ["full", "viewer", "none"] as const;
export const TEAM_ROLES = ["admin", "member", "viewer"] as const;
/** Where a team's own bucket may live (W&B's SCIM reference, Create team): W&B takes them in upper case. */
export const STORAGE_PROVIDERS = ["COREWEAVE", "AWS", "AZURE", "GCP", "MINIO"] as const;
export const REGISTRY_ROLES = ["admin", "member", "viewer", "restricted viewer"] as const;
/** The names a custom role cannot take: the predefined organization and team roles, which custom roles are assigned alongside. */
export const RESERVED_ROLE_NAMES: readonly string[] = [...new Set([...ORGANIZATION_ROLES, ...TEAM_ROLES])];
/** The predefined roles a custom role may extend. */
export const BASE_ROLES = ["member", "viewer"] as const;

export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/**
 * The organization role W&B stores for `role` (a canonical name: see `canonicalRole`). `viewer` is
 * deprecated as an organization role: the service assigns `member` instead, so that is what is stored.
 */
export function effectiveOrganizationRole(role: OrganizationRole): Exclude<OrganizationRole, "viewer">;
export function effectiveOrganizationRole(role: string): string;
export function effectiveOrganizationRole(role: string): string {
  return role === "viewer" ? "member" : role;
}

/** Whether the organization role `name` (in any case) is deprecated: W&B stores another in its place. */
export function isDeprecatedOrganizationRole(name: string): boolean {
  const role = canonicalRole(name, ORGANIZATION_ROLES);
  return effectiveOrganizationRole(role) !== role;
}

/** Predefined names compare case-insensitively and are stored in lower case; custom names are kept as written. */
export function canonicalRole(name: string, predefined: readonly string[]): string {
  const trimmed = name.trim();
  const lower = foldCase(trimmed).replace(/\s+/g, " ");
  return predefined.includes(lower) ? lower : trimmed;
}

/** Whether `name` is one of the `predefined` role names, written in any case or spacing. */
export function isPredefinedRole(name: string, predefined: readonly string[]): boolean {
  return predefined.includes(canonicalRole(name, predefined));
}

/** A user reference containing "@" is an email address; anything else is a SCIM id. */
export function isEmailReference(ref: string): boolean {
  return ref.includes("@");
}


/** Who writes a kind of object: this code, or the identity provider (SCIM provisioning, SSO group claims, LDAP group sync). */
export const SOURCES = ["code", "idp"] as const;
/** What a roster's `outsideCode` does with what W&B holds and it does not declare, per kind. */
export const USERS_OUTSIDE_CODE = ["report", "deactivate"] as const;
export const TEAMS_OUTSIDE_CODE = ["report"] as const;
export const CUSTOM_ROLES_OUTSIDE_CODE = ["report", "delete"] as const;
