// What the dynamic resources' provider process loads: each resource kind's
// check/diff/create/read/update/delete, and `configure`, which hands it the stack config. The SDK's
// provider shim reaches it by package name. The native plugin (./plugin) serves the same kinds.
import { z } from "zod";
import { EMPTY_NAMESPACE, namespaceOf, type Namespace } from "../../../service/namespace";
import { RESOURCE_KINDS, type ResourceKind } from "../../../model/resource-kinds";
import { dynamicCalls, type DynamicCall } from "../../kit/dynamic-calls";
import { KINDS } from "../../kinds";
import { Operation } from "../../operation";
import { toldOnce } from "./host-log";

/**
 * What the dynamic provider hands to `configure`: an instance of @pulumi/pulumi's
 * `cmd/dynamic-provider/config.js` Config, whose `rawConfig` holds every key of the stack's config,
 * namespace included (the engine passes dynamic providers the whole of it), with secrets unwrapped.
 */
const configureRequest = z.object({
  config: z.object({
    rawConfig: z.record(z.string(), z.unknown()),
    projectName: z.string().optional(),
  }),
});

function configurationOf(request: unknown): Namespace {
  const { config } = configureRequest.parse(request);
  return namespaceOf(config.rawConfig, config.projectName);
}

const kinds = Object.fromEntries(RESOURCE_KINDS.map((kind) => [kind, dynamicCalls(KINDS[kind], kind)])) as Record<ResourceKind, DynamicCall<Operation>>;

/** A dynamic provider process: every call of every kind, in the operation its configuration makes. */
export interface DynamicProvider {
  /** `method` of `kind`, or `configure`. */
  dispatch(kind: ResourceKind, method: string, args: unknown[]): Promise<unknown>;
}

/**
 * The engine configures the process once per resource kind it serves, all in the one engine
 * operation: each kind's shim is configured alike, and the operation (what it has read) is theirs
 * to share.
 */
export function dynamicProvider(): DynamicProvider {
  let operation = new Operation(EMPTY_NAMESPACE);
  return {
    async dispatch(kind, method, args) {
      if (method !== "configure") return kinds[kind](operation, method, args);
      operation = operation.configured(configurationOf(args[0]));
      return undefined;
    },
  };
}

const processProvider = dynamicProvider();

/** The single entry point of the serialized provider shim: this process's provider, whose errors the engine tells once. */
export const dispatch: DynamicProvider["dispatch"] = (kind, method, args) => toldOnce(() => processProvider.dispatch(kind, method, args));
