// W&B's audit-logging API as its page documents it (docs/reference-quotes/audit-logging.md):
// `GET <host>/admin/audit_logs` on Dedicated Cloud and Self-Managed, `GET /audit_logs` on the
// Multi-tenant Cloud (`https://api.wandb.ai/audit_logs`); Basic authentication with an
// organization admin's key (403 for anyone else); the date range from `startDate`, `numDays` and
// `endDate` within each deployment's limits; newline-delimited JSON without `limit` or `endDate`
// (Dedicated and Self-Managed), else the paginated object, paged by an opaque cursor that belongs
// to one resolved range. What the page leaves unsaid is refused (400), never guessed kindly.
import type { IncomingHttpHeaders } from "node:http";
import { authenticate, isOrgAdmin, parseAuthorization } from "./auth";
import { PII_KEYS, type AuditEntry, type AuditLog } from "./audit-log";
import { json, type Reply } from "./http";
import type { Org } from "./org";
import type { Deployment, Settings } from "./settings";

const DAY = 86_400_000;

/** Where each deployment serves the log. */
export const auditLogPath = (deployment: Deployment): string => (deployment === "saas" ? "/audit_logs" : "/admin/audit_logs");

interface Rules {
  /** The `startDate` and `endDate` forms, each to a time. */
  date: RegExp;
  dateFormats: string;
  numDaysMax?: number;
  limitMax: number;
  /** Parameters of the other deployment's API that this one does not take. */
  refused: readonly string[];
  /** Whether an answer without `limit` or `endDate` streams newline-delimited JSON. */
  streams: boolean;
}

const RULES: { readonly [D in "saas" | "instance"]: Rules } = {
  instance: {
    date: /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2}))?)?)?$/,
    dateFormats: "YYYY-MM-DD, YYYY-MM-DDTHH, YYYY-MM-DDTHH:mm or YYYY-MM-DDTHH:mm:ss",
    limitMax: 20_000,
    refused: [],
    streams: true,
  },
  saas: { date: /^(\d{4})-(\d{2})-(\d{2})$/, dateFormats: "YYYY-MM-DD", numDaysMax: 7, limitMax: 1_000_000, refused: ["endDate", "anonymize"], streams: false },
};

class Refused extends Error {}

function dateOf(rules: Rules, name: string, raw: string | null): number | undefined {
  if (raw === null) return undefined;
  const parts = rules.date.exec(raw);
  if (!parts) throw new Refused(`${name} must be ${rules.dateFormats} (UTC), got ${JSON.stringify(raw)}`);
  const [year, month, day, hour, minute, second] = parts.slice(1).map((part) => Number(part ?? 0));
  const time = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
  const back = new Date(time);
  if (back.getUTCMonth() !== (month ?? 1) - 1 || back.getUTCDate() !== day || (hour ?? 0) > 23 || (minute ?? 0) > 59 || (second ?? 0) > 59) {
    throw new Refused(`${name} is not a date: ${JSON.stringify(raw)}`);
  }
  return time;
}

