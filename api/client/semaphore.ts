/** How a request that held a slot ended, as far as the service's capacity is concerned. */
export type Outcome = "throttled" | "served" | "neutral";

/**
 * FIFO counting semaphore whose limit adapts to the service (AIMD, as TCP does): a throttled
 * answer (429, 503) halves the limit, down to 1; a run of served answers as long as the limit
 * raises it by one, up to the configured maximum. A deployment of thousands of resources thus
 * settles just under what the service accepts, instead of spending its retries on 429s.
 */
export class Semaphore {
  #limit: number;
  #inFlight = 0;
  #servedInARow = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(readonly maximum: number) {
    this.#limit = maximum;
  }

  /** The limit in force now. */
  get limit(): number {
    return this.#limit;
  }

  async acquire(): Promise<(outcome: Outcome) => void> {
    if (this.#inFlight < this.#limit) this.#inFlight++;
    // The releaser counts the slot in for us before waking us, so a newcomer cannot overtake.
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    let released = false;
    return (outcome) => {
      if (released) return;
      released = true;
      this.#inFlight--;
      this.#adapt(outcome);
      while (this.#inFlight < this.#limit && this.#waiting.length > 0) {
        this.#inFlight++;
        this.#waiting.shift()?.();
      }
    };
  }

  #adapt(outcome: Outcome): void {
    if (outcome === "throttled") {
      this.#limit = Math.max(1, Math.floor(this.#limit / 2));
      this.#servedInARow = 0;
    } else if (outcome === "served" && ++this.#servedInARow >= this.#limit && this.#limit < this.maximum) {
      this.#limit++;
      this.#servedInARow = 0;
    }
  }
}

// Shared by every client in the process: W&B limits concurrency per user and
// project, so two clients of the same origin must not each get their own budget.
const semaphores = new Map<string, Semaphore>();

export function semaphoreFor(origin: string, limit: number): Semaphore {
  const key = `${origin}#${limit}`;
  let semaphore = semaphores.get(key);
  if (!semaphore) {
    semaphore = new Semaphore(limit);
    semaphores.set(key, semaphore);
  }
  return semaphore;
}
