// Each resource kind's stored state: its current shape (a zod schema), the version recorded in it,
// and the steps that bring state recorded by earlier versions up to date. What the engine hands
// back is parsed, never trusted as typed.
import { z } from "zod";
import type { ResourceKind } from "../../model/resource-kinds";
import { issuesOf } from "./issues";

/**
 * Where a state records its version. Like the engine's `__provider`, it is no property of the SDK
 * classes, so it never shows as an output of a resource.
 */
export const STATE_VERSION_KEY = "__stateVersion";

/**
 * When a resource last looked at W&B (ISO 8601), kept in its inputs by its check: what its plan is
 * made as of. Like every key that begins with two underscores, the engine neither shows it in a diff
 * nor holds it to a saved plan (`pulumi up --plan`), so that a preview and the up after it agree.
 */
export const LAST_LOOK_KEY = "__lastLook";

/** The serialized provider shim that the engine keeps in every dynamic resource's inputs and state. */
export const PROVIDER_KEY = "__provider";

/** Brings a state from one version to the next. */
export type Migration = (state: Record<string, unknown>) => Record<string, unknown>;

/**
 * Releases before states were versioned recorded no version (version 0), in the shape that
 * version 1 has: such a state only gains the version.
 */
export const recordedBeforeVersioning: Migration = (state) => state;

export interface StoredStateSpec<S> {
  kind: ResourceKind;
  /** The state's current shape. */
  schema: z.ZodType<S>;
  /** `migrations[v]` brings a state of version v to version v + 1; the current version is their number. */
  migrations: readonly Migration[];
  /** What brings the resource with this id under the stack again once its state is deleted, e.g. its importId. */
  adoptAgain(id: string): string;
}

export interface StoredState<S> {
  readonly kind: ResourceKind;
  /** The version that `stamp` records. */
  readonly version: number;
  /** A recorded state brought up to the current version; fails, naming the kind, the id and what to do, when it cannot be read. */
  parse(recorded: unknown, id: string): S;
  /** As `parse`, but undefined when the engine recorded nothing but its own keys (`static get`, import: only the id is known). */
  parseIfRecorded(recorded: unknown, id: string): S | undefined;
  /** The state to hand to the engine: `state` with the current version recorded. */
  stamp(state: object): Record<string, unknown>;
}

/** An object the engine passes: inputs or state, property by property. */
export const engineRecord = z.record(z.string(), z.unknown());

const recordedVersion = z.number().int().nonnegative();

export function storedState<S>(spec: StoredStateSpec<S>): StoredState<S> {
  const version = spec.migrations.length;

  const unreadable = (id: string, reason: string) =>
    new Error(
      `pulumi-wandb: the state Pulumi recorded for ${spec.kind} "${id}" cannot be read (${reason}). ` +
        "`pulumi refresh` reads the same state and would fail alike: remove the resource from the stack, without touching W&B, " +
        "with `pulumi state delete <urn>` (`pulumi stack --show-urns` lists the URNs); then, to manage it again, adopt it: " +
        `${spec.adoptAgain(id)}.`,
    );

  function parse(recorded: unknown, id: string): S {
    const record = engineRecord.safeParse(recorded);
    if (!record.success) throw unreadable(id, `it is ${recorded === null ? "null" : typeof recorded}, not an object`);
    const { [PROVIDER_KEY]: _provider, [STATE_VERSION_KEY]: stampedVersion, ...state } = record.data;
    const from = stampedVersion === undefined ? 0 : recordedVersion.safeParse(stampedVersion).data;
    if (from === undefined) throw unreadable(id, `${STATE_VERSION_KEY} is ${JSON.stringify(stampedVersion)}, not a version number`);
    if (from > version) {
      throw new Error(
        `pulumi-wandb: the state of ${spec.kind} "${id}" has version ${from}, recorded by a newer pulumi-wandb than this one ` +
          `(which reads versions up to ${version}): use that newer pulumi-wandb in this program.`,
      );
    }
    const current = spec.schema.safeParse(spec.migrations.slice(from).reduce((older, migrate) => migrate(older), state));
    if (!current.success) throw unreadable(id, issuesOf(current.error));
    return current.data;
  }

  return {
    kind: spec.kind,
    version,
    parse,
    parseIfRecorded(recorded, id) {
      const record = engineRecord.safeParse(recorded);
      const onlyEngineKeys = record.success && Object.keys(record.data).every((key) => key === PROVIDER_KEY || key === STATE_VERSION_KEY);
      return onlyEngineKeys ? undefined : parse(recorded, id);
    },
    stamp: (state) => ({ ...state, [STATE_VERSION_KEY]: version }),
  };
}
