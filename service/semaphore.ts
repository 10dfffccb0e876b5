/** How a request that held a slot ended, as far as the service's capacity is concerned. */
export type Outcome = "throttled" | "served" | "neutral";

/**
 * FIFO counting semaphore whose limit adapts to the service (AIMD, as TCP does): a throttled
 * answer (429, 503) halves the limit, down to 1; a run of served answers as long as the limit
 * raises it by one, up to the configured maximum. A deployment of thousands of resources thus
 * settles just under what the service accepts, instead of spending its retries on 429s.
 */
export class Semaphore {
  #maximum: number;
  #limit: number;
  #inFlight = 0;
  #servedInARow = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(maximum: number) {
    this.#maximum = maximum;
    this.#limit = maximum;
  }

  /** The configured ceiling. */
  get maximum(): number {
    return this.#maximum;
  }

  /** The limit in force now. */
  get limit(): number {
    return this.#limit;
  }

  /** A new ceiling starts over from it, as a fresh semaphore would; requests in flight keep their slots. */
  resize(maximum: number): void {
    if (maximum === this.#maximum) return;
    this.#maximum = maximum;
    this.#limit = maximum;
    this.#servedInARow = 0;
    this.#admitWaiting();
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
      this.#admitWaiting();
    };
  }

  #admitWaiting(): void {
    while (this.#inFlight < this.#limit && this.#waiting.length > 0) {
      this.#inFlight++;
      this.#waiting.shift()?.();
    }
  }

  #adapt(outcome: Outcome): void {
    if (outcome === "throttled") {
      this.#limit = Math.max(1, Math.floor(this.#limit / 2));
      this.#servedInARow = 0;
    } else if (outcome === "served" && ++this.#servedInARow >= this.#limit && this.#limit < this.#maximum) {
      this.#limit++;
      this.#servedInARow = 0;
    }
  }
}

// One per origin, shared by every client of that origin in the process: W&B limits concurrency
// per user and project, so two clients of the same origin must not each get their own budget.
const semaphores = new Map<string, Semaphore>();

/**
 * The origin's semaphore. Its ceiling is the `maximum` of the client built last, i.e. the
 * process's current configuration (a provider rebuilds its clients when the config changes).
 */
export function semaphoreFor(origin: string, maximum: number): Semaphore {
  let semaphore = semaphores.get(origin);
  if (!semaphore) {
    semaphore = new Semaphore(maximum);
    semaphores.set(origin, semaphore);
  }
  semaphore.resize(maximum);
  return semaphore;
}
