// Process-wide state of the provider process: the stack config handed to `configure`, and the
// clients built from it on first use. Nothing here is ever serialized into state.
import type * as pulumi from "@pulumi/pulumi";
import { clientsFromConfig, type Clients } from "../api/client";
import { CONFIG_KEYS, deploymentFrom, resolveConfig, type Deployment, type WandbConfig } from "../api/config";

let stackConfig: Record<string, string | undefined> = {};
let resolved: { config: WandbConfig; clients: Clients } | undefined;
let operation: object = {};

/** Called by the engine once per provider process, that is once per engine operation. */
export async function configure(request: pulumi.dynamic.ConfigureRequest): Promise<void> {
  const fresh = Object.fromEntries(CONFIG_KEYS.map((key) => [key, request.config.get(`wandb:${key}`)]));
  if (JSON.stringify(fresh) !== JSON.stringify(stackConfig)) resolved = undefined;
  stackConfig = fresh;
  operation = {};
}

/**
 * The engine operation being served: a new object at each `configure`. What is read once per
 * operation (the directory of users and teams) is kept against it, so that it never outlives it.
 */
export function currentOperation(): object {
  return operation;
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