function wholeNumber(name: string, raw: string | null, min: number, max: number | undefined): number | undefined {
  if (raw === null) return undefined;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= min) || (max !== undefined && value > max)) {
    throw new Refused(`${name} must be a whole number from ${min}${max === undefined ? " up" : ` through ${max.toLocaleString("en")}`}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/** What a request asks for, once its parameters are judged. */
interface Query {
  start: number;
  end: number;
  anonymize: boolean;
  paged: boolean;
  limit: number;
  offset: number;
}

interface Cursor {
  version: 1;
  start: number;
  end: number;
  anonymize: boolean;
  offset: number;
}

const cursorOf = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

function offsetIn(raw: string, at: Omit<Cursor, "version" | "offset">): number {
  let cursor: Partial<Cursor>;
  try {
    cursor = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<Cursor>;
  } catch {
    throw new Refused("cursor is not one this API gave (next_cursor)");
  }
  if (cursor.version !== 1 || typeof cursor.offset !== "number") throw new Refused("cursor is not one this API gave (next_cursor)");
  if (cursor.start !== at.start || cursor.end !== at.end || cursor.anonymize !== at.anonymize) {
    throw new Refused("cursor belongs to another date range or anonymize value: reuse it with the same resolved range");
  }
  return cursor.offset;
}

function judged(rules: Rules, params: URLSearchParams, now: number): Query {
  const given = rules.refused.find((name) => params.has(name));
  if (given !== undefined) throw new Refused(`${given} is not a parameter of the Multi-tenant Cloud's audit_logs (startDate, numDays, limit, cursor)`);
  const numDays = wholeNumber("numDays", params.get("numDays"), 0, rules.numDaysMax);
  const endDate = dateOf(rules, "endDate", params.get("endDate"));
  if (numDays !== undefined && endDate !== undefined) throw new Refused("numDays cannot be used with endDate");
  const limit = wholeNumber("limit", params.get("limit"), 1, rules.limitMax);
  const today = Math.floor(now / DAY) * DAY;
  const start = dateOf(rules, "startDate", params.get("startDate")) ?? today - (numDays ?? 0) * DAY;
  const end = endDate ?? Math.floor(start / DAY) * DAY + ((numDays ?? 0) + 1) * DAY;
  if (end <= start) throw new Refused("endDate must come after startDate");
  const paged = !rules.streams || limit !== undefined || endDate !== undefined;
  const cursor = params.get("cursor");
  if (cursor !== null && !paged) throw new Refused("cursor needs limit or endDate");
  const anonymize = params.get("anonymize") === "true";
  return { start, end, anonymize, paged, limit: limit ?? rules.limitMax, offset: cursor === null ? 0 : offsetIn(cursor, { start, end, anonymize }) };
}

const withoutPii = (entry: AuditEntry): Partial<AuditEntry> => Object.fromEntries(Object.entries(entry).filter(([key]) => !(PII_KEYS as readonly string[]).includes(key)));
const rfc3339 = (time: number) => new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");

/** `GET` of the deployment's audit-log path; on the Multi-tenant Cloud, for Enterprise plans only (403 otherwise: the status is the emulator's choice). */
export function serveAuditLogs(log: AuditLog, org: Org, settings: Pick<Settings, "deployment" | "enterprise">, params: URLSearchParams, headers: IncomingHttpHeaders, now = Date.now()): Reply {
  const { deployment } = settings;
  const credentials = parseAuthorization(headers.authorization);
  const principal = credentials?.scheme === "basic" ? authenticate(org, credentials) : undefined;
  if (!principal) return json(401, { error: "send Authorization: Basic base64(<username>:<API key>) of an organization admin" });
  if (!isOrgAdmin(principal)) return json(403, { error: "organization-level admins can fetch audit logs" });
  if (deployment === "saas" && !settings.enterprise) return json(403, { error: "audit logs are available for Enterprise plans only" });
  let query: Query;
  try {
    query = judged(RULES[deployment === "saas" ? "saas" : "instance"], params, now);
  } catch (error) {
    if (error instanceof Refused) return json(400, { error: error.message });
    throw error;
  }
  const entries = log.between(query.start, query.end).map((entry) => (query.anonymize ? withoutPii(entry) : entry));
  if (!query.paged) {
    return { status: 200, text: entries.map((entry) => `${JSON.stringify(entry)}\n`).join(""), contentType: "application/x-ndjson" };
  }
  const page = entries.slice(query.offset, query.offset + query.limit);
  const next = query.offset + page.length;
  return json(200, {
    audit_logs: page,
    range_start_time: rfc3339(query.start),
    range_end_time: rfc3339(query.end),
    count: page.length,
    next_cursor: next < entries.length ? cursorOf({ version: 1, start: query.start, end: query.end, anonymize: query.anonymize, offset: next }) : null,
  });
}
