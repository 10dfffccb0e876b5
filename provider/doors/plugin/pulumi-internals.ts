// The parts of @pulumi/pulumi's runtime that its own provider server uses to host a component
// (Construct) and that its type declarations leave out. Each is checked to be there when loaded,
// so an @pulumi/pulumi without them fails with a message, not deep inside a Construct.
import { z } from "zod";

const callable = <F>(name: string) => z.custom<F>((value) => typeof value === "function", `@pulumi/pulumi has no ${name}: pulumi-wandb needs 3.269.0 or later`);

const settings = z
  .object({
    awaitFeatureSupport: callable<() => Promise<void>>("runtime/settings.awaitFeatureSupport"),
    waitForRPCs: callable<() => Promise<void>>("runtime/settings.waitForRPCs"),
  })
  .parse(require("@pulumi/pulumi/runtime/settings"));

const state = z
  .object({ withLocalStorage: callable<<T>(callback: () => Promise<T>) => Promise<T>>("runtime/state.withLocalStorage") })
  .parse(require("@pulumi/pulumi/runtime/state"));

const server = z
  .object({
    deserializeInputs: callable<(inputs: unknown, dependencies: unknown) => Promise<Record<string, unknown>>>("provider/server.deserializeInputs"),
  })
  .parse(require("@pulumi/pulumi/provider/server"));

/** Waits until the engine has said which features its resource monitor supports. */
export const awaitFeatureSupport = settings.awaitFeatureSupport;
/** Waits until every registration the component made has been answered. */
export const waitForRPCs = settings.waitForRPCs;
/** Runs a callback with a runtime state of its own, as each Construct needs. */
export const withLocalStorage = state.withLocalStorage;
/** A Construct's inputs as Outputs that carry their secrecy and the resources they depend on. */
export const deserializeInputs = server.deserializeInputs;
