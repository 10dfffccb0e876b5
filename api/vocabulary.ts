// The words of W&B's access model that the provider, the SDK and the roster all use: role names per
// scope, the shapes of emails, permissions and user references, and the deployments.

/** What W&B takes as an email address: something@something, no spaces. */
export const EMAIL_ADDRESS = /^[^@\s]+@[^@\s]+$/;

/** A permission of a custom role: `<object>:<operation>` in lower case. */
export const PERMISSION_NAME = /^[a-z][a-z_]*:[a-z][a-z_]*$/;

/** Predefined role names per scope (compared case-insensitively); `viewer` is deprecated as an organization role. */
export const ORGANIZATION_ROLES = ["admin", "member", "viewer"] as const;
export const TEAM_ROLES = ["admin", "member", "viewer"] as const;
export const REGISTRY_ROLES = ["admin", "member", "viewer", "restricted viewer"] as const;
/** The predefined roles a custom role may extend. */
export const BASE_ROLES = ["member", "viewer"] as const;

export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/** `viewer` is deprecated as an organization role: the service assigns `member` instead, so that is what is stored. */
export function effectiveOrganizationRole(role: OrganizationRole): Exclude<OrganizationRole, "viewer"> {
  return role === "viewer" ? "member" : role;
}

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

/** A user reference containing "@" is an email address; anything else is a SCIM id. */
export function isEmailReference(ref: string): boolean {
  return ref.includes("@");
}

/** How user references compare: emails ignoring case, ids exactly. */
export function memberReferenceKey(ref: string): string {
  const trimmed = ref.trim();
  return isEmailReference(trimmed) ? trimmed.toLowerCase() : trimmed;
}

export const DEPLOYMENTS = ["saas", "dedicated", "self-managed"] as const;
export type Deployment = (typeof DEPLOYMENTS)[number];
