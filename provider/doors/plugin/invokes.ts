// Invoke: the package's functions (getModels, getUser, ...) served as `wandb:index:<name>`, with
// the rules of the SDK's functions (model/functions) and the configuration of this provider.
import { InferenceClient } from "../../../service";
import type { WandbConfig } from "../../../service/config";
import { FUNCTIONS, inferenceWhere, scimWhere, targetedConfig, type FunctionAccess, type WandbFunction } from "../../../model/functions";
import type { Operation } from "../../operation";
import { tokenOf } from "../../../model/tokens";

const BY_TOKEN = new Map<string, WandbFunction>(Object.values(FUNCTIONS).map((fn) => [tokenOf(fn.name), fn]));

/** Inference clients for catalogues other than the configured one, by URL and project. */
const elsewhere = new Map<string, InferenceClient>();

function inferenceClientFor(operation: Operation, config: WandbConfig): InferenceClient {
  const configured = operation.config();
  if (config.inferenceUrl === configured.inferenceUrl && config.inferenceProject === configured.inferenceProject) return operation.clients().inference;
  const key = `${config.inferenceUrl} ${config.inferenceProject ?? ""}`;
  let client = elsewhere.get(key);
  if (client === undefined) {
    client = new InferenceClient(config);
    elsewhere.set(key, client);
  }
  return client;
}

/** What the functions reach through the provider's configuration, in the operation it serves. */
const providerAccess = (operation: Operation): FunctionAccess => ({
  scim: () => ({ client: operation.clients().scim, where: scimWhere(operation.config()) }),
  inference(target) {
    const config = targetedConfig(operation.config(), target);
    return { client: inferenceClientFor(operation, config), where: inferenceWhere(config) };
  },
});

/** The function a token names; fails naming the tokens there are. */
export async function invoke(operation: Operation, token: string, args: Record<string, unknown>): Promise<{ outputs: Record<string, unknown> }> {
  const fn = BY_TOKEN.get(token);
  if (fn === undefined) throw new Error(`pulumi-wandb: the wandb plugin has no function "${token}"; its functions are ${[...BY_TOKEN.keys()].join(", ")}`);
  return { outputs: await fn.run(args, providerAccess(operation)) };
}
