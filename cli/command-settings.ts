// The provider's settings as a subcommand that talks to W&B reads them (export, audit): the stack's
// `wandb:` config when Pulumi runs it (`PULUMI_CONFIG`), else the `WANDB_*` variables. The key is
// sent to the service and written nowhere, failures included.
import { resolveConfig, WandbConfigError, type WandbConfig } from "../service/config";
import type { CommandIo } from "./io";

/**
 * The `wandb:` keys of the stack config Pulumi hands to programs (`PULUMI_CONFIG`), without the
 * namespace. Malformed, it is named without quoting it: it holds the key.
 */
function stackConfig(env: CommandIo["env"]): Record<string, string> | { problem: string } {
  const raw = env["PULUMI_CONFIG"];
  if (raw === undefined || raw.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { problem: "PULUMI_CONFIG is not a JSON object of stack config, as Pulumi sets it: unset it, or run the export with the WANDB_* variables" };
  }
  return Object.fromEntries(
    Object.entries(parsed).flatMap(([key, value]) => (key.startsWith("wandb:") && typeof value === "string" ? [[key.slice("wandb:".length), value]] : [])),
  );
}

/** The resolved configuration and the stack config it came from; or every mistake, without the key. */
export function commandSettings(env: CommandIo["env"]): { config: WandbConfig; stack: Record<string, string> } | { problem: string } {
  const stack = stackConfig(env);
  if ("problem" in stack) return { problem: String(stack["problem"]) };
  try {
    return { config: resolveConfig(stack, env), stack };
  } catch (error) {
    if (!(error instanceof WandbConfigError)) throw error;
    return { problem: error.message };
  }
}
