// Process-wide state of the provider process: the stack config handed to `configure`, and the
// clients built from it on first use. Nothing here is ever serialized into state.
import type * as pulumi from "@pulumi/pulumi";
import { clientsFromConfig, type Clients } from "../api/client";
import { CONFIG_KEYS, deploymentFrom, resolveConfig, type Deployment, type WandbConfig } from "../api/config";

let stackConfig: Record<string, string | undefined> = {};
let resolved: { config: WandbConfig; clients: Clients } | undefined;

export async function configure(request: pulumi.dynamic.ConfigureRequest): Promise<void> {
  const fresh = Object.fromEntries(CONFIG_KEYS.map((key) => [key, request.config.get(`wandb:${key}`)]));
  if (JSON.stringify(fresh) !== JSON.stringify(stackConfig)) resolved = undefined;
  stackConfig = fresh;
}

function current(): { config: WandbConfig; clients: Clients } {
  if (!resolved) {
    const config = resolveConfig(stackConfig, process.env);
    resolved = { config, clients: clientsFromConfig(config) };
  }
  return resolved;
}

export function clients(): Clients {
  return current().clients;
}

/**
 * The deployment for preview-time rules, resolved without credentials: `check` must be able to
 * judge inputs before any key is set, and sends nothing.
 */
export function deploymentForChecks(): Deployment | undefined {
  return deploymentFrom(stackConfig, process.env);
}
