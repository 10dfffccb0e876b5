// The plugin's own configuration: what CheckConfig judges and Configure applies. The engine hands
// over the provider's inputs (a default provider's come from the `wandb:` stack config, an
// explicit provider's from its arguments), as typed values that may be wrapped as secrets.
import { WandbSettings } from "../../../service/namespace";
import { revealed } from "./struct";

/** Inputs the engine gives every provider, which are not settings of ours. */
const ENGINE_KEYS = new Set(["version", "pluginDownloadURL"]);

/** The settings, as the strings that stack config holds: numbers and booleans as written. */
export function settingsOf(inputs: Record<string, unknown>): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const [key, value] of Object.entries(inputs)) {
    const plain = revealed(value);
    if (ENGINE_KEYS.has(key) || plain === undefined || plain === null) continue;
    settings[key] = typeof plain === "string" ? plain : JSON.stringify(plain);
  }
  return settings;
}

/** Every mistake in the settings, each naming the config key, the environment variable and the fix. */
export function settingsProblems(settings: Record<string, string>): string[] {
  return [...new WandbSettings({ stackConfig: settings, sharedWithProject: false }, process.env).problems()];
}
