// The parts of @pulumi/pulumi's runtime that its own provider server uses to host a component
// (Construct), and that its registration of a resource uses (for the registrar), that its type
// declarations leave out. Each is checked to be there when loaded,
// so an @pulumi/pulumi without them fails with a message, not deep inside a Construct. They are
// imported, not required, so that a test can load them from another copy of the SDK (vi.mock
// reaches imports only): test/provider/doors/plugin/registrar-oldest-sdk.test.ts.
import type { Output, Resource } from "@pulumi/pulumi";
import * as outputModule from "@pulumi/pulumi/output";
import * as serverModule from "@pulumi/pulumi/provider/server";
import * as dependsOnModule from "@pulumi/pulumi/runtime/dependsOn";
import * as settingsModule from "@pulumi/pulumi/runtime/settings";
import * as stateModule from "@pulumi/pulumi/runtime/state";
import * as utilsModule from "@pulumi/pulumi/utils";
import { z } from "zod";

const callable = <F>(name: string) => z.custom<F>((value) => typeof value === "function", `@pulumi/pulumi has no ${name}: pulumi-wandb needs 3.269.0 or later`);

const settings = z
  .object({
    awaitFeatureSupport: callable<() => Promise<void>>("runtime/settings.awaitFeatureSupport"),
    waitForRPCs: callable<() => Promise<void>>("runtime/settings.waitForRPCs"),
    terminateRpcs: callable<() => void>("runtime/settings.terminateRpcs"),
  })
  .parse(settingsModule);

const state = z
  .object({ withLocalStorage: callable<<T>(callback: () => Promise<T>) => Promise<T>>("runtime/state.withLocalStorage") })
  .parse(stateModule);

const server = z
  .object({
    deserializeInputs: callable<(inputs: unknown, dependencies: unknown) => Promise<Record<string, unknown>>>("provider/server.deserializeInputs"),
  })
  .parse(serverModule);

/** Waits until the engine has said which features its resource monitor supports. */
export const awaitFeatureSupport = settings.awaitFeatureSupport;
/** Waits until every registration the component made has been answered. */
export const waitForRPCs = settings.waitForRPCs;
/** Runs a callback with a runtime state of its own, as each Construct needs. */
export const withLocalStorage = state.withLocalStorage;
/** A Construct's inputs as Outputs that carry their secrecy and the resources they depend on. */
export const deserializeInputs = server.deserializeInputs;

type OutputConstructor = new <T>(
  resources: Set<Resource>,
  promise: Promise<T | undefined>,
  isKnown: Promise<boolean>,
  isSecret: Promise<boolean>,
  allResources: Promise<Resource[]>,
) => Output<T>;

const output = z.object({ Output: callable<OutputConstructor>("output.Output") }).parse(outputModule);

const dependsOn = z
  .object({
    getAllTransitivelyReferencedResourceURNs: callable<(resources: Set<Resource>, exclude: Set<Resource>) => Promise<Set<string>>>(
      "runtime/dependsOn.getAllTransitivelyReferencedResourceURNs",
    ),
  })
  .parse(dependsOnModule);

const utils = z
  .object({ disableResourceReferences: z.boolean({ error: "@pulumi/pulumi has no utils.disableResourceReferences: pulumi-wandb needs 3.269.0 or later" }) })
  .parse(utilsModule);

/** An Output whose value, knownness, secrecy and resources settle later, as the runtime makes a resource's outputs. */
export const SettlingOutput = output.Output;
/** Stops the runtime's calls to a resource monitor that is shutting down. */
export const terminateRpcs = settings.terminateRpcs;
/** The URNs of the custom resources `resources` stand for (a component for its children), as a registration sends them. */
export const urnsOfDependencies = dependsOn.getAllTransitivelyReferencedResourceURNs;
/** Whether resource references are turned off (PULUMI_DISABLE_RESOURCE_REFERENCES): a registration then does not accept them. */
export const resourceReferencesDisabled = utils.disableResourceReferences;
