// W&B's audit log as an operation reads it, with `wandb:auditLog` on: the entries of access since
// a time, in a few requests, never a write. A log that cannot be read (403: not an organization
// admin's key; a plan without it; any failure) is said once in the operation, and nothing else
// fails: who made a change is then not told.
import { AuditLogClient } from "../service/audit-log-client";
import { scrubSecrets } from "../service/secret";
import { readingNote, readingOf, unreadableReading, type AuditLogReading } from "../model/audit-attribution";
import { tell, warn } from "./kit/engine-output";
import type { Operation } from "./operation";

/** The requests a read may send: enough for 80,000 entries on Dedicated, 32 days on the Multi-tenant Cloud. */
export const AUDIT_LOG_REQUESTS = 4;

/** The operations that have said what their reading of the log covers, or why it failed. */
const told = new WeakSet<Operation>();

/** What the log holds of access since `since` (ms since the epoch); undefined with `wandb:auditLog` off. */
export async function auditLogSince(operation: Operation, since: number): Promise<AuditLogReading | undefined> {
  const config = operation.config();
  if (!config.auditLog) return undefined;
  const until = Date.now();
  let reading: AuditLogReading;
  try {
    reading = readingOf(await new AuditLogClient(config, { signal: operation.signal }).read(since, until, AUDIT_LOG_REQUESTS));
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    reading = unreadableReading(since, until, scrubSecrets(error.message));
  }
  if (!told.has(operation)) {
    told.add(operation);
    (reading.unreadable === undefined ? tell : warn)(readingNote(reading));
  }
  return reading;
}
