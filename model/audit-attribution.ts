// Who made a change outside code, and when, from W&B's audit log (docs/reference-quotes/
// audit-logging.md): each kind of change with the documented actions that record it, as data.
// The page's table has no action for a team role, a custom role or a registry role: a change of
// those is said to be "not in W&B's audit log", never guessed. What a read of the log kept (the
// entries of access, in a window) is data too, kept in the roster record's state for the review.
import { z } from "zod";
import type { AuditLogRead } from "../service/audit-log-client";
import { scrubSecrets } from "../service/secret";
import { identityOf } from "./identity";
import { shownName } from "./shown-names";

/** Who a change is about: a user (by email), a team (by name), or a member of a team (both). */
type Subject = "user" | "team" | "member";

interface ChangeKind {
  /** The documented actions that record it, the first the likeliest; none where W&B logs no such change. */
  actions: readonly string[];
  subject?: Subject;
  /** What the action did, as a line says it before `by <actor>`. */
  said: string;
}

/** Each kind of change outside code a report or review tells, with what records it in W&B's audit log. */
export const CHANGES_OUTSIDE_CODE = {
  adminGranted: { actions: ["organization:update_member", "user:create"], subject: "user", said: "granted admin" },
  userAdded: { actions: ["user:create", "user:reactivate"], subject: "user", said: "added" },
  deactivated: { actions: ["user:deactivate"], subject: "user", said: "deactivated" },
  reactivated: { actions: ["user:reactivate"], subject: "user", said: "reactivated" },
  deleted: { actions: ["user:permanently_delete"], subject: "user", said: "deleted" },
  roleOrSeatChanged: { actions: ["organization:update_member"], subject: "user", said: "organization role or seat changed" },
  teamMade: { actions: ["team:create"], subject: "team", said: "made" },
  joinedTeam: { actions: ["team:invite_user"], subject: "member", said: "added to the team" },
  leftTeam: { actions: ["team:uninvite"], subject: "member", said: "removed from the team" },
  teamRoleChanged: { actions: [], said: "team role changed" },
  registryRoleChanged: { actions: [], said: "registry role changed" },
  customRoleChanged: { actions: [], said: "custom role made or changed" },
} as const satisfies Record<string, ChangeKind>;
export type ChangeOutsideCode = keyof typeof CHANGES_OUTSIDE_CODE;

/** The documented actions of access: the entries a read keeps. */
export const ACCESS_ACTIONS: readonly string[] = [
  ...new Set(Object.values(CHANGES_OUTSIDE_CODE).flatMap((change: ChangeKind) => change.actions)),
  "team:create_service_account",
  "team:delete",
  "user:create_api_key",
  "user:delete_api_key",
  "user:update",
];

const keptEntry = z
  .object({
    action: z.string().meta({ description: "The documented action, e.g. `organization:update_member`." }),
    at: z.string().meta({ description: "When (RFC 3339, UTC)." }),
    by: z.string().meta({ description: "Who: the actor's email, else `user id <actor_user_id>` (a service account's key has no email)." }),
    userEmail: z.string().optional().meta({ description: "The email of the user the action is about." }),
    team: z.string().optional().meta({ description: "The team the action is about." }),
  })
  .meta({ id: "AuditLogEntry" });
export type KeptEntry = z.output<typeof keptEntry>;

export const auditLogReadingSchema = z
  .object({
    from: z.string().meta({ description: "The start of the time read, or asked for where the log could not be read (RFC 3339)." }),
    until: z.string().meta({ description: "Its end (RFC 3339)." }),
    complete: z.boolean().meta({ description: "False when the requests allowed ran out before the log did (entries may be missing), or it could not be read." }),
    entries: z.array(keptEntry).meta({ description: "The entries of access in that time, oldest first." }),
    unreadable: z.string().optional().meta({ description: "Why the log could not be read (e.g. 403: an organization admin's key is needed); nothing is told of who made a change." }),
  })
  .meta({ id: "AuditLogReading" });
export type AuditLogReading = z.output<typeof auditLogReadingSchema>;

/** A read that failed: why, and the time it asked for. */
export const unreadableReading = (since: number, until: number, why: string): AuditLogReading => ({
  from: new Date(since).toISOString(),
  until: new Date(until).toISOString(),
  complete: false,
  entries: [],
  unreadable: why,
});

