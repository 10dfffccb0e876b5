// The engine's Cancel stops every retry loop of the process, a wait in progress included: the
// cancellation lasts for the process, so it has a test file (a process) of its own.
import { expect, it } from "vitest";
import { cancelRetries, retryLoop } from "../../service/retry";

it("ends a loop waiting to retry, and retries nothing after", async () => {
  const policy = { limit: 100, backoff: { baseDelayMs: 30_000, maxDelayMs: 30_000 }, maxRetryAfterMs: 60_000, deadlineMs: 600_000 };
  let attempts = 0;
  const started = Date.now();
  // A Retry-After of 30 s: without the cancel, the loop would sleep that long before its second attempt.
  const looping = retryLoop({ policy, attempt: async () => ++attempts, classify: () => ({ kind: "retry", reason: "503", retryAfterMs: 30_000 }) });
  setTimeout(cancelRetries, 100);
  expect(await looping).toMatchObject({ reason: "cancelled", attempts: 1 });
  expect(Date.now() - started).toBeLessThan(10_000);

  const after = await retryLoop({ policy, attempt: async () => ++attempts, classify: () => ({ kind: "retry", reason: "503" }) });
  expect(after).toMatchObject({ reason: "cancelled", attempts: 1 });
});
