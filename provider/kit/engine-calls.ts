// How the engine's calls reach one resource kind, whichever front door they come through: what it
// hands over is parsed (the checked inputs again, the recorded state brought up to its current
// version) before a method sees it, and every state handed back records that version. Every check
// also reports the mistakes of the provider's configuration, and every failure of the service says
// what to do next in Pulumi. Each call is handed the engine operation it belongs to by its front door.
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { Difference } from "./difference";
import { failsThePreview, ResourceInitError, shownFailure, shownLines, withPulumiAdvice } from "./errors";
import type { ConfiguredOperation, ReplacedOnChange, ResourceImplementation } from "./implementation";
import { checkedAgain, declarableInputs } from "./inputs";
import { engineRecord } from "./state";
import { naturalKeyOf } from "../../model/natural-keys";
import { namedBy, naturalKeyFields } from "../../model/natural-keys";
import type { ResourceKind } from "../../model/resource-kinds";
import { SHAPES } from "../../model/shapes";

type Record_ = Record<string, unknown>;

/** One kind's methods as the engine calls them, in operation `Op`, with the engine's values, parsed before use. */
export interface KindCalls<Op> {
  check(operation: Op, olds: unknown, news: unknown): Promise<pulumi.dynamic.CheckResult<unknown>>;
  diff(operation: Op, id: unknown, olds: unknown, news: unknown): Promise<Difference>;
  create(operation: Op, news: unknown): Promise<{ id: string; outs: Record_ }>;
  /** `props` is the recorded state, or nothing but the id (`static get`, import). */
  read(operation: Op, id: unknown, props: unknown): Promise<{ id?: string; props?: Record_; inputs?: unknown }>;
  update(operation: Op, id: unknown, olds: unknown, news: unknown): Promise<{ outs: Record_ }>;
  delete(operation: Op, id: unknown, props: unknown): Promise<void>;
  /**
   * At preview, of a create the engine plans for a resource named `name` with no state: the reason
   * W&B would certainly refuse it, for the preview to fail with; else, where `namesTakeover`, names
   * the W&B object it would take over, which is what a rename in code without an alias does (see
   * `renamedAtCreate`).
   */
  previewCreate(operation: Op, name: string, news: unknown, options: { namesTakeover: boolean }): Promise<{ refusal?: string }>;
}

const engineId = z.string();

/**
 * What a delete says when another resource of the operation holds its object: a rename in code
 * without an alias. The object stays; only the old resource leaves the state.
 */
function leftToItsHolder(kind: ResourceKind, id: string, recorded: object): string {
  const named = naturalKeyFields(kind).length === 0 ? "" : ` with ${namedBy(kind, recorded as Record<string, unknown>)}`;
  return (
    `${kind} ${id}${named} was left in W&B, as it is: another resource of this stack holds it in this run (it created or ` +
    "took it over, or keeps it), so this delete is a rename in code, not a removal. Nothing was removed. To keep one " +
    "resource's history across a rename, give the new resource `aliases` naming the old name (or move the state with " +
    "`pulumi state move`) before the next rename."
  );
}

/**
 * What a preview says of a create that will take over an object W&B already holds. From the provider
 * no stack's state can be seen, so whether the object is another resource's of this stack is told as
 * a condition, with what keeps a rename's history in any language's terms; either way the old
 * resource's delete leaves the object (see `leftToItsHolder`).
 */
function renamedAtCreate(kind: ResourceKind, name: string, checked: object, found: string): string {
  return (
    `${kind} "${name}" declares the W&B object with ${namedBy(kind, checked as Record<string, unknown>)}, which already exists (${found}): ` +
    "its create will take it over rather than make one. If it was renamed in code from another resource of this stack, " +
    `this is that rename, not a new object: to keep that resource's history, give "${name}" the resource option \`aliases\` ` +
    `naming the old resource (its old name, e.g. aliases: [{ name: "<old name>" }]; in YAML, its old URN), or move its state ` +
    "onto this one (`pulumi state rename`; `pulumi state move` from another stack). Nothing will be deleted either way: " +
    "the old resource's delete leaves the object in W&B."
  );
}

/**
 * A check result that also fails on every mistake in the configuration, so that `pulumi preview`
 * shows them all before any request. A failure without a property is shown by the engine as
 * `<type> resource '<name>' has a problem: <reason>`: the reason names the config key, not an input.
 */
function withConfigurationFailures<I>(operation: ConfiguredOperation, result: pulumi.dynamic.CheckResult<I>): pulumi.dynamic.CheckResult<I> {
  const problems = operation.configurationProblems();
  if (problems.length === 0) return result;
  return { ...result, failures: [...problems.map((reason) => ({ property: "", reason })), ...(result.failures ?? [])] };
}

/** The same calls, a failure of the service reaching the engine with what to do next in Pulumi, and every failure as people may read it. */
function advisingFailures<Op>(calls: KindCalls<Op>): KindCalls<Op> {
  const advising =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        throw shownFailure(withPulumiAdvice(error));
      }
    };
  // A check's failures quote names as its errors do: shown as people may read them.
  const check = advising(calls.check);
  const previewCreate = advising(calls.previewCreate);
  return {
    check: async (...args) => {
      const result = await check(...args);
      return result.failures?.length ? { ...result, failures: result.failures.map((failure) => ({ ...failure, reason: shownLines(failure.reason) })) } : result;
    },
    diff: advising(calls.diff),
    create: advising(calls.create),
    read: advising(calls.read),
    update: advising(calls.update),
    delete: advising(calls.delete),
    previewCreate: async (...args) => {
      const planned = await previewCreate(...args);
      return planned.refusal === undefined ? planned : { ...planned, refusal: shownLines(planned.refusal) };
    },
  };
}

