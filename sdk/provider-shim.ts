import type * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "../api/resource-kinds";
import { adviseOnStackConfig } from "./stack-config-advice";

const shims = new Map<ResourceKind, pulumi.dynamic.ResourceProvider>();

/**
 * The provider object the engine serializes, with its closure, into every resource's state
 * (`__provider`). It captures nothing but the kind's name: each method loads the real
 * implementation from the installed package when the provider process calls it, so no client,
 * schema or credential is ever serialized. One shim per kind, so the SDK serializes it once per
 * kind, not once per resource. The captured names are one letter because the serialized text,
 * names included, is stored in every resource's state: it must stay under 2 KB. Asking for a shim,
 * that is declaring a resource, is also when the program is advised on its stack config.
 */
export function providerShim(kind: ResourceKind): pulumi.dynamic.ResourceProvider {
  adviseOnStackConfig();
  let shim = shims.get(kind);
  if (!shim) {
    const k = kind;
    const c = (m: string, a: unknown[]) => require("pulumi-wandb/provider").dispatch(k, m, a);
    shim = {
      configure: (...a) => c("configure", a),
      check: (...a) => c("check", a),
      diff: (...a) => c("diff", a),
      create: (...a) => c("create", a),
      read: (...a) => c("read", a),
      update: (...a) => c("update", a),
      delete: (...a) => c("delete", a),
    };
    shims.set(kind, shim);
  }
  return shim;
}
