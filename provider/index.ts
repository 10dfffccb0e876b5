// What the engine's provider process loads: each resource kind's check/diff/create/read/update/delete,
// and `configure`, which hands it the stack config. See sdk/provider-shim.ts for how it is reached.
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "../sdk/provider-shim";
import { customRole } from "./resources/custom-role";

import { configure } from "./runtime";

export { configure };

export const resources: Record<ResourceKind, pulumi.dynamic.ResourceProvider> = {
  CustomRole: customRole,
} as Record<ResourceKind, pulumi.dynamic.ResourceProvider>;

/** The single entry point of the serialized provider shim: `method` of `kind`, or `configure`. */
export function dispatch(kind: ResourceKind, method: string, args: unknown[]): Promise<unknown> {
  if (method === "configure") return configure(args[0] as pulumi.dynamic.ConfigureRequest);
  const implementation = resources[kind] as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const handler = implementation[method];
  if (!handler) throw new Error(`pulumi-wandb: ${kind} has no ${method}; is the installed package older than the program?`);
  return handler.apply(implementation, args);
}
