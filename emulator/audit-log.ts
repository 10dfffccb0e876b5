// The emulator's audit log, as W&B's audit-logging page documents it (docs/reference-quotes/
// audit-logging.md): an entry per write the service takes, in the documented fields and action
// names, the actor being the owner of the key that made it. W&B has no action for a change of a
// team role, a custom role, a registry role or a team's name: those writes make no entry.
import type { Org, Principal } from "./org";

/** The documented actions the emulator's writes make (the page's table has more: reads, runs, artifacts). */
export const LOGGED_ACTIONS = [
  "organization:update_member",
  "team:create",
  "team:create_service_account",
  "team:invite_user",
  "team:uninvite",
  "user:create",
  "user:deactivate",
  "user:permanently_delete",
  "user:reactivate",
  "user:update",
] as const;
export type LoggedAction = (typeof LOGGED_ACTIONS)[number];

/** An entry as the page's schema names its keys; each is present only where it applies. */
export interface AuditEntry {
  action: LoggedAction;
  actor_email?: string;
  actor_ip: string;
  actor_user_id: string;
  entity_asset?: string;
  entity_name?: string;
  response_code: number;
  /** RFC 3339, to the second, as the page's example (`2023-01-23T12:34:56Z`). */
  timestamp: string;
  user_asset?: string;
  user_email?: string;
}

/** The keys of personally identifiable information the emulator writes: `anonymize=true` leaves them out. */
export const PII_KEYS = ["actor_email", "user_email", "entity_name"] as const;

/** Who or what an action is about: a user or service account (by id, with the user's email), a team. */
export interface AuditSubject {
  user?: { id: string; email?: string };
  team?: { id: string; name: string };
}

/** What one request did, action by action, before the service answers: entries once it succeeds. */
export class AuditTrail {
  readonly pending: { action: LoggedAction; subject: AuditSubject }[] = [];

  record(action: LoggedAction, subject: AuditSubject): void {
    this.pending.push({ action, subject });
  }

  /** Each team joined (`team:invite_user`) and left (`team:uninvite`) by `member`, from the teams it was in before and after. */
  memberships(org: Org, member: NonNullable<AuditSubject["user"]>, before: ReadonlySet<string>, after: ReadonlySet<string>): void {
    const team = (id: string) => ({ id, name: org.teams.get(id)?.displayName ?? id });
    for (const id of after) if (!before.has(id)) this.record("team:invite_user", { user: member, team: team(id) });
    for (const id of before) if (!after.has(id)) this.record("team:uninvite", { user: member, team: team(id) });
  }
}

const secondsOf = (time: number) => new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");

/** The log itself: entries in the order they were made (and so of their timestamps). */
export class AuditLog {
  #entries: AuditEntry[] = [];

  /** The trail of a request that succeeded with `status`, made with `actor`'s key from `ip`. */
  commit(trail: AuditTrail, actor: Principal, ip: string, status: number, now = Date.now()): void {
    const by =
      actor.kind === "user"
        ? { actor_email: actor.user.email, actor_user_id: actor.user.id }
        : { actor_user_id: actor.serviceAccount.id };
    for (const { action, subject } of trail.pending) {
      this.#entries.push({
        action,
        ...by,
        actor_ip: ip,
        ...(subject.team === undefined ? {} : { entity_asset: subject.team.id, entity_name: subject.team.name }),
        response_code: status,
        timestamp: secondsOf(now),
        ...(subject.user === undefined ? {} : { user_asset: subject.user.id }),
        ...(subject.user?.email === undefined ? {} : { user_email: subject.user.email }),
      });
    }
  }

  /** The entries from `start` (inclusive) to `end` (exclusive), in milliseconds since the epoch. */
  between(start: number, end: number): AuditEntry[] {
    return this.#entries.filter((entry) => {
      const at = Date.parse(entry.timestamp);
      return at >= start && at < end;
    });
  }

  reset(): void {
    this.#entries = [];
  }
}
