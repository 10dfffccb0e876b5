export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/**
 * When to try again and how long to wait, as data: the part of a retry policy that the one retry
 * loop (`retry.ts`) applies to any kind of attempt (an HTTP exchange, a create to reconcile, a
 * write refused with 412).
 */
export interface RetrySchedule {
  /** Retries after the first attempt. */
  limit: number;
  backoff: { baseDelayMs: number; maxDelayMs: number };
  /** A `Retry-After` longer than this ends the retries instead of stalling the deployment. */
  maxRetryAfterMs: number;
  /** Budget for all attempts and waits of one call. */
  deadlineMs: number;
}

/**
 * Retry behaviour of HTTP exchanges as data, in the spirit of ky's `retry` option, so each
 * service (and each test) can tune it without touching the transport.
 */
export interface RetryPolicy extends RetrySchedule {
  /** Methods safe to repeat whatever happened to the previous attempt. */
  methods: readonly HttpMethod[];
  statusCodes: readonly number[];
  /** Statuses whose `Retry-After` header is honoured. */
  afterStatusCodes: readonly number[];
  /**
   * Statuses that mean "rejected before doing anything", so even a POST or
   * PATCH may be repeated. Other retryable statuses leave a write's outcome unknown.
   */
  notAppliedStatusCodes: readonly number[];
  /** Error bodies that must not be retried even when the status is (e.g. an exhausted quota on 429). */
  noRetryBodyPattern?: RegExp;
  networkErrorCodes: readonly string[];
  /** Network errors raised before the request left the machine: safe to repeat for any method. */
  notSentErrorCodes: readonly string[];
}

export const IDEMPOTENT_METHODS: readonly HttpMethod[] = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"];

const NOT_SENT_ERROR_CODES = [
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
] as const;

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  limit: 4,
  methods: IDEMPOTENT_METHODS,
  statusCodes: [429, 500, 502, 503, 504],
  afterStatusCodes: [429, 503],
  notAppliedStatusCodes: [429, 503],
  networkErrorCodes: [
    ...NOT_SENT_ERROR_CODES,
    "ECONNRESET",
    "EPIPE",
    "ETIMEDOUT",
    "UND_ERR_SOCKET",
    "UND_ERR_CLOSED",
    "UND_ERR_HEADERS_TIMEOUT",
    "UND_ERR_BODY_TIMEOUT",
  ],
  notSentErrorCodes: NOT_SENT_ERROR_CODES,
  backoff: { baseDelayMs: 300, maxDelayMs: 10_000 },
  maxRetryAfterMs: 60_000,
  deadlineMs: 180_000,
};

/** Inference answers 429 both for "too many in flight" (retry) and "quota exhausted" (do not). */
export const INFERENCE_RETRY_POLICY: RetryPolicy = {
  ...DEFAULT_RETRY_POLICY,
  noRetryBodyPattern: /quota|billing/i,
};

/**
 * The 412 rule (provider/kit/conflict.ts): each retry is another write with a fresh ETag, after
 * another writer moved it. Short, spread-out waits let one of several racing writers win.
 */
export const CONFLICT_RETRY_POLICY: RetrySchedule = {
  limit: 7,
  backoff: { baseDelayMs: 25, maxDelayMs: 1_000 },
  maxRetryAfterMs: 0,
  deadlineMs: 180_000,
};

export type RetryPolicyOverrides = Partial<Omit<RetryPolicy, "backoff">> & {
  backoff?: Partial<RetryPolicy["backoff"]>;
};

export function withOverrides(policy: RetryPolicy, overrides: RetryPolicyOverrides = {}): RetryPolicy {
  return { ...policy, ...overrides, backoff: { ...policy.backoff, ...overrides.backoff } };
}

/** Exponential backoff with full jitter: uniform in [0, min(max, base·2^retry)]. */
export function backoffDelayMs(policy: RetrySchedule, retryIndex: number, random = Math.random): number {
  const ceiling = Math.min(policy.backoff.maxDelayMs, policy.backoff.baseDelayMs * 2 ** retryIndex);
  return Math.round(random() * ceiling);
}

/** `Retry-After` as delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** One HTTP attempt as the policy judges it: a response, or the network error that replaced it. */
export interface HttpAttemptOutcome {
  method: HttpMethod;
  /** Overrides `policy.methods` for this request: a conditional PUT is not harmless to repeat, a replace-only PATCH is. */
  idempotent?: boolean;
  response?: { status: number; retryAfter?: string; bodyText: string };
  errorCode?: string;
}

/** What one attempt's outcome means to a retry loop: done, failed for good, or worth another try. */
export type Verdict<Failure extends string> =
  | { kind: "success" }
  | { kind: "fail"; reason: Failure }
  /** `retryAfterMs`: the wait the server asked for, which replaces the backoff. */
  | { kind: "retry"; reason: string; retryAfterMs?: number };

export type HttpFailure = "not-retryable" | "outcome-unknown";

/** Whether an HTTP attempt may be repeated under the policy; how long to wait is the loop's business. */
export function classifyHttpAttempt(policy: RetryPolicy, outcome: HttpAttemptOutcome): Verdict<HttpFailure> {
  const repeatable = outcome.idempotent ?? policy.methods.includes(outcome.method);
  const { response, errorCode } = outcome;
  if (response === undefined) {
    if (errorCode === undefined || !policy.networkErrorCodes.includes(errorCode)) return { kind: "fail", reason: "not-retryable" };
    if (!repeatable && !policy.notSentErrorCodes.includes(errorCode)) return { kind: "fail", reason: "outcome-unknown" };
    return { kind: "retry", reason: errorCode };
  }
  if (response.status < 400) return { kind: "success" };
  if (!policy.statusCodes.includes(response.status)) return { kind: "fail", reason: "not-retryable" };
  if (policy.noRetryBodyPattern?.test(response.bodyText)) return { kind: "fail", reason: "not-retryable" };
  if (!repeatable && !policy.notAppliedStatusCodes.includes(response.status)) return { kind: "fail", reason: "outcome-unknown" };
  const retryAfterMs = policy.afterStatusCodes.includes(response.status) ? parseRetryAfterMs(response.retryAfter) : undefined;
  return { kind: "retry", reason: `status ${response.status}`, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
}
