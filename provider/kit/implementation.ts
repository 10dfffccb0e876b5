// What every resource kind implements, typed with its checked inputs and its state.
import type * as pulumi from "@pulumi/pulumi";

/**
 * What each resource kind implements: the dynamic-provider methods, typed with the kind's checked
 * inputs `I` and its state `O` (the outputs, which include the inputs as last applied).
 */
export interface ResourceImplementation<I, O> extends ReplacedOnChange<I, O> {
  update(id: string, olds: O, news: I): Promise<{ outs: O }>;
}

/** A kind whose every change replaces it (its diff never reports an in-place change): no `update`. */
export interface ReplacedOnChange<I, O> {
  check(olds: Record<string, unknown>, news: Record<string, unknown>): Promise<pulumi.dynamic.CheckResult<I>>;
  diff(id: string, olds: O, news: I): Promise<pulumi.dynamic.DiffResult>;
  create(inputs: I): Promise<{ id: string; outs: O }>;
  /** `{}` (no id) reports the resource as gone. */
  read(id: string, props: O): Promise<{ id?: string; props?: O; inputs?: I }>;
  delete(id: string, props: O): Promise<void>;
}
