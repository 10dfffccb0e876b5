// The conflict rule of every write: If-Match with the ETag last seen (which every read records
// with care); on 412 re-read and judge.
import { CONFLICT_RETRY_POLICY, retryLoop, WandbApiError } from "../../service";
import { sameSet, sameState } from "./compare";
import { isStatus } from "./errors";

/** What a re-read after 412 found: the fresh ETag and the owned fields changed outside Pulumi. */
export interface Reread {
  etag: string | undefined;
  changedFields: string[];
}

/** What a read reports of a resource it finds: the state to record and, when that changed, the inputs it implies. */
export interface Found<S, I> {
  id: string;
  props: S;
  inputs?: I;
}

/**
 * What a read records, so that the next write is still guarded by If-Match (see
 * writeGuardedByEtag). `live` is the state as read; its `etag` is that of the representation it
 * was read from, "" when that carried none: W&B's list items carry no meta.version (an RFC server's
 * do, and a direct read has the header). A state read as recorded, but for an ETag the
 * representation did not carry, is the recorded one, ETag included, as a 304 would have answered:
 * at worst that ETag is stale, and a stale ETag draws a 412 whose re-read judges the owned fields
 * against this same state. A state that reads otherwise, without an ETag, records none: the old
 * one says nothing of it, so the next write reads the object first. An ETag is never newer than
 * the state recorded with it, which is what would let a write pass over a change it did not see.
 */
export function recordRead<S extends { etag: string }, I>(id: string, live: S, recorded: S | undefined, inputsOf: (state: S) => I): Found<S, I> {
  if (recorded !== undefined && (live.etag === "" || live.etag === recorded.etag) && sameState({ ...live, etag: recorded.etag }, recorded)) {
    return { id, props: recorded };
  }
  return { id, props: live, inputs: inputsOf(live) };
}

/** The refusal to overwrite a change made outside Pulumi, naming the fields and what to do. */
export function changedOutsidePulumi(what: string, fields: readonly string[]): Error {
  return new Error(
    `${what} was changed outside Pulumi (${fields.join(", ")}); ` +
      "run `pulumi refresh` to see the change, then `pulumi up` again. Nothing was overwritten.",
  );
}

/** A re-read may also find the write unnecessary (e.g. the role was already released). */
export const SETTLED = Symbol("settled");

/** One field a resource owns, as a re-read finds it beside what Pulumi last saw and what it declares now. */
export interface FieldReading {
  field: string;
  /** The live value is neither what Pulumi last saw nor what it declares: someone else changed it. */
  changedOutside: boolean;
  /** The live value is what the program declares (or the program declares nothing for it). */
  asDeclared: boolean;
}

/**
 * The rule of drift for one value: it changed outside Pulumi only when it is neither what Pulumi
 * last saw nor what it declares now. A live value equal to the declaration is our own write,
 * landed though its answer was lost. An undefined `seen` (never seen) cannot have changed; an
 * undefined `declared` (a delete, or a field this write does not set) leaves only `seen` to compare.
 */
export function valueReading<V>(
  field: string,
  values: { seen: V | undefined; declared: V | undefined; live: V },
  same: (a: V, b: V) => boolean = Object.is,
): FieldReading {
  const { seen, declared, live } = values;
  const asDeclared = declared === undefined || same(live, declared);
  return { field, changedOutside: seen !== undefined && !same(live, seen) && (declared === undefined || !asDeclared), asDeclared };
}

/**
 * The same rule for a set, item by item: an item changed outside Pulumi when its presence is
 * neither as last seen nor as declared, so a write of several items that landed in part is ours.
 */
export function setReading(
  field: string,
  values: { seen: readonly string[] | undefined; declared: readonly string[] | undefined; live: readonly string[] },
  fold: (item: string) => string = (item) => item,
): FieldReading {
  const folded = (items: readonly string[]) => new Set(items.map(fold));
  const live = folded(values.live);
  const seen = values.seen && folded(values.seen);
  const declared = values.declared && folded(values.declared);
  const changedOutside =
    seen !== undefined &&
    [...new Set([...seen, ...(declared ?? []), ...live])].some(
      (item) => live.has(item) !== seen.has(item) && (declared === undefined || live.has(item) !== declared.has(item)),
    );
  const asDeclared = values.declared === undefined || sameSet(values.declared, values.live, fold);
  return { field, changedOutside, asDeclared };
}

/** The fields a re-read found changed outside Pulumi. */
export function changedFieldsOf(readings: readonly FieldReading[]): string[] {
  return readings.filter((reading) => reading.changedOutside).map((reading) => reading.field);
}

/** A write whose answer was lost: it may or may not have landed, so the object is read again and judged. */
function outcomeUnknown(error: unknown): error is WandbApiError {
  return error instanceof WandbApiError && error.outcomeUnknown;
}

