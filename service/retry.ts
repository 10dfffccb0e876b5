// The one retry loop of the codebase: HTTP exchanges, create reconciliation and the 412 rule all
// repeat through it, so waits, limits and deadlines come from policy data, never from ad-hoc sleeps.
import { setTimeout as sleep } from "node:timers/promises";
import { backoffDelayMs, type RetrySchedule, type Verdict } from "./retry-policy";

export type GiveUpReason = "exhausted" | "retry-after-too-long" | "cancelled";

export type RetryLoopEvent =
  | { type: "retry"; attempt: number; delayMs: number; reason: string }
  | { type: "give-up"; attempts: number; reason: string };

/** Time as the loop sees it; tests replace it to check waits without waiting. */
export interface LoopClock {
  now(): number;
  /** Waits `ms`, or until `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Uniform in [0, 1): the jitter. */
  random(): number;
}

const REAL_CLOCK: LoopClock = {
  now: Date.now,
  sleep: (ms, signal) => sleep(ms, undefined, signal ? { signal } : {}).catch(() => undefined),
  random: Math.random,
};

export interface RetryLoop<T, Failure extends string> {
  policy: RetrySchedule;
  /** One attempt (1-based number); a throw ends the loop with that error. */
  attempt: (attempt: number) => Promise<T>;
  classify: (outcome: T) => Verdict<Failure>;
  log?: (event: RetryLoopEvent) => void;
  clock?: LoopClock;
  /** The operation's cancellation (the engine's Cancel): once aborted, the loop retries nothing, a wait in progress included. */
  signal?: AbortSignal;
}

export interface LoopResult<T, Failure extends string> {
  /** The last attempt's outcome. */
  outcome: T;
  attempts: number;
  reason: "success" | Failure | GiveUpReason;
}

/**
 * Attempts until the classifier says success or failure, or the policy's limit, deadline, a
 * too-long `Retry-After` or the operation's cancellation (`signal`) ends it. Between attempts it waits the server's `Retry-After` when the
 * classifier passes one on, else exponential backoff with full jitter.
 */
export async function retryLoop<T, Failure extends string>(loop: RetryLoop<T, Failure>): Promise<LoopResult<T, Failure>> {
  const clock = loop.clock ?? REAL_CLOCK;
  const started = clock.now();
  for (let attempt = 1; ; attempt++) {
    const outcome = await loop.attempt(attempt);
    const verdict = loop.classify(outcome);
    if (verdict.kind === "success") return { outcome, attempts: attempt, reason: "success" };
    if (verdict.kind === "fail") {
      loop.log?.({ type: "give-up", attempts: attempt, reason: verdict.reason });
      return { outcome, attempts: attempt, reason: verdict.reason };
    }
    const wait = loop.signal?.aborted ? "cancelled" : nextWait(loop.policy, verdict, attempt - 1, clock.now() - started, clock.random);
    if (typeof wait === "string") {
      loop.log?.({ type: "give-up", attempts: attempt, reason: `${wait} (${verdict.reason})` });
      return { outcome, attempts: attempt, reason: wait };
    }
    loop.log?.({ type: "retry", attempt, delayMs: wait, reason: verdict.reason });
    await clock.sleep(wait, loop.signal);
    if (loop.signal?.aborted) {
      loop.log?.({ type: "give-up", attempts: attempt, reason: `cancelled (${verdict.reason})` });
      return { outcome, attempts: attempt, reason: "cancelled" };
    }
  }
}

function nextWait(
  policy: RetrySchedule,
  verdict: { retryAfterMs?: number },
  retriesSoFar: number,
  elapsedMs: number,
  random: () => number,
): number | GiveUpReason {
  if (retriesSoFar >= policy.limit) return "exhausted";
  let delayMs = backoffDelayMs(policy, retriesSoFar, random);
  if (verdict.retryAfterMs !== undefined) {
    if (verdict.retryAfterMs > policy.maxRetryAfterMs) return "retry-after-too-long";
    delayMs = verdict.retryAfterMs;
  }
  if (elapsedMs + delayMs >= policy.deadlineMs) return "exhausted";
  return delayMs;
}
