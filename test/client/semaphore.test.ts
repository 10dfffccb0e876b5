import { describe, expect, it } from "vitest";
import { Semaphore } from "../../api/client/semaphore";

async function hold(semaphore: Semaphore, count: number) {
  return Promise.all(Array.from({ length: count }, () => semaphore.acquire()));
}

describe("the adaptive concurrency limit", () => {
  it("never lets more than the limit in, and serves waiters first come, first served", async () => {
    const semaphore = new Semaphore(2);
    const [a, b] = await hold(semaphore, 2);
    const order: number[] = [];
    const waiters = [1, 2, 3].map((n) => semaphore.acquire().then((release) => (order.push(n), release)));
    a!("served");
    b!("served");
    const [first, second] = await Promise.all(waiters.slice(0, 2));
    expect(order).toEqual([1, 2]);
    first!("served");
    const third = await waiters[2];
    expect(order).toEqual([1, 2, 3]);
    second!("served");
    third!("served");
  });

  it("halves on a throttled answer, down to one", async () => {
    const semaphore = new Semaphore(8);
    for (const expected of [4, 2, 1, 1]) {
      const [release] = await hold(semaphore, 1);
      release!("throttled");
      expect(semaphore.limit).toBe(expected);
    }
  });

  it("grows by one after as many served answers in a row as the limit, up to the maximum", async () => {
    const semaphore = new Semaphore(3);
    (await semaphore.acquire())("throttled");
    expect(semaphore.limit).toBe(1);
    (await semaphore.acquire())("served");
    expect(semaphore.limit).toBe(2);
    (await semaphore.acquire())("served");
    expect(semaphore.limit).toBe(2);
    (await semaphore.acquire())("served");
    expect(semaphore.limit).toBe(3);
    for (let i = 0; i < 10; i++) (await semaphore.acquire())("served");
    expect(semaphore.limit).toBe(3);
  });

  it("leaves the limit alone for answers that say nothing about capacity", async () => {
    const semaphore = new Semaphore(4);
    (await semaphore.acquire())("neutral");
    expect(semaphore.limit).toBe(4);
  });
});
