// One collection of the organization (users, teams or custom roles) as the operation knows it: listed
// once, on first use, by every reader at once; kept truthful by our own writes; and trusted for what
// it shows, never for what it leaves out.
import { WandbApiError } from "../../service";

/** A refusal changed nothing; any other failure of a write may or may not have changed something. */
export function refused(error: unknown): boolean {
  return error instanceof WandbApiError && error.status >= 400 && error.status < 500 && !error.outcomeUnknown;
}

/** The listed objects by id. */
export interface Index<T> {
  byId(id: string): T | undefined;
  put(item: T): void;
  remove(id: string): void;
}

/** Listed on first use; changes made meanwhile apply once it is there; a failed listing is tried again. */
class Listing<T> {
  #value: Promise<T> | undefined;

  constructor(private readonly list: () => Promise<T>) {}

  /** Readers that come while the listing is under way share it: one request per page, however many they are. */
  get(): Promise<T> {
    return this.#value ?? this.#keep(this.list());
  }

  /** Applies a change; nothing to do before the first listing, which will show it. */
  update(change: (value: T) => void): void {
    if (this.#value) {
      this.#keep(
        this.#value.then((value) => {
          change(value);
          return value;
        }),
      );
    }
  }

  forget(): void {
    this.#value = undefined;
  }

  #keep(value: Promise<T>): Promise<T> {
    this.#value = value;
    value.catch(() => {
      if (this.#value === value) this.#value = undefined;
    });
    return value;
  }
}

/**
 * A collection listed at most once per operation. An object the listing does not show (created
 * since, or left out of a page) is read directly before it counts as gone: `confirmed` does that
 * read at most once per object and operation, and what it finds replaces the listed entry.
 */
export class Collection<T extends { id: string }, I extends Index<T>> {
  readonly #listing: Listing<I>;
  /** The direct reads of this operation, by id (under way or done): after one, the entry is as fresh as a read. */
  readonly #reads = new Map<string, Promise<T | undefined>>();

  constructor(
    list: () => Promise<I>,
    /** Reads one object directly; undefined when the service has no such object. */
    private readonly read: (id: string) => Promise<T | undefined>,
  ) {
    this.#listing = new Listing(list);
  }

  all(): Promise<I> {
    return this.#listing.get();
  }

  /** The object as listed; one the listing does not show is read directly. */
  async byId(id: string): Promise<T | undefined> {
    return (await this.all()).byId(id) ?? (await this.confirmed(id));
  }

  /**
   * The object as a direct read in this operation found it, or as our writes since left it: read
   * now unless done already (or under way: concurrent callers share it).
   */
  async confirmed(id: string): Promise<T | undefined> {
    const earlier = this.#reads.get(id);
    if (!earlier) return this.fetch(id);
    await earlier;
    return (await this.all()).byId(id);
  }

  /** Reads the object directly, now; the listing then shows it as found. */
  fetch(id: string): Promise<T | undefined> {
    const read = this.read(id).then((found) => {
      this.update((index) => (found ? index.put(found) : index.remove(id)));
      return found;
    });
    this.#reads.set(id, read);
    read.catch(() => {
      if (this.#reads.get(id) === read) this.#reads.delete(id);
    });
    return read;
  }

  /**
   * The listed object `pick` chooses; when the listing shows none, `lookUp` asks the service (the
   * listing is not trusted for what it leaves out), and what it finds joins the listing.
   */
  async find(pick: (index: I) => T | undefined, lookUp: () => Promise<T | undefined>): Promise<T | undefined> {
    const listed = pick(await this.all());
    if (listed) return listed;
    const found = await lookUp();
    if (found) this.update((index) => index.put(found));
    return found;
  }

  /** Applies what we learnt of an object to the listing (once it is there). */
  update(change: (index: I) => void): void {
    this.#listing.update(change);
  }

  /** Something changed that the listing cannot follow: it is listed again on next use. */
  forget(): void {
    this.#listing.forget();
  }

  /** Runs one of our writes: its answer changes the listing; a write whose effect is not known drops it. */
  async written<R>(write: () => Promise<R>, change: (index: I, answer: R) => void): Promise<R> {
    try {
      const answer = await write();
      this.update((index) => change(index, answer));
      return answer;
    } catch (error) {
      if (!refused(error)) this.forget();
      throw error;
    }
  }
}
