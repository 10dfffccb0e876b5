// Configuration and clients for the SDK functions, which run in the Pulumi program's own process
// (dynamic providers cannot serve invokes). Internal: not exported from the package.
import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import { InferenceClient, ScimClient } from "../../service";
import type { WandbConfig } from "../../service/config";
import { programSettings } from "../program-settings";
import { type FunctionAccess, inferenceWhere, scimWhere, targetedConfig } from "../../model/functions";

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

/**
 * How the functions reach the service from a program: configured by the `wandb` stack config and
 * the environment, with one client per configuration.
 */
export const programAccess: FunctionAccess = {
  scim() {
    const config = programSettings().config();
    return { client: cached(fingerprint("scim", config), () => new ScimClient(config)), where: scimWhere(config) };
  },
  inference(target) {
    // Inference does not use the SCIM host: do not demand one from a program that only lists models.
    const config = targetedConfig(programSettings({ baseUrl: "https://api.wandb.ai" }).config(), target);
    return { client: cached(fingerprint("inference", config), () => new InferenceClient(config)), where: inferenceWhere(config) };
  },
};

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
