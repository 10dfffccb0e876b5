// What W&B's SCIM reference documents of a user's product access and activity, and of a team's
// storage: the values, their defaults and how requests must spell them.
import { z } from "zod";

/** `modelsSeat` and `weaveRole` take the same three levels; both default to `full` (W&B's SCIM reference, Create user). */
export const ACCESS_LEVELS = ["full", "viewer", "none"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
export const DEFAULT_ACCESS_LEVEL: AccessLevel = "full";

export const accessLevel = (field: "modelsSeat" | "weaveRole") =>
  z.enum(ACCESS_LEVELS, { error: `${field} must be one of "full", "viewer" or "none"` });

/**
 * Activity as the service records it while people work: days active and the last activity (ISO
 * 8601), null for someone never active. Set through the control API, never through SCIM.
 */
export const activitySchema = z.strictObject({
  daysActive: z.number().int().min(0),
  lastActiveAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Activity = z.output<typeof activitySchema>;
export const NEVER_ACTIVE: Activity = { daysActive: 0, lastActiveAt: null };

/** The providers a team's own bucket may live at; case-sensitive, as the reference says. */
export const STORAGE_PROVIDERS = ["COREWEAVE", "AWS", "AZURE", "GCP", "MINIO"] as const;

const text = z.string().trim().min(1);

/** A team's bring-your-own bucket, given only when the team is created (POST /Groups). */
export const storageBucketSchema = z.strictObject({
  name: text,
  provider: z.enum(STORAGE_PROVIDERS, { error: `provider must be one of ${STORAGE_PROVIDERS.join(", ")} (case-sensitive)` }),
  path: text.optional(),
  kmsKeyId: text.optional(),
  awsExternalId: text.optional(),
  azureTenantId: text.optional(),
  azureClientId: text.optional(),
});
export type StorageBucket = z.output<typeof storageBucketSchema>;
