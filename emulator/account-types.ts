// The kinds of service account W&B's SCIM reference documents (`accountType`, wandb/docs#2641).

/** `SERVICE`: team-scoped; `ORG_SERVICE`: organization-scoped. */
export const SERVICE_ACCOUNT_TYPES = ["SERVICE", "ORG_SERVICE"] as const;
export type ServiceAccountType = (typeof SERVICE_ACCOUNT_TYPES)[number];
