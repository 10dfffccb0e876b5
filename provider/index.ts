// What the dynamic resources' provider process loads: each resource kind's
// check/diff/create/read/update/delete, and `configure`, which hands it the stack config. The SDK's
// provider shim reaches it by package name. The native plugin (./plugin) serves the same kinds.
import { RESOURCE_KINDS, type ResourceKind } from "../api/resource-kinds";
import { dynamicCalls, type DynamicCall } from "./kit/dynamic-calls";
import { KINDS } from "./kinds";
import { configure } from "./runtime";

export { configure };

const kinds = Object.fromEntries(RESOURCE_KINDS.map((kind) => [kind, dynamicCalls(KINDS[kind], kind)])) as Record<ResourceKind, DynamicCall>;

/** The single entry point of the serialized provider shim: `method` of `kind`, or `configure`. */
export async function dispatch(kind: ResourceKind, method: string, args: unknown[]): Promise<unknown> {
  if (method === "configure") return configure(args[0]);
  return kinds[kind](method, args);
}
