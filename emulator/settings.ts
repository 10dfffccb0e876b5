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
}
