// The conflict rule of every write: If-Match with the ETag last seen; on 412 re-read and judge.
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

/** How many writes a 412 may cost before we give up: each one means another writer just moved the ETag. */
const CONFLICT_ATTEMPTS = 8;

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
  for (let attempt = 1; ; attempt++) {
    try {
      return await options.write(etag);
    } catch (error) {
      if (!isStatus(error, 412)) throw error;
      const fresh = await options.reread();
      if (fresh === SETTLED) return SETTLED;
      const freshEtag = judge(fresh);
      if (attempt === CONFLICT_ATTEMPTS) {
        throw new Error(`${options.what} kept changing while Pulumi wrote it (${attempt} attempts); run \`pulumi up\` again`);
      }
      etag = freshEtag;
      // Writers racing on one object retry at spread-out moments, so that one of them wins.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * attempt));
    }
  }
}

