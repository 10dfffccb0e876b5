// The engine's Cancel aborts the operation's signal: every retry loop of that operation stops, a
// wait in progress included, while a loop of another operation (the next one) retries as ever.
import { expect, it } from "vitest";
import { retryLoop } from "../../service/retry";
import { Operation } from "../../provider/operation";

const policy = { limit: 100, backoff: { baseDelayMs: 30_000, maxDelayMs: 30_000 }, maxRetryAfterMs: 60_000, deadlineMs: 600_000 };

it("ends a loop waiting to retry, and retries nothing after, in the cancelled operation only", async () => {
  const cancellation = new AbortController();
  let attempts = 0;
  const started = Date.now();
  // A Retry-After of 30 s: without the cancel, the loop would sleep that long before its second attempt.
  const looping = retryLoop({ signal: cancellation.signal, policy, attempt: async () => ++attempts, classify: () => ({ kind: "retry", reason: "503", retryAfterMs: 30_000 }) });
  setTimeout(() => cancellation.abort(), 100);
  expect(await looping).toMatchObject({ reason: "cancelled", attempts: 1 });
  expect(Date.now() - started).toBeLessThan(10_000);

  const after = await retryLoop({ signal: cancellation.signal, policy, attempt: async () => ++attempts, classify: () => ({ kind: "retry", reason: "503" }) });
  expect(after).toMatchObject({ reason: "cancelled", attempts: 1 });

  const quick = { limit: 2, backoff: { baseDelayMs: 1, maxDelayMs: 1 }, maxRetryAfterMs: 60_000, deadlineMs: 600_000 };
  const next = await retryLoop({ signal: new AbortController().signal, policy: quick, attempt: async () => ++attempts, classify: () => ({ kind: "retry", reason: "503" }) });
  expect(next).toMatchObject({ reason: "exhausted", attempts: 3 });
});

it("an operation's Cancel aborts its own signal, not the next operation's", () => {
  const cancelled = new Operation({ stackConfig: {}, sharedWithProject: false });
  cancelled.cancel();
  expect(cancelled.signal.aborted).toBe(true);
  const next = cancelled.configured({ stackConfig: { baseUrl: "https://api.wandb.ai" }, sharedWithProject: false });
  expect(next).not.toBe(cancelled);
  expect(next.signal.aborted).toBe(false);
});
