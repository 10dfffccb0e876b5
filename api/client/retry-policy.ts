export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/**
 * Retry behaviour as data, in the spirit of ky's `retry` option, so each
 * service (and each test) can tune it without touching the transport.
 */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  limit: number;
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
  backoff: { baseDelayMs: number; maxDelayMs: number };
  /** A `Retry-After` longer than this ends the retries instead of stalling the deployment. */
  maxRetryAfterMs: number;
  /** Budget for all attempts and waits of one call. */
  deadlineMs: number;
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

export type RetryPolicyOverrides = Partial<Omit<RetryPolicy, "backoff">> & {
  backoff?: Partial<RetryPolicy["backoff"]>;
};

export function withOverrides(policy: RetryPolicy, overrides: RetryPolicyOverrides = {}): RetryPolicy {
  return { ...policy, ...overrides, backoff: { ...policy.backoff, ...overrides.backoff } };
}

/** Exponential backoff with full jitter: uniform in [0, min(max, base·2^retry)]. */
export function backoffDelayMs(policy: RetryPolicy, retryIndex: number, random = Math.random): number {
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

export interface AttemptOutcome {
  method: HttpMethod;
  /** Overrides `policy.methods` for this request: a conditional PUT is not harmless to repeat, a replace-only PATCH is. */
  idempotent?: boolean;
  /** 0-based number of retries already made. */
  retriesSoFar: number;
  elapsedMs: number;
  response?: { status: number; retryAfter?: string; bodyText: string };
  errorCode?: string;
}

export type RetryDecision =
  | { retry: true; delayMs: number; reason: string }
  | { retry: false; reason: "success" | "not-retryable" | "exhausted" | "outcome-unknown" | "retry-after-too-long" };

export function decideRetry(policy: RetryPolicy, outcome: AttemptOutcome, random = Math.random): RetryDecision {
  const repeatable = outcome.idempotent ?? policy.methods.includes(outcome.method);
  const { response, errorCode } = outcome;

  let reason: string;
  if (response !== undefined) {
    if (response.status < 400) return { retry: false, reason: "success" };
    if (!policy.statusCodes.includes(response.status)) return { retry: false, reason: "not-retryable" };
    if (policy.noRetryBodyPattern?.test(response.bodyText)) return { retry: false, reason: "not-retryable" };
    if (!repeatable && !policy.notAppliedStatusCodes.includes(response.status)) {
      return { retry: false, reason: "outcome-unknown" };
    }
    reason = `status ${response.status}`;
  } else {
    if (errorCode === undefined || !policy.networkErrorCodes.includes(errorCode)) {
      return { retry: false, reason: "not-retryable" };
    }
    if (!repeatable && !policy.notSentErrorCodes.includes(errorCode)) return { retry: false, reason: "outcome-unknown" };
    reason = errorCode;
  }

  if (outcome.retriesSoFar >= policy.limit) return { retry: false, reason: "exhausted" };

  let delayMs = backoffDelayMs(policy, outcome.retriesSoFar, random);
  if (response !== undefined && policy.afterStatusCodes.includes(response.status)) {
    const retryAfterMs = parseRetryAfterMs(response.retryAfter);
    if (retryAfterMs !== undefined) {
      if (retryAfterMs > policy.maxRetryAfterMs) return { retry: false, reason: "retry-after-too-long" };
      delayMs = retryAfterMs;
    }
  }
  if (outcome.elapsedMs + delayMs >= policy.deadlineMs) return { retry: false, reason: "exhausted" };
  return { retry: true, delayMs, reason };
}
