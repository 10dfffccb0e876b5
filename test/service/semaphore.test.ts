import { describe, expect, it } from "vitest";
import { Semaphore, semaphoreFor } from "../../service/semaphore";

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

describe("the semaphore of an origin", () => {
  it("is shared by every client of the origin, whatever limit each asked for; the latest ceiling holds", () => {
    const origin = `https://shared-${process.pid}.example`;
    const first = semaphoreFor(origin, 8);
    const second = semaphoreFor(origin, 4);
    expect(second).toBe(first);
    expect(first).toMatchObject({ maximum: 4, limit: 4 });
    expect(semaphoreFor(`https://other-${process.pid}.example`, 4)).not.toBe(first);
  });

  it("lets waiting requests in when a new ceiling is higher, and keeps in-flight slots when it is lower", async () => {
    const semaphore = new Semaphore(1);
    const [held] = await hold(semaphore, 1);
    let admitted = false;
    const waiting = semaphore.acquire().then((release) => ((admitted = true), release));
    await Promise.resolve();
    expect(admitted).toBe(false);
    semaphore.resize(2);
    const second = await waiting;
    expect(admitted).toBe(true);
    semaphore.resize(1);
    let third = false;
    const thirdWaiting = semaphore.acquire().then((release) => ((third = true), release));
    held!("neutral");
    await Promise.resolve();
    expect(third).toBe(false);
    second("neutral");
    (await thirdWaiting)("neutral");
    expect(third).toBe(true);
  });
});
