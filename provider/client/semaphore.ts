/** FIFO counting semaphore. */
export class Semaphore {
  #available: number;
  readonly #waiting: Array<() => void> = [];

  constructor(readonly limit: number) {
    this.#available = limit;
  }

  async acquire(): Promise<() => void> {
    if (this.#available > 0) {
      this.#available--;
    } else {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      // Hand the slot straight to the next waiter so a newcomer cannot overtake it.
      if (next) next();
      else this.#available++;
    };
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
