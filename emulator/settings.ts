export type Deployment = "saas" | "dedicated" | "self-managed";
export type Dialect = "wandb" | "rfc";
export type SaasDeactivation = "removes-user" | "unsupported";
export type UserRolesOnGet = "shown" | "omitted";

/** The behaviour switches of one running emulator. */
export interface Settings {
  deployment: Deployment;
  dialect: Dialect;
  saasDeactivation: SaasDeactivation;
  rolePutReplacesPermissions: boolean;
  /**
   * "omitted": GET /Users/{id}, list items and the dedicated/self-managed POST 201 carry no
   * organizationRole, teamRoles or registryRoles, as documented; PATCH responses and the saas
   * POST 201 still do. "shown" (default): every user representation carries them.
   */
  userRolesOnGet: UserRolesOnGet;
  /** Absolute base URL, used for absolute `location` values in the rfc dialect. */
  baseUrl: string;
  /** Where the SCIM API is served, without a trailing slash: `/scim` (W&B), `/v2`, or `` (the server root). */
  scimRoot: string;
  /** On `saas`, whether the organization's plan is Enterprise, the only one with audit logs. */
  enterprise: boolean;
}

export const DEFAULT_SCIM_ROOT = "/scim";

/** Paths the emulator serves itself, which the SCIM root must not shadow. */
const RESERVED = ["/v1", "/_emulator"];

/** The SCIM root without its trailing slash, or throws naming the option (`name`) and what is wrong. */
export function normaliseScimRoot(root: string, name = "scimRoot"): string {
  if (!/^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/?$/.test(root)) {
    throw new Error(`${name} must be a path starting with "/", such as /scim, /scim/v2, /v2 or / (got ${JSON.stringify(root)})`);
  }
  const normalised = root.replace(/\/+$/, "");
  const clash = RESERVED.find((reserved) => normalised === reserved || normalised.startsWith(`${reserved}/`));
  if (clash) throw new Error(`${name} must not be under ${clash}, which the emulator serves itself (got ${JSON.stringify(root)})`);
  return normalised;
}
