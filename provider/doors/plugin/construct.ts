// Construct: the plugin hosts a component (the Organization roster) the way @pulumi/pulumi's own
// provider server does: it connects this process's runtime to the engine's resource monitor for the
// request, builds the component there (its children are registered by the engine as any program's
// are), and answers with the component's URN and outputs.
import * as v8 from "node:v8";
import * as pulumi from "@pulumi/pulumi";
import type * as aliasProto from "@pulumi/pulumi/proto/alias_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import * as structProto from "google-protobuf/google/protobuf/struct_pb";
import type { Operation } from "../../operation";
import { awaitFeatureSupport, deserializeInputs, waitForRPCs, withLocalStorage } from "./pulumi-internals";
import { type Inherited, valueOf } from "./registrar";

/** What the children a component registers itself (see ./registrar) take from the request: what they inherit, and how many may be in flight. */
export interface Hosting extends Omit<Inherited, "parent"> {
  childrenInFlight: number;
}

/**
 * A component the plugin builds, in the operation the plugin serves: from its name, its inputs as
 * Outputs, and the options the program gave it. `registered` settles once its children are.
 */
export type ComponentBuilder = (
  operation: Operation,
  name: string,
  inputs: Record<string, unknown>,
  options: pulumi.ComponentResourceOptions,
  hosting: Hosting,
) => { urn: pulumi.Output<string>; outputs: Record<string, unknown>; registered: Promise<void> };

/**
 * Registrations in flight at once: enough to keep the engine's steps busy, few enough that the
 * requests built and waiting stay small. The engine's `--parallel 1` is honoured, as the runtime
 * serializes its registrations then.
 */
const CHILDREN_IN_FLIGHT = 64;

/**
 * An alias the program gave the component, as @pulumi/pulumi's provider server reads it: a URN, or
 * the parts that differ (a spec's type is not read there either). The children's aliases follow
 * from it, so that an Organization renamed with `aliases: [{ name: "old" }]` keeps its children.
 */
function aliasOf(alias: aliasProto.Alias): (string | pulumi.Alias)[] {
  if (alias.hasUrn()) return [alias.getUrn()];
  const spec = alias.getSpec();
  if (spec === undefined) return [];
  return [{
    ...(spec.getName() !== "" ? { name: spec.getName() } : {}),
    ...(spec.getProject() !== "" ? { project: spec.getProject() } : {}),
    ...(spec.getStack() !== "" ? { stack: spec.getStack() } : {}),
    ...(spec.hasParenturn() ? { parent: spec.getParenturn() } : spec.hasNoparent() && spec.getNoparent() ? { parent: pulumi.rootStackResource } : {}),
  }];
}

/** The providers the program gave the component, by package. */
function providersOf(request: providerProto.ConstructRequest): Record<string, pulumi.ProviderResource> {
  const providers: Record<string, pulumi.ProviderResource> = {};
  for (const [pkg, reference] of request.getProvidersMap().entries()) providers[pkg] = new pulumi.DependencyProviderResource(reference);
  return providers;
}

/** The options the program gave the component. */
function optionsOf(request: providerProto.ConstructRequest, providers: Record<string, pulumi.ProviderResource>): pulumi.ComponentResourceOptions {
  return {
    ...(request.getParent() ? { parent: new pulumi.DependencyResource(request.getParent()) } : {}),
    dependsOn: request.getDependenciesList().map((urn) => new pulumi.DependencyResource(urn)),
    protect: request.getProtect(),
    providers,
    aliases: request.getAliasesList().flatMap(aliasOf),
    ignoreChanges: request.getIgnorechangesList(),
    retainOnDelete: request.getRetainondelete(),
  };
}

function connectRuntime(request: providerProto.ConstructRequest, engineAddress: string): Promise<void> {
  pulumi.runtime.resetOptions(
    request.getProject(),
    request.getStack(),
    request.getParallel(),
    engineAddress,
    request.getMonitorendpoint(),
    request.getDryrun(),
    request.getOrganization(),
  );
  const config: Record<string, string> = {};
  for (const [key, value] of request.getConfigMap().entries()) config[key] = value;
  pulumi.runtime.setAllConfig(config, request.getConfigsecretkeysList());
  return awaitFeatureSupport();
}

/**
 * A process that hosts a component grows its heap at most half past what a collection leaves live.
 * V8's default lets it grow several times over: adopting 2,000 users, ~100 MB live (the children's
 * registrations and the provider calls in flight), grew the heap to 400 MB before a full collection
 * and the plugin to 520 MB of RSS (290 MB with this). The flag is read at each collection, so
 * setting it in a running process takes effect; a plugin that hosts no component keeps the default.
 */
const HEAP_GROWING_PERCENT = 50;

export function constructHandler(components: ReadonlyMap<string, ComponentBuilder>, engineAddress: string) {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return (operation: Operation, request: providerProto.ConstructRequest): Promise<providerProto.ConstructResponse> =>
    withLocalStorage(async () => {
      const build = components.get(request.getType());
      if (build === undefined) throw new Error(`pulumi-wandb: the wandb plugin has no component "${request.getType()}"; its components are ${[...components.keys()].join(", ")}`);
      await connectRuntime(request, engineAddress);
      const inputs = await deserializeInputs(request.getInputs(), request.getInputdependenciesMap());
      const providers = providersOf(request);
      const component = build(operation, request.getName(), inputs, optionsOf(request, providers), {
        protect: request.getProtect(),
        providers,
        childrenInFlight: request.getParallel() === 1 ? 1 : CHILDREN_IN_FLIGHT,
      });
      const response = new providerProto.ConstructResponse();
      response.setUrn(await valueOf(component.urn));
      // A child refused (its registration failed) fails the Construct with the engine's words.
      await component.registered;
      const [state, dependencies] = await pulumi.runtime.serializeResourceProperties(`construct(${request.getType()}, ${request.getName()})`, component.outputs);
      for (const [key, resources] of dependencies) {
        const urns = new providerProto.ConstructResponse.PropertyDependencies();
        urns.setUrnsList(await Promise.all([...resources].map((resource) => valueOf(resource.urn))));
        response.getStatedependenciesMap().set(key, urns);
      }
      response.setState(structProto.Struct.fromJavaScript(state));
      await waitForRPCs();
      return response;
    });
}
