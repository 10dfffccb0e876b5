import * as pulumi from "@pulumi/pulumi";
import { MockMonitor } from "@pulumi/pulumi/runtime/mocks";
import { checkedKeyFields, naturalKeyFields, NaturalKeyClaims } from "../model/natural-keys";
import type { ResourceKind } from "../model/resource-kinds";
import { adviseOnStackConfig } from "./stack-config-advice";

const shims = new Map<ResourceKind, pulumi.dynamic.ResourceProvider>();
/** The claims of each program run: an Automation API host runs many programs in one process, each with its own monitor. */
const claimsByRun = new WeakMap<object, NaturalKeyClaims>();

/**
 * The claims of the program running now; none under Pulumi's mocks, where a test process declares
 * the resources of many would-be programs through one mock monitor.
 */
function claimsOfThisRun(): NaturalKeyClaims | undefined {
  const monitor = pulumi.runtime.getMonitor();
  if (!monitor || monitor instanceof MockMonitor) return undefined;
  let claims = claimsByRun.get(monitor);
  if (!claims) claimsByRun.set(monitor, (claims = new NaturalKeyClaims()));
  return claims;
}

/**
 * Two resources of this program that name one W&B object fail the program, naming both, once the
 * inputs that name it are known: the dynamic provider's check is not told which resource it
 * checks, so the program keeps the claims, on the inputs as check stores them (as the native
 * plugin's claims are). Literal names are claimed as the resource is declared, so that the second
 * one is never registered: a `RunError`, shown as its message alone, a mistake in the program
 * rather than a bug of it.
 */
function claimNaturalKey(kind: ResourceKind, name: string, args: object): void {
  const claims = claimsOfThisRun();
  if (!claims) return;
  // A set of people claims each person by its key in members, as a User claims its userName.
  const fields = kind === "OrganizationMembers" ? ["members"] : naturalKeyFields(kind).map(({ field }) => field);
  const given = args as Record<string, pulumi.Input<unknown>>;
  const claim = (values: readonly unknown[]) => {
    const keyed = Object.fromEntries(fields.map((field, i) => [field, values[i]]));
    const problem = claims.claim(kind, kind === "OrganizationMembers" ? keyed : checkedKeyFields(kind, keyed), name);
    if (problem) throw new pulumi.RunError(problem);
  };
  const values = fields.map((field) => given[field]);
  // Known only once other resources are made: the program fails then.
  if (values.some((value) => pulumi.Output.isInstance(value) || value instanceof Promise)) pulumi.all(values).apply(claim);
  else claim(values);
}

/**
 * The provider object the engine serializes, with its closure, into every resource's state
 * (`__provider`). It captures nothing but the kind's name: each method loads the real
 * implementation from the installed package when the provider process calls it, so no client,
 * schema or credential is ever serialized. One shim per kind, so the SDK serializes it once per
 * kind, not once per resource. The captured names are one letter because the serialized text,
 * names included, is stored in every resource's state: it must stay under 2 KB. Asking for a shim,
 * that is declaring a resource `name` with `args`, is also when the program is advised on its stack
 * config and claims the object the resource names.
 */
export function providerShim(kind: ResourceKind, name: string, args: object): pulumi.dynamic.ResourceProvider {
  adviseOnStackConfig();
  claimNaturalKey(kind, name, args);
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
