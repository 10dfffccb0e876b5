import { describe, expect, it } from "vitest";
import { retryLoop, type LoopClock, type RetryLoopEvent } from "../../service/retry";
import {
  classifyHttpAttempt,
  CONFLICT_RETRY_POLICY,
  DEFAULT_RETRY_POLICY,
  type RetrySchedule,
  type Verdict,
} from "../../service/retry-policy";

/** A clock that only moves when the loop sleeps or an attempt says it took time; records every wait. */
function fakeClock(random = () => 1): LoopClock & { waits: number[]; advance(ms: number): void } {
  let now = 1_000_000;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
    random,
    advance: (ms) => {
      now += ms;
    },
  };
}

const schedule = (overrides: Partial<RetrySchedule> = {}): RetrySchedule => ({
  limit: 4,
  backoff: { baseDelayMs: 100, maxDelayMs: 1_000 },
  maxRetryAfterMs: 5_000,
  deadlineMs: 60_000,
  ...overrides,
});

/** Runs the loop over scripted verdicts, one per attempt (the last one repeats). */
async function run(policy: RetrySchedule, verdicts: Verdict<"bad">[], clock = fakeClock()) {
  const events: RetryLoopEvent[] = [];
  const result = await retryLoop({
    policy,
    attempt: async (attempt) => attempt,
    classify: (attempt) => verdicts[Math.min(attempt, verdicts.length) - 1]!,
    log: (event) => events.push(event),
    clock,
  });
  return { ...result, events, waits: clock.waits };
}

const retry = (reason = "flaky", retryAfterMs?: number): Verdict<"bad"> => ({
  kind: "retry",
  reason,
  ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
});

describe("the retry loop", () => {
  it("retries until success, waiting exponential backoff", async () => {
    const result = await run(schedule(), [retry(), retry(), retry(), { kind: "success" }]);
    expect(result).toMatchObject({ outcome: 4, attempts: 4, reason: "success" });
    expect(result.waits).toEqual([100, 200, 400]);
    expect(result.events).toEqual([
      { type: "retry", attempt: 1, delayMs: 100, reason: "flaky" },
      { type: "retry", attempt: 2, delayMs: 200, reason: "flaky" },
      { type: "retry", attempt: 3, delayMs: 400, reason: "flaky" },
    ]);
  });

  it("draws each wait uniformly below the capped exponential ceiling (full jitter)", async () => {
    const draws = [0.5, 0, 0.25, 0.9];
    const clock = fakeClock(() => draws.shift() ?? 1);
    const result = await run(schedule({ limit: 10 }), [retry(), retry(), retry(), retry(), { kind: "success" }], clock);
    expect(result.waits).toEqual([50, 0, 100, 720]);
  });

  it("stops after `limit` retries and reports the limit as the reason", async () => {
    const result = await run(schedule({ limit: 2 }), [retry("status 500")]);
    expect(result).toMatchObject({ attempts: 3, reason: "exhausted" });
    expect(result.waits).toHaveLength(2);
    expect(result.events.at(-1)).toEqual({ type: "give-up", attempts: 3, reason: "exhausted (status 500)" });
  });

  it("makes no retry at all with limit 0", async () => {
    const result = await run(schedule({ limit: 0 }), [retry()]);
    expect(result).toMatchObject({ attempts: 1, reason: "exhausted" });
    expect(result.waits).toEqual([]);
  });

  it("waits Retry-After instead of the backoff, and gives up at once when it is longer than allowed", async () => {
    const honoured = await run(schedule(), [retry("status 429", 2_000), { kind: "success" }]);
    expect(honoured.waits).toEqual([2_000]);
    expect(honoured.events[0]).toEqual({ type: "retry", attempt: 1, delayMs: 2_000, reason: "status 429" });

    const tooLong = await run(schedule({ maxRetryAfterMs: 1_000 }), [retry("status 429", 3_600_000)]);
    expect(tooLong).toMatchObject({ attempts: 1, reason: "retry-after-too-long" });
    expect(tooLong.waits).toEqual([]);
  });

  it("never waits past the overall deadline, counting the time attempts take", async () => {
    const clock = fakeClock();
    const events: RetryLoopEvent[] = [];
    const result = await retryLoop({
      policy: schedule({ limit: 100, deadlineMs: 1_000 }),
      attempt: async () => clock.advance(300),
      classify: () => retry("slow"),
      log: (event) => events.push(event),
      clock,
    });
    // 300 + 100 + 300 + 200 + 300 = 1200 would pass the deadline: the loop stops before that wait.
    expect(result).toMatchObject({ attempts: 3, reason: "exhausted" });
    expect(clock.waits).toEqual([100, 200]);
    expect(events.at(-1)).toMatchObject({ type: "give-up", reason: "exhausted (slow)" });
  });

  it("stops on a failure verdict without waiting, and logs it as a give-up", async () => {
    const result = await run(schedule(), [retry(), { kind: "fail", reason: "bad" }]);
    expect(result).toMatchObject({ outcome: 2, attempts: 2, reason: "bad" });
    expect(result.waits).toEqual([100]);
    expect(result.events.at(-1)).toEqual({ type: "give-up", attempts: 2, reason: "bad" });
  });

  it("lets an attempt's exception end the loop, without a retry", async () => {
    const clock = fakeClock();
    let attempts = 0;
    const loop = retryLoop({
      policy: schedule(),
      attempt: async () => {
        attempts++;
        throw new Error("boom");
      },
      classify: () => retry(),
      clock,
    });
    await expect(loop).rejects.toThrow("boom");
    expect(attempts).toBe(1);
    expect(clock.waits).toEqual([]);
  });

  it("applies an HTTP policy given as data: Retry-After on 429, backoff on 503, no retry on 404", async () => {
    const statuses = [{ status: 429, retryAfter: "1" }, { status: 503 }, { status: 404 }];
    const clock = fakeClock();
    const result = await retryLoop({
      policy: { ...DEFAULT_RETRY_POLICY, backoff: { baseDelayMs: 10, maxDelayMs: 100 } },
      attempt: async (attempt) => statuses[attempt - 1]!,
      classify: (answer) => classifyHttpAttempt(DEFAULT_RETRY_POLICY, { method: "GET", response: { ...answer, bodyText: "" } }),
      clock,
    });
    expect(result).toMatchObject({ attempts: 3, reason: "not-retryable", outcome: { status: 404 } });
    expect(clock.waits).toEqual([1_000, 20]);
  });

  it("gives a 412 conflict eight writes, with short waits", async () => {
    const result = await run(CONFLICT_RETRY_POLICY, [retry("412")]);
    expect(result).toMatchObject({ attempts: CONFLICT_RETRY_POLICY.limit + 1, reason: "exhausted" });
    expect(result.attempts).toBe(8);
    expect(Math.max(...result.waits)).toBeLessThanOrEqual(CONFLICT_RETRY_POLICY.backoff.maxDelayMs);
  });
});
