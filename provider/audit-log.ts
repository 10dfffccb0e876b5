// W&B's audit log as an operation reads it, with `wandb:auditLog` on: the entries of access since
// a time, in a few requests, never a write. A log that cannot be read (403: not an organization
// admin's key; a plan without it; any failure) is said once in the operation, and nothing else
// fails: who made a change is then not told.
import { AuditLogClient } from "../service/audit-log-client";
import { AUDIT_LOG_REQUESTS, readingFrom, readingLine, type AuditLogReading } from "../model/audit-attribution";
import type { Operation } from "./operation";

/** The operations that have said what their reading of the log covers, or why it failed. */
const told = new WeakSet<Operation>();

/** What the log holds of access since `since` (ms since the epoch); undefined with `wandb:auditLog` off. */
export async function auditLogSince(operation: Operation, since: number): Promise<AuditLogReading | undefined> {
  const config = operation.config();
  if (!config.auditLog) return undefined;
  const until = Date.now();
  const reading = await readingFrom(() => new AuditLogClient(config, { signal: operation.signal }).read(since, until, AUDIT_LOG_REQUESTS), since, until);
  if (!told.has(operation)) {
    told.add(operation);
    if (reading.unreadable === undefined) operation.tell(readingLine(reading));
    else operation.warn(readingLine(reading));
  }
  return reading;
}
