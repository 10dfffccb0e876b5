// Invoke: the package's functions (getModels, getUser, ...) served as `wandb:index:<name>`, with
// the rules of the SDK's functions (api/functions) and the configuration of this provider.
import { InferenceClient } from "../../api/client";
import type { WandbConfig } from "../../api/config";
import { FUNCTIONS, inferenceWhere, scimWhere, targetedConfig, type FunctionAccess, type WandbFunction } from "../../api/functions";
import { clients, providerConfig } from "../runtime";
import { tokenOf } from "./tokens";

const BY_TOKEN = new Map<string, WandbFunction>(Object.values(FUNCTIONS).map((fn) => [tokenOf(fn.name), fn]));

/** Inference clients for catalogues other than the configured one, by URL and project. */
const elsewhere = new Map<string, InferenceClient>();

function inferenceClientFor(config: WandbConfig): InferenceClient {
  const configured = providerConfig();
  if (config.inferenceUrl === configured.inferenceUrl && config.inferenceProject === configured.inferenceProject) return clients().inference;
  const key = `${config.inferenceUrl} ${config.inferenceProject ?? ""}`;
  let client = elsewhere.get(key);
  if (client === undefined) {
    client = new InferenceClient(config);
    elsewhere.set(key, client);
  }
  return client;
}

const providerAccess: FunctionAccess = {
  scim: () => ({ client: clients().scim, where: scimWhere(providerConfig()) }),
  inference(target) {
    const config = targetedConfig(providerConfig(), target);
    return { client: inferenceClientFor(config), where: inferenceWhere(config) };
  },
};

/** The function a token names; fails naming the tokens there are. */
export async function invoke(token: string, args: Record<string, unknown>): Promise<{ outputs: Record<string, unknown> }> {
  const fn = BY_TOKEN.get(token);
  if (fn === undefined) throw new Error(`pulumi-wandb: the wandb plugin has no function "${token}"; its functions are ${[...BY_TOKEN.keys()].join(", ")}`);
  return { outputs: await fn.run(args, providerAccess) };
}