/** What a read of the log keeps: the entries of access alone. */
export function readingOf(read: AuditLogRead): AuditLogReading {
  return {
    from: new Date(read.from).toISOString(),
    until: new Date(read.until).toISOString(),
    complete: read.complete,
    entries: read.entries
      .filter((entry) => ACCESS_ACTIONS.includes(entry.action))
      .map((entry) => ({
        action: entry.action,
        at: entry.timestamp,
        by: entry.actor_email ?? `user id ${entry.actor_user_id ?? "unknown"}`,
        ...(entry.user_email == null ? {} : { userEmail: entry.user_email }),
        ...(entry.entity_name == null ? {} : { team: entry.entity_name }),
      })),
  };
}

/** The requests a read of the log may send: 80,000 entries on Dedicated and Self-Managed, 32 days on the Multi-tenant Cloud. */
export const AUDIT_LOG_REQUESTS = 4;

/** What `read` (of the log from `since` to `until`) keeps; a read that fails is kept as why (any failure: nothing else fails on it). */
export async function readingFrom(read: () => Promise<AuditLogRead>, since: number, until: number): Promise<AuditLogReading> {
  try {
    return readingOf(await read());
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    return unreadableReading(since, until, scrubSecrets(error.message));
  }
}

/** Who and what a change is about. */
export interface ChangedObject {
  email?: string | undefined;
  team?: string | undefined;
}

/**
 * What the log says of a change: the latest entry that records it (`said` by whom and when), that
 * W&B does not log such a change, or that the time read holds no entry of it (since when).
 */
export type Attribution = { said: string; by: string; at: string } | { notLogged: true } | { noEntrySince: string };

/** `2026-11-20 14:02 UTC`: a time as people read it. */
export const minuteOf = (time: string): string => `${new Date(time).toISOString().slice(0, 16).replace("T", " ")} UTC`;

const sameEmail = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && identityOf("email", a) === identityOf("email", b);
const sameTeam = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && identityOf("teamName", a) === identityOf("teamName", b);

function matches(subject: Subject | undefined, entry: KeptEntry, object: ChangedObject): boolean {
  if (subject === "team") return sameTeam(entry.team, object.team);
  if (subject === "member") return sameTeam(entry.team, object.team) && sameEmail(entry.userEmail, object.email);
  return sameEmail(entry.userEmail, object.email);
}

/** What `reading` says of a change of `kind` about `object`; undefined where the log was not read (off, or unreadable: said once apart). */
export function attributionOf(kind: ChangeOutsideCode, object: ChangedObject, reading: AuditLogReading | undefined): Attribution | undefined {
  const change: ChangeKind = CHANGES_OUTSIDE_CODE[kind];
  if (reading === undefined) return undefined;
  if (change.actions.length === 0) return { notLogged: true };
  if (reading.unreadable !== undefined) return undefined;
  const entry = reading.entries.findLast((each) => change.actions.includes(each.action) && matches(change.subject, each, object));
  return entry === undefined ? { noEntrySince: minuteOf(reading.from) } : { said: change.said, by: entry.by, at: minuteOf(entry.at) };
}

/** W&B's own words for a change it does not log. */
export const NOT_LOGGED = "not in W&B's audit log";

/** An attribution as a plain line says it: names from W&B shown safely (model/shown-names). */
export function attributionText(attribution: Attribution): string {
  if ("notLogged" in attribution) return NOT_LOGGED;
  if ("noEntrySince" in attribution) return `no entry in W&B's audit log since ${attribution.noEntrySince}`;
  return `${attribution.said} by ${shownName(attribution.by)}, ${attribution.at}`;
}

/** What is said once of a read, as a lead and what follows it: the time it covers, that it may miss entries, or why it could not be made. */
export function readingNote(reading: AuditLogReading): { lead: string; detail: string } {
  if (reading.unreadable !== undefined) return { lead: "W&B's audit log could not be read, so who made each change is not told", detail: reading.unreadable };
  const time = `W&B's audit log from ${minuteOf(reading.from)} to ${minuteOf(reading.until)}`;
  return { lead: "who made each change", detail: reading.complete ? time : `${time}, as far as the requests allowed read it (a change without an entry may have one beyond)` };
}

/** The note as one line. */
export const readingLine = (reading: AuditLogReading): string => {
  const { lead, detail } = readingNote(reading);
  return `${lead}: ${detail}`;
};
