// The provider's settings as a subcommand that talks to W&B reads them (export, audit): the stack's
// `wandb:` config when Pulumi runs it (`PULUMI_CONFIG`), else the `WANDB_*` variables, judged as
// every door judges them (service/namespace). The key is sent to the service and written nowhere,
// failures included.
import { WandbConfigError, type WandbConfig } from "../service/config";
import { EMPTY_NAMESPACE, namespaceOf, WandbSettings, type Namespace } from "../service/namespace";
import type { CommandIo } from "./io";

/**
 * The `wandb` namespace of the stack config Pulumi hands to programs (`PULUMI_CONFIG`), with the
 * project a Node.js program of Pulumi's names (`PULUMI_NODEJS_PROJECT`, which a command it runs
 * inherits). Malformed, it is named without quoting it: it holds the key.
 */
function stackNamespace(env: CommandIo["env"]): Namespace | { problem: string } {
  const raw = env["PULUMI_CONFIG"];
  if (raw === undefined || raw.trim() === "") return EMPTY_NAMESPACE;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { problem: "PULUMI_CONFIG is not a JSON object of stack config, as Pulumi sets it: unset it, or run the export with the WANDB_* variables" };
  }
  return namespaceOf(parsed as Record<string, unknown>, env["PULUMI_NODEJS_PROJECT"]);
}

/** The resolved configuration and the settings it came from; or every mistake, without the key. */
export function commandSettings(env: CommandIo["env"]): { config: WandbConfig; settings: WandbSettings } | { problem: string } {
  const namespace = stackNamespace(env);
  if ("problem" in namespace) return namespace;
  const settings = new WandbSettings(namespace, env);
  try {
    return { config: settings.config(), settings };
  } catch (error) {
    if (!(error instanceof WandbConfigError)) throw error;
    return { problem: error.message };
  }
}
