// How the engine's calls reach one resource kind: what it hands over is parsed (the checked inputs
// again, the recorded state brought up to its current version) before a method sees it, and every
// state handed back records that version. Every check also reports the mistakes of the stack's configuration.
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { configurationProblems } from "../runtime";
import { ResourceInitError } from "./errors";
import type { ReplacedOnChange, ResourceImplementation } from "./implementation";
import { checkedAgain } from "./inputs";
import { engineRecord, PROVIDER_KEY } from "./state";

/** A dynamic-provider method of one kind, called with the engine's arguments. */
export type EngineCall = (method: string, args: unknown[]) => Promise<unknown>;

const engineId = z.string();

/** The serialized provider shim in the last object argument: the inputs of create and update, the state of read. */
function providerShimOf(args: unknown[]): unknown {
  const records = args.map((arg) => engineRecord.safeParse(arg).data);
  return records.findLast((record) => record !== undefined)?.[PROVIDER_KEY];
}

/**
 * A check result that also fails on every mistake in the stack configuration, so that `pulumi preview`
 * shows them all before any request. A failure without a property is shown by the engine as
 * `<type> resource '<name>' has a problem: <reason>`: the reason names the config key, not an input.
 */
function withConfigurationFailures<I>(result: pulumi.dynamic.CheckResult<I>): pulumi.dynamic.CheckResult<I> {
  const problems = configurationProblems();
  if (problems.length === 0) return result;
  return { ...result, failures: [...problems.map((reason) => ({ property: "", reason })), ...(result.failures ?? [])] };
}

export function engineCalls<I, O extends object>(implementation: ReplacedOnChange<I, O> | ResourceImplementation<I, O>): EngineCall {
  const { inputs, state } = implementation;
  const record = (value: unknown) => engineRecord.parse(value);
  const checked = (news: unknown) => checkedAgain(inputs, record(news), state.kind);

  return async (method, args) => {
    const [first, second, third] = args;
    const shim = providerShimOf(args);
    // What the engine records carries the version, and the shim from which refresh and destroy load the provider.
    const recorded = (outs: object) => ({ ...state.stamp(outs), ...(shim === undefined ? {} : { [PROVIDER_KEY]: shim }) });
    try {
      switch (method) {
        case "check": {
          // The olds of check are the inputs last applied, not state.
          const result = await implementation.check(record(first), record(second));
          return withConfigurationFailures(result);
        }
        case "diff": {
          const id = engineId.parse(first);
          return await implementation.diff(id, state.parse(second, id), checked(third));
        }
        case "create": {
          const created = await implementation.create(checked(first));
          return { id: created.id, outs: recorded(created.outs) };
        }
        case "read": {
          const id = engineId.parse(first);
          const read = await implementation.read(id, state.parseIfRecorded(second, id));
          return read.props === undefined ? read : { ...read, props: recorded(read.props) };
        }
        case "update": {
          if (!("update" in implementation)) throw new Error(`pulumi-wandb: ${state.kind} is replaced on every change, never updated in place`);
          const id = engineId.parse(first);
          const updated = await implementation.update(id, state.parse(second, id), checked(third));
          return { outs: recorded(updated.outs) };
        }
        case "delete": {
          const id = engineId.parse(first);
          return await implementation.delete(id, state.parse(second, id));
        }
        default:
          throw new Error(`pulumi-wandb: ${state.kind} has no ${method}; is the installed package older than the program?`);
      }
    } catch (error) {
      // A half-made resource is recorded too, with the outputs the error carries.
      if (error instanceof ResourceInitError) Object.assign(error.properties, recorded(error.properties));
      throw error;
    }
  };
}
