// Pieces every resource implementation shares: input checking, partial-create reporting, and
// the conflict rule for writes whose ETag went stale.
import type * as pulumi from "@pulumi/pulumi";
import { ZodObject, type z } from "zod";
import { WandbApiError, type GetResult } from "./client";

/**
 * What each resource kind implements: the dynamic-provider methods, typed with the kind's checked
 * inputs `I` and its state `O` (the outputs, which include the inputs as last applied).
 */
export interface ResourceImplementation<I, O> {
  check(olds: Record<string, unknown>, news: Record<string, unknown>): Promise<pulumi.dynamic.CheckResult<I>>;
  diff(id: string, olds: O, news: I): Promise<pulumi.dynamic.DiffResult>;
  create(inputs: I): Promise<{ id: string; outs: O }>;
  /** `{}` (no id) reports the resource as gone. */
  read(id: string, props: O): Promise<{ id?: string; props?: O; inputs?: I }>;
  update(id: string, olds: O, news: I): Promise<{ outs: O }>;
  delete(id: string, props: O): Promise<void>;
}

/** Property names the engine and the shim add to every dynamic resource's inputs. */
const ENGINE_PROPERTIES = new Set(["__provider"]);

function withoutEngineProperties(news: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(news).filter(([key]) => !ENGINE_PROPERTIES.has(key)));
}

function propertyPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, part) => (typeof part === "number" ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)), "");
}

/**
 * Validates inputs with a zod schema: each failure names the exact property and says what to do.
 * The schema's output (defaults filled in, values normalised) becomes the checked inputs.
 */
export function checkInputs<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  news: Record<string, unknown>,
  rules: (inputs: z.output<S>) => pulumi.dynamic.CheckFailure[] = () => [],
): pulumi.dynamic.CheckResult<z.output<S>> {
  const parsed = schema.safeParse(withoutEngineProperties(news));
  if (!parsed.success) {
    const accepted = schema instanceof ZodObject ? Object.keys(schema.shape).join(", ") : "";
    const failures = parsed.error.issues.flatMap((issue) =>
      issue.code === "unrecognized_keys"
        ? issue.keys.map((key) => ({
            property: propertyPath([...issue.path, key]),
            reason: `unknown property: remove it or correct its name; the accepted properties are ${accepted}`,
          }))
        : [{ property: propertyPath(issue.path) || "(inputs)", reason: issue.message }],
    );
    return { inputs: news as z.output<S>, failures };
  }
  const failures = rules(parsed.data);
  return { inputs: { ...parsed.data, __provider: news["__provider"] } as z.output<S>, failures };
}

/**
 * Thrown when the service created the resource but a later step of `create` (or `update`)
 * failed: the engine records the resource with these outputs as created but not initialised,
 * so nothing is orphaned and the next `up` finishes the work.
 */
export class ResourceInitError extends Error {
  override readonly name = "ResourceInitError";
  readonly reasons: string[];
  constructor(
    readonly id: string,
    readonly properties: Record<string, unknown>,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`created ${id}, but could not finish setting it up: ${reason}`);
    this.reasons = [reason];
  }
}

/** The resource from a read that must find it; a resource gone mid-operation asks for a refresh. */
export function requireFound<K extends string, T>(result: GetResult<K, T>, key: K, what: string): T {
  if (result.status !== "found") {
    throw new Error(`${what} no longer exists in W&B: run \`pulumi refresh\`, then \`pulumi up\` to recreate it`);
  }
  return (result as { [P in K]: T })[key];
}

export function isStatus(error: unknown, status: number): error is WandbApiError {
  return error instanceof WandbApiError && error.status === status;
}

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

export function sameSet(a: readonly string[] = [], b: readonly string[] = [], fold: (s: string) => string = (s) => s): boolean {
  const left = new Set(a.map(fold));
  const right = new Set(b.map(fold));
  return left.size === right.size && [...left].every((item) => right.has(item));
}

export const caseInsensitive = (s: string): string => s.toLowerCase();

export function sameText(a: string | undefined, b: string | undefined, fold: (s: string) => string = (s) => s): boolean {
  return (a === undefined ? undefined : fold(a)) === (b === undefined ? undefined : fold(b));
}

/** Deployment rule failures and other preview-time findings, with the property they concern. */
export function failure(property: string, reason: string): pulumi.dynamic.CheckFailure {
  return { property, reason };
}
