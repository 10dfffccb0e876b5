// The dynamic-provider front door: the engine hands every call of a dynamic resource to the shim
// serialized in its state (`__provider`), which forwards it here by kind and method name. What the
// engine records keeps that shim, from which refresh and destroy load the provider again.
import { type KindCalls } from "./engine-calls";
import { ResourceInitError } from "./errors";
import { engineRecord, PROVIDER_KEY } from "./state";

/** A dynamic-provider method of one kind, called in operation `Op` with the engine's arguments. */
export type DynamicCall<Op> = (operation: Op, method: string, args: unknown[]) => Promise<unknown>;

/** The serialized provider shim in the last object argument: the inputs of check, create and update, the state of read. */
function providerShimOf(args: unknown[]): unknown {
  const records = args.map((arg) => engineRecord.safeParse(arg).data);
  return records.findLast((record) => record !== undefined)?.[PROVIDER_KEY];
}

export function dynamicCalls<Op>(calls: KindCalls<Op>, kind: string): DynamicCall<Op> {
  return async (operation, method, args) => {
    const [first, second, third] = args;
    const shim = providerShimOf(args);
    const withShim = <T extends object>(value: T): T => (shim === undefined ? value : { ...value, [PROVIDER_KEY]: shim });
    try {
      switch (method) {
        case "check": {
          const result = await calls.check(operation, first, second);
          return { ...result, inputs: withShim(engineRecord.parse(result.inputs)) };
        }
        case "diff":
          return await calls.diff(operation, first, second, third);
        case "create": {
          const created = await calls.create(operation, first);
          return { id: created.id, outs: withShim(created.outs) };
        }
        case "read": {
          const read = await calls.read(operation, first, second);
          return read.props === undefined ? read : { ...read, props: withShim(read.props) };
        }
        case "update":
          return { outs: withShim((await calls.update(operation, first, second, third)).outs) };
        case "delete":
          return await calls.delete(operation, first, second);
        default:
          throw new Error(`pulumi-wandb: ${kind} has no ${method}; is the installed package older than the program?`);
      }
    } catch (error) {
      if (error instanceof ResourceInitError) Object.assign(error.properties, withShim(error.properties));
      throw error;
    }
  };
}
