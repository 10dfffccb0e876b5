// What every resource kind implements, typed with its checked inputs and its state.
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { Difference } from "./difference";
import type { StoredState } from "./state";

/**
 * What a kind whose every change replaces it implements (its diff never reports an in-place
 * change): the dynamic-provider methods but `update`, typed with the kind's checked inputs `I` and
 * its state `O` (the outputs, which include the inputs as last applied), and the schemas with
 * which the engine's arguments are parsed before a method sees them.
 */
export interface ReplacedOnChange<I, O> {
  /** The checked inputs, as `check` returns them. */
  inputs: z.ZodType<I>;
  /** The state as recorded by the engine: its schema, version and migrations. */
  state: StoredState<O>;
  check(olds: Record<string, unknown>, news: Record<string, unknown>): Promise<pulumi.dynamic.CheckResult<I>>;
  diff(id: string, olds: O, news: I): Promise<Difference>;
  create(inputs: I): Promise<{ id: string; outs: O }>;
  /** `props` is undefined when the engine knows only the id (`static get`); `{}` (no id) reports the resource as gone. */
  read(id: string, props: O | undefined): Promise<{ id?: string; props?: O; inputs?: I }>;
  delete(id: string, props: O): Promise<void>;
}

/** What a kind that can change in place implements: all the dynamic-provider methods. */
export interface ResourceImplementation<I, O> extends ReplacedOnChange<I, O> {
  update(id: string, olds: O, news: I): Promise<{ outs: O }>;
}
