// The provider's settings as a Pulumi program reads them (the SDK's functions and its Organization,
// which run in the program's own process): the stack's `wandb` namespace and the environment,
// judged as every door judges them (service/namespace).
import * as pulumi from "@pulumi/pulumi";
import { CONFIG_SETTINGS, type ConfigKey } from "../service/config";
import { EMPTY_NAMESPACE, namespaceOf, WandbSettings, type Namespace } from "../service/namespace";

/**
 * The `wandb` namespace of the running program's stack config. `apiKey` is a secret in the stack;
 * the runtime hands it over as plain text, which is what a client needs and what must never reach
 * an Output: it goes straight into a `Secret` inside the client.
 */
function programNamespace(): Namespace {
  let config: Record<string, string>;
  try {
    config = pulumi.runtime.allConfig();
  } catch {
    return EMPTY_NAMESPACE; // No readable stack config (e.g. a plain script): the environment alone configures.
  }
  return namespaceOf(config, pulumi.getProject());
}

/** The settings of the running program's stack, with `defaults` for the settings neither it nor the environment gives. */
export function programSettings(defaults: Partial<Record<ConfigKey, string>> = {}): WandbSettings {
  const namespace = programNamespace();
  const unset = (Object.entries(defaults) as [ConfigKey, string][]).filter(
    ([key]) => !given(namespace.stackConfig[key]) && !given(process.env[CONFIG_SETTINGS[key].env]),
  );
  return new WandbSettings({ ...namespace, stackConfig: { ...Object.fromEntries(unset), ...namespace.stackConfig } }, process.env);
}

const given = (value: string | undefined) => value !== undefined && value.trim() !== "";
