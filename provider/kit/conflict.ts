// The conflict rule of every write: If-Match with the ETag last seen; on 412 re-read and judge.
import { CONFLICT_RETRY_POLICY, retryLoop } from "../../api/client";
import { isStatus } from "./errors";

/** What a re-read after 412 found: the fresh ETag and the owned fields changed outside Pulumi. */
export interface Reread {
  etag: string | undefined;
  changedFields: string[];
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

interface GuardedWrite<T, R> {
  what: string;
  etag: string | undefined;
  write: (etag: string | undefined) => Promise<T>;
  reread: () => Promise<R>;
}

/**
 * The conflict rule of every write: it carries the ETag we last saw; on 412 the object is read
 * again, and the write is repeated with the fresh ETag as long as the fields this resource owns are
 * still as we last saw them (other resources, such as role assignments on the same user, moved the
 * ETag, possibly several at once). Otherwise it fails, naming the fields changed outside Pulumi.
 * With no ETag known, it reads first: a write is never unconditional.
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
    policy: CONFLICT_RETRY_POLICY,
    attempt: async (): Promise<{ written: T } | typeof SETTLED | "conflict"> => {
      try {
        return { written: await options.write(etag) };
      } catch (error) {
        if (!isStatus(error, 412)) throw error;
      }
      const fresh = await options.reread();
      if (fresh === SETTLED) return SETTLED;
      etag = judge(fresh);
      return "conflict";
    },
    classify: (outcome) => (outcome === "conflict" ? { kind: "retry", reason: "412: the ETag moved, owned fields unchanged" } : { kind: "success" }),
  });
  const { outcome } = result;
  if (outcome === "conflict") {
    throw new Error(`${options.what} kept changing while Pulumi wrote it (${result.attempts} attempts); run \`pulumi up\` again`);
  }
  return outcome === SETTLED ? SETTLED : outcome.written;
}
