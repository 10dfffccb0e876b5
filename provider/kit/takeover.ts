// What a create does when the natural key it posts is taken: the object holding it is taken over
// only when it is what this resource makes (its own POST whose answer was lost, or an earlier run
// that was interrupted) or what its own destroy leaves; someone else's object is never touched.
import type { IsOurs } from "../../api/client";
import { isStatus } from "./errors";
import { warn } from "./engine-output";

/** How an existing object with the natural key stands to the declaration. */
export type Claim =
  /** Equal to the declaration in every field the resource owns, as its create makes it. */
  | { kind: "as-declared" }
  /** What this resource's destroy leaves behind, e.g. an emptied team; `found` says what was found, for the warning. */
  | { kind: "left-by-destroy"; found: string }
  /** Someone else's: never taken over. */
  | { kind: "not-ours"; differing: string[] };

export interface CreateByNaturalKey<T> {
  /** For messages, e.g. `user "ana"`. */
  what: string;
  /** The POST; the client returns an object found after a lost answer only when `isOurs` says so. */
  post(isOurs: IsOurs<T>): Promise<T>;
  /** The object holding the natural key, read afresh. */
  find(): Promise<T | undefined>;
  claim(existing: T): Claim | Promise<Claim>;
  /** The error for a natural key that is not ours to take: the 409 with the adoption hint. */
  refuse(conflict: unknown, differing: readonly string[]): Error;
}

export interface Made<T> {
  object: T;
  /** True when this create made it; false when an object that already existed was taken over. */
  created: boolean;
}

/**
 * Creates the object, or takes over the one holding its natural key when that one is ours to
 * take (see `Claim`), with a warning naming it in the engine's output; otherwise fails with the
 * 409 the resource explains, as it would without any fault.
 */
export async function createOrTakeOver<T>(spec: CreateByNaturalKey<T>): Promise<Made<T>> {
  try {
    return { object: await spec.post(async (existing) => (await spec.claim(existing)).kind === "as-declared"), created: true };
  } catch (error) {
    if (!isStatus(error, 409)) throw error;
    const existing = await spec.find();
    // No object holds the natural key it looks up: the service refused for another reason (e.g. a user's email).
    if (existing === undefined) throw spec.refuse(error, []);
    const claim = await spec.claim(existing);
    if (claim.kind === "not-ours") throw spec.refuse(error, claim.differing);
    const found =
      claim.kind === "as-declared" ? "exactly as declared (made by an earlier run that was interrupted, or whose answer was lost)" : claim.found;
    warn(`${spec.what} already existed in W&B, ${found}: taken over, it is now managed by this stack.`);
    return { object: existing, created: false };
  }
}

/** The sentence a refusal adds about an existing object that differs from the declaration. */
export function leftAsItIs(differing: readonly string[]): string {
  return differing.length === 0 ? "" : ` The existing one differs from the declaration (${differing.join(", ")}), so it was left as it is.`;
}
