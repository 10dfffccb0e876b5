// Invoke: the package's functions (getModels, getUser, ...) served as `wandb:index:<name>`, with
// the rules of the SDK's functions (model/functions) and the configuration of this provider.
import { FUNCTIONS, type WandbFunction } from "../../../model/functions";
import { functionAccess } from "../../membership/function-access";
import type { Operation } from "../../operation";
import { tokenOf } from "../../../model/tokens";

const BY_TOKEN = new Map<string, WandbFunction>(Object.values(FUNCTIONS).map((fn) => [tokenOf(fn.name), fn]));

/** The function a token names; fails naming the tokens there are. */
export async function invoke(operation: Operation, token: string, args: Record<string, unknown>): Promise<{ outputs: Record<string, unknown> }> {
  const fn = BY_TOKEN.get(token);
  if (fn === undefined) throw new Error(`pulumi-wandb: the wandb plugin has no function "${token}"; its functions are ${[...BY_TOKEN.keys()].join(", ")}`);
  return { outputs: await fn.run(args, functionAccess(operation)) };
}
