import { describe, expect, it } from "vitest";
import {
  backoffDelayMs,
  classifyHttpAttempt,
  DEFAULT_RETRY_POLICY,
  INFERENCE_RETRY_POLICY,
  parseRetryAfterMs,
  type HttpAttemptOutcome,
} from "../../service/retry-policy";

const policy = DEFAULT_RETRY_POLICY;
const outcome = (o: Partial<HttpAttemptOutcome>): HttpAttemptOutcome => ({ method: "GET", ...o });
const status = (s: number, extra: { retryAfter?: string; bodyText?: string } = {}) => ({
  response: { status: s, bodyText: "", ...extra },
});
const classify = (o: Partial<HttpAttemptOutcome>) => classifyHttpAttempt(policy, outcome(o));

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

  it("calls answers below 400 a success", () => {
    expect(classify(status(200))).toEqual({ kind: "success" });
    expect(classify({ method: "POST", ...status(201) })).toEqual({ kind: "success" });
    expect(classify(status(304))).toEqual({ kind: "success" });
  });

  it.each([400, 401, 403, 404, 409, 412, 422])("never retries %i", (s) => {
    expect(classify(status(s))).toEqual({ kind: "fail", reason: "not-retryable" });
  });

  it("passes Retry-After on 429 and 503 to the loop, and ignores it on other statuses", () => {
    expect(classify(status(429, { retryAfter: "3" }))).toEqual({ kind: "retry", reason: "status 429", retryAfterMs: 3000 });
    expect(classify(status(503, { retryAfter: "1" }))).toEqual({ kind: "retry", reason: "status 503", retryAfterMs: 1000 });
    expect(classify(status(500, { retryAfter: "7" }))).toEqual({ kind: "retry", reason: "status 500" });
    expect(classify(status(429))).toEqual({ kind: "retry", reason: "status 429" });
  });

  it("repeats a write only when the service says it was not applied", () => {
    expect(classify({ method: "POST", ...status(429) })).toMatchObject({ kind: "retry" });
    expect(classify({ method: "POST", ...status(503) })).toMatchObject({ kind: "retry" });
    expect(classify({ method: "POST", ...status(500) })).toEqual({ kind: "fail", reason: "outcome-unknown" });
    expect(classify({ method: "POST", errorCode: "UND_ERR_SOCKET" })).toEqual({ kind: "fail", reason: "outcome-unknown" });
    expect(classify({ method: "POST", errorCode: "ECONNREFUSED" })).toMatchObject({ kind: "retry", reason: "ECONNREFUSED" });
    expect(classify({ method: "PUT", idempotent: false, errorCode: "ECONNRESET" })).toEqual({ kind: "fail", reason: "outcome-unknown" });
    expect(classify({ method: "PATCH", idempotent: true, ...status(500) })).toMatchObject({ kind: "retry" });
    expect(classify({ method: "GET", errorCode: "UND_ERR_SOCKET" })).toMatchObject({ kind: "retry" });
    expect(classify({ method: "GET", errorCode: "ERR_SOMETHING_ELSE" })).toEqual({ kind: "fail", reason: "not-retryable" });
  });

  it("does not retry an exhausted inference quota or 402, but retries the concurrency limit", () => {
    const quota = '{"error":{"message":"You exceeded your current quota, please check your plan and billing details"}}';
    const busy = '{"error":{"message":"Concurrency limit reached for requests"}}';
    expect(classifyHttpAttempt(INFERENCE_RETRY_POLICY, outcome(status(429, { bodyText: quota })))).toMatchObject({ kind: "fail" });
    expect(classifyHttpAttempt(INFERENCE_RETRY_POLICY, outcome(status(402, { bodyText: quota })))).toMatchObject({ kind: "fail" });
    expect(classifyHttpAttempt(INFERENCE_RETRY_POLICY, outcome(status(429, { bodyText: busy })))).toMatchObject({ kind: "retry" });
    expect(classifyHttpAttempt(INFERENCE_RETRY_POLICY, outcome(status(503)))).toMatchObject({ kind: "retry" });
  });
});
