// Who counts as not active in N days: one rule for `getUsers({ inactiveForDays })` (on the listing)
// and the review's "Not active in N days" section (on refreshed state). W&B reports a user's last
// activity as a time, as null for someone never active, or not at all (an older server): someone
// never active counts as inactive, and an unreported activity is neither. Nor is a time that is no
// time after the user's creation ("", garbage, Go's zero time `0001-01-01T00:00:00Z`): W&B says
// nothing true by it, and nobody is deactivated on it.

/** A user's last activity as W&B reports it: when (ISO 8601), null for never active, undefined when not reported. */
export type LastActivity = string | null | undefined;

/** A day, in milliseconds. */
export const DAY_MS = 86_400_000;

/** A clock apart by this much still tells a time after the creation. */
const CLOCK_SKEW_MS = 60_000;

/**
 * The last activity W&B reports, as a valid time after the user's creation (`createdAt`, where
 * known), or null for never active; undefined when it reports none, or a time that tells nothing.
 */
export function reportedActivity(lastActiveAt: LastActivity, createdAt?: CreatedAt): LastActivity {
  if (lastActiveAt === undefined || lastActiveAt === null) return lastActiveAt;
  const at = Date.parse(lastActiveAt);
  if (!Number.isFinite(at) || at <= 0) return undefined;
  const created = createdAt === undefined ? Number.NaN : Date.parse(createdAt);
  return Number.isFinite(created) && at < created - CLOCK_SKEW_MS ? undefined : lastActiveAt;
}

/**
 * Whether someone last active at `lastActiveAt` has not been active in the `days` days before `now`;
 * undefined when W&B does not say (`reportedActivity`).
 */
export function inactiveFor(lastActiveAt: LastActivity, days: number, now: number, createdAt?: CreatedAt): boolean | undefined {
  const reported = reportedActivity(lastActiveAt, createdAt);
  if (reported === undefined) return undefined;
  return reported === null || Date.parse(reported) < now - days * DAY_MS;
}

/**
 * The last activity a User's state records: its `lastActiveAt`, null for someone never active
 * (W&B reported `daysActive` and no time), undefined when W&B reported neither.
 */
export function recordedActivity(state: { daysActive?: number | undefined; lastActiveAt?: string | undefined }): LastActivity {
  if (state.lastActiveAt !== undefined) return state.lastActiveAt;
  return state.daysActive === undefined ? undefined : null;
}

/** When a user was created, as W&B reports it (ISO 8601); undefined or "" when unknown. */
export type CreatedAt = string | undefined;

/**
 * Whether `deactivateInactiveAfterDays: days` deactivates a user: not active in the `days` days
 * before `now`, and, when never active, created before them (someone made today has had no time to
 * be active; one whose creation is unknown is left alone); undefined when W&B does not report the
 * user's activity (left alone too).
 */
export function inactiveToDeactivate(lastActiveAt: LastActivity, createdAt: CreatedAt, days: number, now: number): boolean | undefined {
  const inactive = inactiveFor(lastActiveAt, days, now, createdAt);
  if (inactive !== true || lastActiveAt !== null) return inactive;
  return createdAt !== undefined && createdAt !== "" && Date.parse(createdAt) < now - days * DAY_MS;
}