interface GuardedWrite<T, R> {
  what: string;
  /** The operation's cancellation: a write is not repeated once it aborts. */
  signal: AbortSignal;
  etag: string | undefined;
  write: (etag: string | undefined) => Promise<T>;
  reread: () => Promise<R>;
}

/**
 * The conflict rule of every write: it carries the ETag we last saw; on 412 the object is read
 * again, and the write is repeated with the fresh ETag as long as the fields this resource owns are
 * still as we last saw them (other resources, such as role assignments on the same user, moved the
 * ETag, possibly several at once). Otherwise it fails, naming the fields changed outside Pulumi.
 * A write whose answer was lost is judged the same way. With no ETag known, it reads first: a
 * write is never unconditional.
 */
export function writeGuardedByEtag<T>(options: GuardedWrite<T, Reread>): Promise<T>;
export function writeGuardedByEtag<T>(options: GuardedWrite<T, Reread | typeof SETTLED>): Promise<T | typeof SETTLED>;
export async function writeGuardedByEtag<T>(options: GuardedWrite<T, Reread | typeof SETTLED>): Promise<T | typeof SETTLED> {
  /** The ETag to write with after a re-read, unless the re-read settles or forbids the write. */
  const judge = (fresh: Reread): string | undefined => {
    if (fresh.changedFields.length > 0) throw changedOutsidePulumi(options.what, fresh.changedFields);
    return fresh.etag;
  };
  let etag = options.etag || undefined;
  if (etag === undefined) {
    // No ETag known (the service sends it with GET, not always with other answers): a write
    // without one would be unconditional, so read first and judge as after a 412.
    const fresh = await options.reread();
    if (fresh === SETTLED) return SETTLED;
    etag = judge(fresh);
  }
  // Each 412 means another writer just moved the ETag: re-read, judge, and write again after a
  // short spread-out wait (so that one of several racing writers wins), within the policy's limit.
  const result = await retryLoop({
    signal: options.signal,
    policy: CONFLICT_RETRY_POLICY,
    attempt: async (): Promise<{ written: T } | typeof SETTLED | { unsettled: WandbApiError }> => {
      let unsettled: WandbApiError;
      try {
        return { written: await options.write(etag) };
      } catch (error) {
        // A lost answer is judged like a 412: the re-read tells whether the write landed, and a
        // repeat carries the fresh ETag, so it can never apply twice.
        if (!isStatus(error, 412) && !outcomeUnknown(error)) throw error;
        unsettled = error;
      }
      const fresh = await options.reread();
      if (fresh === SETTLED) return SETTLED;
      etag = judge(fresh);
      return { unsettled };
    },
    classify: (outcome) =>
      outcome !== SETTLED && "unsettled" in outcome
        ? { kind: "retry", reason: `${outcome.unsettled.status === 412 ? "412" : "answer lost"}: owned fields unchanged` }
        : { kind: "success" },
  });
  const { outcome } = result;
  if (outcome === SETTLED) return SETTLED;
  if ("written" in outcome) return outcome.written;
  // Still failing after the policy's attempts: a lost answer tells its own story (a failing service).
  if (outcome.unsettled.status !== 412) throw outcome.unsettled;
  throw new Error(`${options.what} kept changing while Pulumi wrote it (${result.attempts} attempts); run \`pulumi up\` again`);
}

/** A re-read before a write that brings an object to the declaration. */
export interface ConvergenceReread<T> {
  /** The object as it is now. */
  live: T;
  etag: string | undefined;
  /** Its owned fields beside what Pulumi last saw and what it declares. */
  readings: readonly FieldReading[];
}

/**
 * The conflict rule for a write that brings the object to the declaration. When a re-read finds
 * every owned field already as declared (an earlier write landed though its answer was lost),
 * nothing is written: the object as re-read is the result, with its fresh ETag. Otherwise as
 * `writeGuardedByEtag`: fields changed outside Pulumi forbid the write, others let it go on.
 */
export function convergeGuardedByEtag<T>(options: {
  what: string;
  signal: AbortSignal;
  etag: string | undefined;
  write: (etag: string | undefined) => Promise<T>;
  reread: () => Promise<ConvergenceReread<T>>;
}): Promise<T> {
  let alreadyDeclared: { live: T } | undefined;
  return writeGuardedByEtag({
    signal: options.signal,
    what: options.what,
    etag: options.etag,
    write: async (etag) => (alreadyDeclared ? alreadyDeclared.live : options.write(etag)),
    reread: async () => {
      const { live, etag, readings } = await options.reread();
      const changedFields = changedFieldsOf(readings);
      alreadyDeclared = changedFields.length === 0 && readings.every((reading) => reading.asDeclared) ? { live } : undefined;
      return { etag, changedFields };
    },
  });
}