export function kindCalls<I, O extends object, Op extends ConfiguredOperation>(
  implementation: ReplacedOnChange<I, O, Op> | ResourceImplementation<I, O, Op>,
): KindCalls<Op> {
  const { inputs, state } = implementation;
  const fields = SHAPES[state.kind].fields;
  const record = (value: unknown) => engineRecord.parse(value);
  const checked = (news: unknown) => checkedAgain(inputs, record(news), state.kind);
  // A half-made resource is recorded too, with the outputs the error carries, stamped like any state.
  const stampingHalfMade = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (error instanceof ResourceInitError) Object.assign(error.properties, state.stamp(error.properties));
      throw error;
    }
  };

  /** The operations whose listing of this kind could not be read at a check. */
  const unreadable = new WeakSet<Op>();
  /**
   * The checked inputs of a create with `adoptExisting` (no inputs applied before), with `adopted`:
   * whether W&B holds the object, from the operation's listing (read once per operation, `pulumi
   * preview` included), for the access review to tell an adoption from a creation. Only the check
   * says it: one given is dropped. Left out where the key is not known yet, or the listing cannot be
   * read (a preview without credentials goes on as it did; the create still judges for itself).
   */
  const withAdoptionFound = async (operation: Op, olds: Record_, checkedInputs: unknown): Promise<unknown> => {
    const { heldAtCreate } = implementation;
    if (heldAtCreate === undefined) return checkedInputs;
    const { adopted: _given, ...inputs } = record(checkedInputs);
    const adopting = inputs["adoptExisting"] === true && naturalKeyOf(state.kind, olds) === undefined && naturalKeyOf(state.kind, inputs) !== undefined;
    if (!adopting || operation.configurationProblems().length > 0 || unreadable.has(operation)) return inputs;
    const held = await heldAtCreate.call(implementation, operation, inputs as I).catch((error: unknown) => {
      // Tried once per operation: the other checks of the kind do not wait on a listing that fails.
      unreadable.add(operation);
      if (failsThePreview(operation, error)) throw error;
      return undefined;
    });
    return held === undefined ? inputs : { ...inputs, adopted: held };
  };

  return advisingFailures({
    // The olds of check are the inputs last applied, not state.
    // The engine checks only what the program registers (or imports): a check is a declaration.
    check: async (operation, olds, news) => {
      const result = await implementation.check(operation, record(olds), record(news));
      if (result.failures?.length) return withConfigurationFailures(operation, result);
      operation.holdings().declare(naturalKeyOf(state.kind, record(result.inputs)));
      return withConfigurationFailures(operation, { ...result, inputs: await withAdoptionFound(operation, record(olds), result.inputs) });
    },
    diff: async (operation, id, olds, news) => {
      const parsedId = engineId.parse(id);
      const inputs = checked(news);
      const difference = await implementation.diff(operation, parsedId, state.parse(olds, parsedId), inputs);
      // Kept, not replaced, by a resource the program declares: the object stays this resource's whatever
      // else the run deletes. A refresh diffs dropped resources too, and those keep nothing.
      const declared = operation.holdings().declared(naturalKeyOf(state.kind, inputs as Record_));
      if (declared && !difference.replaces?.length) operation.holdings().hold(state.kind, parsedId);
      return difference;
    },
    create: (operation, news) =>
      stampingHalfMade(async () => {
        const created = await implementation.create(operation, checked(news));
        operation.holdings().hold(state.kind, created.id);
        return { id: created.id, outs: state.stamp(created.outs) };
      }),
    read: async (operation, id, props) => {
      const parsedId = engineId.parse(id);
      const read = await implementation.read(operation, parsedId, state.parseIfRecorded(props, parsedId));
      const found = read.props === undefined ? undefined : naturalKeyOf(state.kind, read.props as Record<string, unknown>);
      operation.holdings().refreshed(found);
      // Recorded by the engine, and the news of every later refresh's diff: only what the check accepts.
      return {
        ...read,
        props: read.props === undefined ? undefined : state.stamp(read.props),
        ...(read.inputs === undefined ? {} : { inputs: declarableInputs(inputs, fields, record(read.inputs)) }),
      };
    },
    update: (operation, id, olds, news) =>
      stampingHalfMade(async () => {
        if (!("update" in implementation)) throw new Error(`pulumi-wandb: ${state.kind} is replaced on every change, never updated in place`);
        const parsedId = engineId.parse(id);
        const updated = await implementation.update(operation, parsedId, state.parse(olds, parsedId), checked(news));
        operation.holdings().hold(state.kind, parsedId);
        return { outs: state.stamp(updated.outs) };
      }),
    previewCreate: async (operation, name, news, { namesTakeover }) => {
      const inputs = checked(news);
      const refusal = await implementation.refusedAtCreate?.(operation, inputs, name);
      if (refusal !== undefined) return { refusal };
      const found = namesTakeover ? await implementation.takenOverAtCreate?.(operation, inputs) : undefined;
      if (found !== undefined) operation.warn(renamedAtCreate(state.kind, name, inputs as object, found));
      return {};
    },
    delete: async (operation, id, props) => {
      const parsedId = engineId.parse(id);
      const recorded = state.parse(props, parsedId);
      if (operation.holdings().held(state.kind, parsedId)) {
        operation.warn(leftToItsHolder(state.kind, parsedId, recorded));
        return;
      }
      return implementation.delete(operation, parsedId, recorded);
    },
  });
}
