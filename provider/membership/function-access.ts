// How the package's functions (getModels, getUser, ...) reach the service when the plugin serves
// them (Invoke): through the clients of the operation they are called in, configured as the
// provider is; a catalogue the arguments name other than the configured one gets a client of its own.
import { InferenceClient } from "../../service";
import type { WandbConfig } from "../../service/config";
import { inferenceWhere, scimWhere, targetedConfig, type FunctionAccess } from "../../model/functions";
import type { Operation } from "../operation";

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
export const functionAccess = (operation: Operation): FunctionAccess => ({
  scim: () => ({ client: operation.clients().scim, where: scimWhere(operation.config()) }),
  inference(target) {
    const config = targetedConfig(operation.config(), target);
    return { client: inferenceClientFor(operation, config), where: inferenceWhere(config) };
  },
});
