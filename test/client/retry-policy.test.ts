import { describe, expect, it } from "vitest";
import {
  backoffDelayMs,
  decideRetry,
  DEFAULT_RETRY_POLICY,
  INFERENCE_RETRY_POLICY,
  parseRetryAfterMs,
  type AttemptOutcome,
} from "../../api/client/retry-policy";

const policy = DEFAULT_RETRY_POLICY;
const outcome = (o: Partial<AttemptOutcome>): AttemptOutcome => ({ method: "GET", retriesSoFar: 0, elapsedMs: 0, ...o });
const status = (s: number, extra: { retryAfter?: string; bodyText?: string } = {}) => ({
  response: { status: s, bodyText: "", ...extra },
});

describe("retry policy", () => {
  it("backs off exponentially with full jitter, capped", () => {
    expect(backoffDelayMs(policy, 0, () => 1)).toBe(policy.backoff.baseDelayMs);
    expect(backoffDelayMs(policy, 3, () => 1)).toBe(policy.backoff.baseDelayMs * 8);
    expect(backoffDelayMs(policy, 30, () => 1)).toBe(policy.backoff.maxDelayMs);
    expect(backoffDelayMs(policy, 3, () => 0)).toBe(0);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(parseRetryAfterMs("2")).toBe(2000);
    expect(parseRetryAfterMs("0.5")).toBe(500);
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfterMs("Wed, 01 Jan 2025 00:00:03 GMT", now)).toBe(3000);
    expect(parseRetryAfterMs("soon")).toBeUndefined();
    expect(parseRetryAfterMs(undefined)).toBeUndefined();
  });

  it.each([400, 401, 403, 404, 409, 412, 422])("never retries %i", (s) => {
    expect(decideRetry(policy, outcome({ ...status(s) }))).toEqual({ retry: false, reason: "not-retryable" });
  });

  it("honours Retry-After on 429 and 503 but gives up when it is longer than allowed", () => {
    expect(decideRetry(policy, outcome(status(429, { retryAfter: "3" })))).toMatchObject({ retry: true, delayMs: 3000 });
    expect(decideRetry(policy, outcome(status(503, { retryAfter: "1" })))).toMatchObject({ retry: true, delayMs: 1000 });
    expect(decideRetry(policy, outcome(status(429, { retryAfter: "3600" })))).toEqual({
      retry: false,
      reason: "retry-after-too-long",
    });
  });

  it("stops at the limit and at the deadline", () => {
    expect(decideRetry(policy, outcome({ ...status(500), retriesSoFar: policy.limit }))).toMatchObject({ retry: false });
    expect(decideRetry(policy, outcome({ ...status(500), elapsedMs: policy.deadlineMs }))).toMatchObject({ retry: false });
  });

  it("repeats a write only when the service says it was not applied", () => {
    expect(decideRetry(policy, outcome({ method: "POST", ...status(429) }))).toMatchObject({ retry: true });
    expect(decideRetry(policy, outcome({ method: "POST", ...status(503) }))).toMatchObject({ retry: true });
    expect(decideRetry(policy, outcome({ method: "POST", ...status(500) }))).toEqual({ retry: false, reason: "outcome-unknown" });
    expect(decideRetry(policy, outcome({ method: "POST", errorCode: "UND_ERR_SOCKET" }))).toEqual({
      retry: false,
      reason: "outcome-unknown",
    });
    expect(decideRetry(policy, outcome({ method: "POST", errorCode: "ECONNREFUSED" }))).toMatchObject({ retry: true });
    expect(decideRetry(policy, outcome({ method: "PUT", idempotent: false, errorCode: "ECONNRESET" }))).toMatchObject({
      reason: "outcome-unknown",
    });
    expect(decideRetry(policy, outcome({ method: "GET", errorCode: "UND_ERR_SOCKET" }))).toMatchObject({ retry: true });
  });

  it("does not retry an exhausted inference quota or 402, but retries the concurrency limit", () => {
    const quota = '{"error":{"message":"You exceeded your current quota, please check your plan and billing details"}}';
    const busy = '{"error":{"message":"Concurrency limit reached for requests"}}';
    expect(decideRetry(INFERENCE_RETRY_POLICY, outcome(status(429, { bodyText: quota })))).toMatchObject({ retry: false });
    expect(decideRetry(INFERENCE_RETRY_POLICY, outcome(status(402, { bodyText: quota })))).toMatchObject({ retry: false });
    expect(decideRetry(INFERENCE_RETRY_POLICY, outcome(status(429, { bodyText: busy })))).toMatchObject({ retry: true });
    expect(decideRetry(INFERENCE_RETRY_POLICY, outcome(status(503)))).toMatchObject({ retry: true });
  });
});
