// What a create does when the natural key it posts is taken: the object holding it is taken over
// only when it is what this resource makes (its own POST whose answer was lost, or what an
// interrupted run of it made) or what its own destroy leaves; someone else's object is never
// touched. The one judge of it: the client reports the object it found after an unknown outcome
// and judges nothing.
import { KeyHeldError } from "../../service";
import { isStatus } from "./errors";
import type { EngineOutput } from "./engine-output";

/** How an existing object with the natural key stands to the declaration; `found` says what was found, for the warning. */
export type Claim =
  /** Equal to the declaration in every field the resource owns, as its create makes it. */
  | { kind: "as-declared"; found: string }
  /** What this resource's destroy leaves behind, e.g. an emptied team. */
  | { kind: "left-by-destroy"; found: string }
  /** Someone else's: never taken over. */
  | { kind: "not-ours"; differing: string[] };

/** What the service shows of every object: its id, and when it was made where the wire carries it. */
interface Held {
  id: string;
  created?: string;
}

export interface CreateByNaturalKey<T extends Held> {
  /** For messages, e.g. `user "ana"`. */
  what: string;
  /** The POST; after an unknown outcome the client reports the object holding the natural key (a KeyHeldError). */
  post(): Promise<T>;
  /** The object holding the natural key, after the service refused the POST with a 409. */
  find(): Promise<T | undefined>;
  claim(existing: T): Claim | Promise<Claim>;
  /** The error for a natural key that is not ours to take, with the adoption hint. */
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
 * 409 the resource explains, as it would without any fault. One lookup at most: after an unknown
 * outcome the client's, after a 409 this one's.
 */
export async function createOrTakeOver<T extends Held>(output: EngineOutput, spec: CreateByNaturalKey<T>): Promise<Made<T>> {
  try {
    return { object: await spec.post(), created: true };
  } catch (error) {
    const lostAnswer = error instanceof KeyHeldError;
    if (!lostAnswer && !isStatus(error, 409)) throw error;
    // The client found it answering this very POST, so it is of the kind posted.
    const existing: T | undefined = lostAnswer ? error.holder : await spec.find();
    // No object holds the natural key it looks up: the service refused for another reason (e.g. a user's email).
    if (existing === undefined) throw spec.refuse(error, []);
    const claim = await spec.claim(existing);
    if (claim.kind === "not-ours") throw spec.refuse(error, claim.differing);
    // As declared, found after this POST's outcome was unknown: taken as what the POST made, so nothing to tell.
    if (lostAnswer && claim.kind === "as-declared") return { object: existing, created: true };
    output.warn(`${spec.what} already existed in W&B (${seenAs(existing)}), ${claim.found}: taken over, it is now managed by this stack.`);
    return { object: existing, created: false };
  }
}

/** An existing object as a message names it: its id, and when it was made where the wire tells. */
function seenAs(existing: Held): string {
  return existing.created === undefined ? `id ${existing.id}` : `id ${existing.id}, created ${existing.created}`;
}

/**
 * How an object found in a listing stands to a create that would take it over, for the preview to
 * name: whatever it holds when the resource adopts (`adoptExisting`), else as `claim` judges it (as
 * the create would; undefined where the listing cannot tell). Undefined when there is none, or it is
 * not ours to take.
 */
export async function takenOver<T extends Held>(
  existing: T | undefined,
  adopts: boolean,
  claim: (existing: T) => Claim | undefined | Promise<Claim | undefined>,
): Promise<string | undefined> {
  if (existing === undefined) return undefined;
  if (adopts) return `${seenAs(existing)}, which adoptExisting adopts and converges to the declaration`;
  const judged = await claim(existing);
  return judged === undefined || judged.kind === "not-ours" ? undefined : `${seenAs(existing)}, ${judged.found}`;
}

/** The sentence a refusal adds about an existing object that differs from the declaration. */
export function leftAsItIs(differing: readonly string[]): string {
  return differing.length === 0 ? "" : ` The existing one differs from the declaration (${differing.join(", ")}), so it was left as it is.`;
}
