export type Deployment = "saas" | "dedicated" | "self-managed";
export type Dialect = "wandb" | "rfc";
export type SaasDeactivation = "removes-user" | "unsupported";

/** The behaviour switches of one running emulator. */
export interface Settings {
  deployment: Deployment;
  dialect: Dialect;
  saasDeactivation: SaasDeactivation;
  rolePutReplacesPermissions: boolean;
  /** Absolute base URL, used for absolute `location` values in the rfc dialect. */
  baseUrl: string;
}
