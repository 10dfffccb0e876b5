// What the functions need of the service, however the configuration was obtained: the program's
// stack config and environment (the SDK), or the provider's configuration (the native plugin).
import type { InferenceClient, ScimClient } from "../../service";
import type { WandbConfig } from "../../service/config";

export interface ScimAccess {
  client: ScimClient;
  /** Shown in errors, e.g. `in the W&B organization at https://api.wandb.ai`. */
  where: string;
}

export interface InferenceAccess {
  client: InferenceClient;
  /** Shown in errors, e.g. `at https://api.inference.wandb.ai/v1 for project acme/models`. */
  where: string;
}

/** The catalogue a model function asks, as its arguments give it; undefined: the configured one. */
export interface InferenceTarget {
  inferenceUrl?: string | undefined;
  project?: string | undefined;
}

/**
 * How a function reaches the service. Asked only once the arguments passed their checks, so that
 * an argument mistake is told before a configuration one, and before any request.
 */
export interface FunctionAccess {
  scim(): ScimAccess | Promise<ScimAccess>;
  inference(target: InferenceTarget): InferenceAccess | Promise<InferenceAccess>;
}

export function scimWhere(config: WandbConfig): string {
  return `in the W&B organization at ${config.baseUrl}`;
}

/** The configuration with the target of a model function's arguments in place of the configured one. */
export function targetedConfig(config: WandbConfig, target: InferenceTarget): WandbConfig {
  return {
    ...config,
    ...(target.inferenceUrl === undefined ? {} : { inferenceUrl: target.inferenceUrl }),
    ...(target.project === undefined ? {} : { inferenceProject: target.project }),
  };
}

export function inferenceWhere(config: WandbConfig): string {
  const project =
    config.inferenceProject === undefined ? "the key's default entity and project \"inference\"" : `project ${config.inferenceProject}`;
  return `at ${config.inferenceUrl} for ${project}`;
}
