// W&B's audit log (docs/reference-quotes/audit-logging.md), read for a window of time in few
// requests: `GET <host>/admin/audit_logs` with startDate, endDate and limit on Dedicated Cloud and
// Self-Managed, `GET /audit_logs` with startDate and numDays (days of at most 8) on the
// Multi-tenant Cloud; paged by next_cursor. Every answer is parsed, in either documented form
// (the paginated object, or newline-delimited entries). Reads only.
import { z } from "zod";
import type { WandbConfig } from "./config";
import { DEFAULT_RETRY_POLICY, withOverrides } from "./retry-policy";
import { configuredTransport, type ClientOptions } from "./configured-transport";
import { basicAuthorization } from "./scim-client";
import type { HttpRequest, HttpResponse, HttpTransport } from "./transport";

/** An entry as the page's schema names its keys; only those the attribution of access reads are kept. */
export const auditLogEntrySchema = z.object({
  action: z.string(),
  timestamp: z.string(),
  actor_email: z.string().nullish(),
  actor_user_id: z.string().nullish(),
  user_email: z.string().nullish(),
  user_asset: z.string().nullish(),
  entity_name: z.string().nullish(),
});
export type AuditLogEntry = z.output<typeof auditLogEntrySchema>;

/** The paginated answer: `limit` or `endDate` given, or any answer of the Multi-tenant Cloud. */
const pageSchema = z.object({
  audit_logs: z.array(auditLogEntrySchema),
  range_start_time: z.string(),
  range_end_time: z.string(),
  count: z.number(),
  next_cursor: z.string().nullable(),
});

/** What an answer holds: its entries, and the cursor of the next page (null: none, or a streamed answer). */
export function parseAuditLogAnswer(text: string): { entries: AuditLogEntry[]; nextCursor: string | null } {
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    whole = undefined;
  }
  const page = pageSchema.safeParse(whole);
  if (page.success) return { entries: page.data.audit_logs, nextCursor: page.data.next_cursor };
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const entries = lines.map((line, index) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new AuditLogShapeError(`line ${index + 1} is not JSON`);
    }
    const entry = auditLogEntrySchema.safeParse(parsed);
    if (!entry.success) throw new AuditLogShapeError(`line ${index + 1}: ${entry.error.issues[0]?.path.join(".") || "entry"}: ${entry.error.issues[0]?.message ?? "unreadable"}`);
    return entry.data;
  });
  return { entries, nextCursor: null };
}

/** An answer in neither documented form. */
export class AuditLogShapeError extends Error {
  constructor(detail: string) {
    super(`W&B's audit log answered in neither documented form (the paginated object, or newline-delimited entries): ${detail}`);
  }
}

/** What a read found: the entries of the window it covers, oldest first, and whether it covers all it was asked for. */
export interface AuditLogRead {
  entries: AuditLogEntry[];
  /** The start of the time read (ms since the epoch): the window's, or of the oldest days begun when the requests ran out. */
  from: number;
  until: number;
  /** False when the requests allowed ran out before the log did. */
  complete: boolean;
  requests: number;
}

const DAY = 86_400_000;
/** The Multi-tenant Cloud's most days after startDate (numDays). */
const MOST_DAYS_AFTER = 7;
/** Entries per page: the Dedicated Cloud's most, and far below the Multi-tenant Cloud's. */
const PAGE_LIMIT = 20_000;

const secondsOf = (time: number) => new Date(time).toISOString().slice(0, 19);
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

export class AuditLogClient {
  readonly #transport: HttpTransport;
  readonly #saas: boolean;
  readonly #pageSize: number;

  /** `pageSize`: the entries a request asks for (`limit`), 20,000 unless a test pages smaller. */
  constructor(config: WandbConfig, options: ClientOptions & { pageSize?: number } = {}) {
    this.#saas = config.deployment === "saas";
    this.#pageSize = options.pageSize ?? PAGE_LIMIT;
    this.#transport = configuredTransport(config, options, {
      service: "audit-log",
      baseUrl: config.baseUrl,
      // The page documents Basic alone, whatever scheme SCIM is sent.
      authorization: basicAuthorization(config),
      retry: withOverrides({ ...DEFAULT_RETRY_POLICY, limit: config.maxRetries }, options.retry),
    });
  }

  /**
   * The entries from `since` to `until` (ms since the epoch), oldest first; the latest days are read
   * first, and at most `maxRequests` requests are sent (then `complete` is false). A WandbApiError
   * for an answer other than 200.
   */
  async read(since: number, until: number, maxRequests: number): Promise<AuditLogRead> {
    const ranges = this.#saas ? daysOf(since, until) : [{ from: since, query: { startDate: secondsOf(since), endDate: secondsOf(until + 999) } }];
    const pages: AuditLogEntry[][] = [];
    let requests = 0;
    let from = until;
    for (const range of ranges) {
      from = Math.max(range.from, since);
      let cursor: string | null = null;
      do {
        if (requests === maxRequests) return { entries: within(pages, since, until), from, until, complete: false, requests };
        const answer = await this.#page({ method: "GET", path: this.#saas ? "/audit_logs" : "/admin/audit_logs", query: { ...range.query, limit: this.#pageSize, cursor: cursor ?? undefined } });
        requests += 1;
        pages.push(answer.entries);
        cursor = answer.nextCursor;
      } while (cursor !== null);
    }
    return { entries: within(pages, since, until), from: since, until, complete: true, requests };
  }

  async #page(request: HttpRequest): Promise<ReturnType<typeof parseAuditLogAnswer>> {
    const response: HttpResponse = await this.#transport.send(request);
    if (response.status !== 200) {
      const error = z.object({ error: z.string() }).safeParse(response.json);
      throw this.#transport.errorFor(request, response, error.success ? { detail: error.data.error } : {});
    }
    return parseAuditLogAnswer(response.text);
  }
}

/** The Multi-tenant Cloud's ranges for a window: whole UTC days, at most 8 a request, the latest first. */
function daysOf(since: number, until: number): { from: number; query: Record<string, string | number> }[] {
  const ranges = [];
  const first = Math.floor(since / DAY) * DAY;
  for (let last = Math.floor(until / DAY) * DAY; last >= first; last -= (MOST_DAYS_AFTER + 1) * DAY) {
    const start = Math.max(first, last - MOST_DAYS_AFTER * DAY);
    ranges.push({ from: start, query: { startDate: dayOf(start), numDays: (last - start) / DAY } });
  }
  return ranges;
}

/** The entries read, oldest first, from `since` to `until`: a range of whole days holds more. */
function within(pages: readonly AuditLogEntry[][], since: number, until: number): AuditLogEntry[] {
  return pages
    .flat()
    .filter((entry) => {
      const at = Date.parse(entry.timestamp);
      return at >= Math.floor(since / 1000) * 1000 && at <= until;
    })
    .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
}
