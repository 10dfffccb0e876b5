// The pinned Pulumi engine, run offline and isolated from the machine: a scratch PULUMI_HOME and
// file backend, no update checks, no plugin downloads. Shared by the demo and the test harness.
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { type ConfigMap, type EngineEvent, PulumiCommand, type StepEventMetadata } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "../emulator";
import { parseUrn } from "../model/urn";
import { repoRoot } from "./repo-root";

export { repoRoot };

/** Where scratch stacks live: inside the repository, so programs there resolve `pulumi-wandb`. */
export const workRoot = path.join(repoRoot, ".work");

/** The pinned CLI's executable, for the commands the Automation API does not run (e.g. `plugin install --file`). */
export const pinnedCli = path.join(repoRoot, ".tools", "bin", "pulumi");

let cachedCommand: Promise<PulumiCommand> | undefined;

/** The CLI that scripts/setup.sh placed in .tools/bin, beside this project's plugins. */
export function pinnedCommand(): Promise<PulumiCommand> {
  cachedCommand ??= PulumiCommand.get({ root: path.join(repoRoot, ".tools") });
  return cachedCommand;
}

/** The environment every engine run gets: offline, isolated, with this project's plugins on PATH. */
export function isolatedEnvironment(scratch: string): Record<string, string> {
  mkdirSync(path.join(scratch, "home"), { recursive: true });
  mkdirSync(path.join(scratch, "backend"), { recursive: true });
  return {
    PATH: [path.join(repoRoot, ".tools", "bin"), path.join(repoRoot, "node_modules", ".bin"), process.env["PATH"] ?? ""].join(":"),
    PULUMI_HOME: path.join(scratch, "home"),
    PULUMI_BACKEND_URL: `file://${path.join(scratch, "backend")}`,
    PULUMI_CONFIG_PASSPHRASE: "pulumi-wandb-local",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
    // Type checking belongs to `tsc`; programs are only transpiled when they run.
    PULUMI_NODEJS_TRANSPILE_ONLY: "true",
  };
}

/**
 * The properties a planned step changes, as `pulumi preview --diff` shows them: the provider's
 * changed keys when it reports them, else the inputs that differ between the old and new state
 * (dynamic providers report none; after a refresh the old inputs are the live values).
 */
export function changedProperties(metadata: StepEventMetadata): string[] {
  if (metadata.diffs?.length) return metadata.diffs.filter((key) => key !== "__provider");
  const before = metadata.old?.inputs ?? {};
  const after = metadata.new?.inputs ?? {};
  if (!metadata.old) return [];
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => key !== "__provider" && JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .sort();
}

/**
 * A step of a preview's or an update's engine events as `pulumi preview` shows it: not "same", not
 * the stack itself, and not a default provider, which the engine marks internal and its display
 * leaves out (the event log it hands the Automation API keeps them, unmarked).
 */
export function shownStep(event: EngineEvent): StepEventMetadata | undefined {
  const metadata = event.resourcePreEvent?.metadata;
  if (!metadata || metadata.op === "same" || metadata.type === "pulumi:pulumi:Stack") return undefined;
  const { type, name } = parseUrn(metadata.urn);
  return type.startsWith("pulumi:providers:") && name.startsWith("default") ? undefined : metadata;
}

/** Stack config pointing the provider at an emulator, with the key stored as a secret. */
export function emulatorConfig(
  emulator: Pick<RunningEmulator, "url" | "admin" | "deployment" | "inferenceUrl" | "inferenceProject">,
): ConfigMap {
  return {
    "wandb:baseUrl": { value: emulator.url },
    "wandb:username": { value: emulator.admin.username },
    "wandb:apiKey": { value: emulator.admin.apiKey, secret: true },
    "wandb:deployment": { value: emulator.deployment },
    "wandb:inferenceUrl": { value: emulator.inferenceUrl },
    "wandb:inferenceProject": { value: emulator.inferenceProject },
  };
}

/**
 * The package as users install it: compiled JS loaded by Node itself, so that what the engine
 * serializes from inline programs is exactly what a user's program would produce.
 */
export function installedPackage(): typeof import("../sdk") {
  return createRequire(path.join(repoRoot, "package.json"))("pulumi-wandb");
}
