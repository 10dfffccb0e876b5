// W&B's audit log as a command reads it (`audit`, `attest`, with wandb:auditLog): the entries of
// access in a window, in at most a few requests, counted; a log that cannot be read is kept as why.
import { AUDIT_LOG_REQUESTS, readingFrom, type AuditLogReading } from "../model/audit-attribution";
import { AuditLogClient } from "../service/audit-log-client";
import type { WandbConfig } from "../service/config";

/** The log from `since` to `until` (ms since the epoch), and the HTTP requests that took, retries included. */
export async function readAuditLog(config: WandbConfig, since: number, until: number): Promise<{ reading: AuditLogReading; requests: number }> {
  let requests = 0;
  const client = new AuditLogClient(config, { log: (event) => void (event.type === "attempt" && requests++) });
  const reading = await readingFrom(() => client.read(since, until, AUDIT_LOG_REQUESTS), since, until);
  return { reading, requests };
}
