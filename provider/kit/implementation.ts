// What every resource kind implements, typed with its checked inputs, its state, and the engine
// operation each call is handed by the front door that received it.
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { Difference } from "./difference";
import type { EngineOutput } from "./engine-output";
import type { Holdings } from "./holdings";
import type { StoredState } from "./state";

/**
 * The engine operation a call belongs to, as far as every kind's calls share it: the mistakes of
 * the provider's configuration, which every check reports, the objects its resources hold, which
 * no delete of it removes, and where what its calls tell the user goes. What else an operation
 * holds (clients, what it has read) is the kinds' own affair.
 */
export interface ConfiguredOperation extends EngineOutput {
  configurationProblems(): readonly string[];
  holdings(): Holdings;
  /** Whether this is the operation's first refusal of the credentials: the one to tell. */
  firstCredentialsRefusal(): boolean;
}

/**
 * What a kind whose every change replaces it implements (its diff never reports an in-place
 * change): the dynamic-provider methods but `update`, typed with the kind's checked inputs `I` and
 * its state `O` (the outputs, which include the inputs as last applied), and the schemas with
 * which the engine's arguments are parsed before a method sees them. Each method is handed the
 * operation `Op` it serves first.
 */
export interface ReplacedOnChange<I, O, Op extends ConfiguredOperation> {
  /** The checked inputs, as `check` returns them. */
  inputs: z.ZodType<I>;
  /** The state as recorded by the engine: its schema, version and migrations. */
  state: StoredState<O>;
  check(operation: Op, olds: Record<string, unknown>, news: Record<string, unknown>): Promise<pulumi.dynamic.CheckResult<I>>;
  diff(operation: Op, id: string, olds: O, news: I): Promise<Difference>;
  create(operation: Op, inputs: I): Promise<{ id: string; outs: O }>;
  /**
   * `props` is undefined when the engine knows only the id (`static get`); `{}` (no id) reports the
   * resource as gone. `inputs` are those the read can tell: a field the service never shows, read
   * from the id alone (an import), is left out.
   */
  read(operation: Op, id: string, props: O | undefined): Promise<{ id?: string; props?: O; inputs?: Partial<I> }>;
  delete(operation: Op, id: string, props: O): Promise<void>;
  /**
   * How W&B already holds the object a create of `inputs` would take over rather than make (e.g.
   * `id 42, with the declared email, active`), judged on the operation's listings alone, with no
   * other request; undefined when the create would make a new one, refuse, or the listings cannot tell.
   */
  takenOverAtCreate?(operation: Op, inputs: I): Promise<string | undefined>;
  /**
   * Why W&B would certainly refuse a create of `inputs`, declared as the resource `name`, judged on
   * the operation's listings alone (e.g. a User's email that another user holds): the preview fails
   * with it, before anything is written. Undefined when the listings show no such reason.
   */
  refusedAtCreate?(operation: Op, inputs: I, name: string): Promise<string | undefined>;
  /**
   * Whether W&B holds an object with the natural key of `inputs` (a user's userName, a team's or a
   * custom role's name), as the operation's listing shows it: what a create with `adoptExisting`
   * adopts rather than makes. The kinds that adopt by natural key implement it.
   */
  heldAtCreate?(operation: Op, inputs: I): Promise<boolean>;
}

/** What a kind that can change in place implements: all the dynamic-provider methods. */
export interface ResourceImplementation<I, O, Op extends ConfiguredOperation> extends ReplacedOnChange<I, O, Op> {
  update(operation: Op, id: string, olds: O, news: I): Promise<{ outs: O }>;
}
