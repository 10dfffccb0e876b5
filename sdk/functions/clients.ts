// Configuration and clients for the SDK functions, which run in the Pulumi program's own process
// (dynamic providers cannot serve invokes). Internal: not exported from the package.
import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import { InferenceClient, ScimClient } from "../../api/client";
import { CONFIG_KEYS, inferenceProjectSchema, inferenceUrlSchema, resolveConfig, type WandbConfig } from "../../api/config";
import { WandbLookupError } from "./errors";

type Source = Record<string, string | undefined>;

/**
 * The `wandb` stack config namespace as the program sees it. `apiKey` is a secret in the stack;
 * `config.get` hands it over as plain text, which is what a client needs and what must never reach
 * an Output: it goes straight into a `Secret` inside the client.
 */
export function readStackConfig(): Source {
  let config: pulumi.Config;
  try {
    config = new pulumi.Config("wandb");
  } catch {
    return {}; // No Pulumi runtime (e.g. a plain script): the environment alone configures.
  }
  const out: Source = {};
  for (const key of CONFIG_KEYS) {
    try {
      out[key] = config.get(key);
    } catch {
      out[key] = undefined;
    }
  }
  return out;
}

/** A stable digest of everything that shapes a client, so the cache never keeps or shows the key. */
function fingerprint(kind: string, config: WandbConfig): string {
  const material = JSON.stringify({ kind, ...config, apiKey: config.apiKey.reveal() });
  return createHash("sha256").update(material).digest("hex");
}

// One client per process per resolved configuration: the clients share keep-alive pools and a
// concurrency limit, and a change of config or environment (e.g. between tests) gets a new one.
const cache = new Map<string, ScimClient | InferenceClient>();

function cached<C extends ScimClient | InferenceClient>(key: string, build: () => C): C {
  let client = cache.get(key) as C | undefined;
  if (!client) {
    client = build();
    cache.set(key, client);
  }
  return client;
}

/** Number of cached clients; for tests. */
export function cachedClientCount(): number {
  return cache.size;
}

export interface ScimAccess {
  client: ScimClient;
  /** Shown in errors, e.g. `in the W&B organization at https://api.wandb.ai`. */
  where: string;
}

export function scimAccess(): ScimAccess {
  const config = resolveConfig(readStackConfig(), process.env);
  const client = cached(fingerprint("scim", config), () => new ScimClient(config));
  return { client, where: `in the W&B organization at ${config.baseUrl}` };
}

export interface InferenceOverrides {
  inferenceUrl?: string | undefined;
  project?: string | undefined;
}

export interface InferenceAccess {
  client: InferenceClient;
  inferenceUrl: string;
  /** `entity/project` sent as `OpenAI-Project`; undefined: the key's default entity, project `inference`. */
  project: string | undefined;
  /** Shown in errors. */
  where: string;
}

export function inferenceAccess(fn: string, overrides: InferenceOverrides): InferenceAccess {
  const inferenceUrl = checkInferenceUrl(fn, overrides.inferenceUrl);
  const project = checkProject(fn, overrides.project);
  const stack = readStackConfig();
  // Inference does not use the SCIM host: do not demand one from a program that only lists models.
  const hasBaseUrl = [stack["baseUrl"], process.env["WANDB_BASE_URL"]].some((v) => v !== undefined && v.trim() !== "");
  const resolved = resolveConfig(hasBaseUrl ? stack : { ...stack, baseUrl: "https://api.wandb.ai" }, process.env);
  const config: WandbConfig = {
    ...resolved,
    ...(inferenceUrl === undefined ? {} : { inferenceUrl }),
    ...(project === undefined ? {} : { inferenceProject: project }),
  };
  const client = cached(fingerprint("inference", config), () => new InferenceClient(config));
  const effectiveProject = config.inferenceProject;
  const projectText = effectiveProject === undefined ? "the key's default entity and project \"inference\"" : `project ${effectiveProject}`;
  return {
    client,
    inferenceUrl: config.inferenceUrl,
    project: effectiveProject,
    where: `at ${config.inferenceUrl} for ${projectText}`,
  };
}

function checkInferenceUrl(fn: string, value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const parsed = inferenceUrlSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new WandbLookupError({
    kind: "invalid-argument",
    function: fn,
    searched: { inferenceUrl: value },
    message: `\`inferenceUrl\` must be an http(s) URL ending in /v1, e.g. https://api.inference.wandb.ai/v1 (got ${JSON.stringify(value)}).`,
  });
}

function checkProject(fn: string, value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const parsed = inferenceProjectSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new WandbLookupError({
    kind: "invalid-argument",
    function: fn,
    searched: { project: value },
    message: `\`project\` must be <entity>/<project>, e.g. my-team/my-project (got ${JSON.stringify(value)}).`,
  });
}

/**
 * The `getXOutput` form of a function: waits for the arguments (and `dependsOn`), then calls the
 * plain form. The result is marked secret only if an argument was. A failure reaches the engine as
 * a `RunError`: the user sees its actionable message, not a stack trace of this package (Pulumi
 * formats any other error with `util.inspect`, which in a program process can take half a minute).
 */
export function invokeOutput<A, R>(
  args: object,
  call: (args: A) => Promise<R>,
  opts?: pulumi.InvokeOutputOptions,
): pulumi.Output<R> {
  const plainArgs = pulumi.output(args) as unknown as pulumi.Output<A>;
  return pulumi
    .all([plainArgs, dependencyGate(opts?.dependsOn)])
    .apply(([resolved]) =>
      call(resolved as A).catch((error: unknown) => {
        throw pulumi.RunError.isInstance(error) ? error : new pulumi.RunError(error instanceof Error ? error.message : String(error));
      }),
    ) as unknown as pulumi.Output<R>;
}

/**
 * Resolves once every `dependsOn` resource exists: a custom resource's id is known only after it
 * was created (and is unknown during preview, which leaves the result unknown too, as for any
 * Pulumi invoke); a component's URN stands for it.
 */
function dependencyGate(dependsOn: pulumi.InvokeOutputOptions["dependsOn"]): pulumi.Output<unknown> {
  if (dependsOn === undefined) return pulumi.output(null);
  const resolvedDeps = pulumi.output(dependsOn as pulumi.Input<object>) as unknown as pulumi.Output<unknown>;
  return resolvedDeps.apply((resolved) => {
    const list = (Array.isArray(resolved) ? resolved : [resolved]).filter((r): r is pulumi.Resource =>
      pulumi.Resource.isInstance(r),
    );
    return pulumi.all(list.map((r) => (pulumi.CustomResource.isInstance(r) ? r.id : r.urn))).apply(() => null);
  });
}
