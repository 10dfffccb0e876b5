// The guard rails at the writes themselves: every removal of a user (delete, deactivation) and
// every demotion of an admin that a roster's resources make in one engine operation is counted
// against the organization as W&B listed it when the operation first removed someone. The engine
// sends the deletes that do not depend on each other together, up to its parallelism: they are
// judged together, as one wave, so that a refused change is refused whole rather than cut at the
// limit. Once a wave is refused, every later removal of the operation is refused too.
import { runRemovalsRefusal, type LiveCount, type RunRemovals } from "../model/guard-rails";
import type { GuardRailSettings } from "../service/config";

/** One write that removes access, by a resource an Organization declares. */
export interface Removal {
  readonly organization: string;
  readonly userName: string;
  /** The user leaves the organization (deleted or deactivated). */
  readonly removesUser: boolean;
  /** The user held the organization role admin, and no longer will. */
  readonly demotesAdmin: boolean;
}

/** How long the provider waits, after the last removal arrived, for the rest of its wave. */
const WAVE_SETTLES_MS = 250;

interface Waiting {
  readonly removal: Removal;
  admitted(): void;
  refused(error: unknown): void;
}

const removalsOf = (removals: readonly Removal[]): RunRemovals => ({
  users: removals.filter((removal) => removal.removesUser).map((removal) => removal.userName),
  admins: removals.filter((removal) => removal.demotesAdmin).map((removal) => removal.userName),
});

export class RunRemovalsGuard {
  #live: Promise<LiveCount> | undefined;
  readonly #done: Removal[] = [];
  #refusal: string | undefined;
  #wave: Waiting[] = [];
  #settling: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly listLive: () => Promise<LiveCount>,
    private readonly settings: () => GuardRailSettings,
  ) {}

  /** Settles when the removal may be written; fails, before any write of it, with the guard rails' refusal. */
  admit(removal: Removal): Promise<void> {
    return new Promise((admitted, refused) => {
      this.#wave.push({ removal, admitted, refused });
      clearTimeout(this.#settling);
      this.#settling = setTimeout(() => void this.#judge(), WAVE_SETTLES_MS);
    });
  }

  async #judge(): Promise<void> {
    const wave = this.#wave;
    this.#wave = [];
    try {
      // Listed once, before the first removal of the operation is written.
      const live = await (this.#live ??= this.listLive());
      const removals = wave.map((waiting) => waiting.removal);
      const organizations = [...new Set(removals.map((removal) => removal.organization))].sort();
      this.#refusal ??= runRemovalsRefusal(organizations, removalsOf(this.#done), removalsOf(removals), live, this.settings());
      if (this.#refusal !== undefined) {
        for (const waiting of wave) waiting.refused(new Error(this.#refusal));
        return;
      }
      this.#done.push(...removals);
      for (const waiting of wave) waiting.admitted();
    } catch (error) {
      for (const waiting of wave) waiting.refused(error);
    }
  }
}
