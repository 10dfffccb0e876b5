// Runs Pulumi programs (a folder with a Pulumi.yaml, or an inline function) through the pinned
// engine and the Automation API, isolated from the machine: a temporary PULUMI_HOME and file
// backend, no update checks, no plugin downloads. Every lifecycle test is written with it.
import { execFile } from "node:child_process";
import * as grpc from "@grpc/grpc-js";
import { cpSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { parse, stringify } from "yaml";
import { z } from "zod";
import { changedProperties, emulatorConfig, shownStep, installedPackage, isolatedEnvironment, pinnedCommand, repoRoot, workRoot } from "../../scripts/engine";
import {
  LocalWorkspace,
  type ConfigMap,
  type EngineEvent,
  type OpMap,
  type ProjectSettings,
  type PulumiFn,
  type Stack,
} from "@pulumi/pulumi/automation";
import * as languageGrpc from "@pulumi/pulumi/proto/language_grpc_pb";
import { specialSigKey } from "@pulumi/pulumi/runtime/rpc";
import { inject } from "vitest";
import { parseUrn } from "../../model/urn";

export { emulatorConfig, installedPackage, repoRoot };

export type ProgramSource =
  | { dir: string }
  | { inline: PulumiFn; projectName: string };

export interface OpenStackOptions {
  /** Stack config, e.g. `{ "wandb:baseUrl": { value: url } }`. */
  config?: ConfigMap;
  /** Extra environment for the engine and the provider process. */
  env?: Record<string, string>;
  stackName?: string;
  /**
   * Plugins the project loads from a folder (Pulumi.yaml `plugins.providers`), e.g. this package's own
   * (`repoRoot`), which the engine then runs as released unless `pluginFromSource` says otherwise.
   */
  providerPlugins?: { name: string; path: string }[];
  /**
   * Whether this package's folder, named as a plugin's (here or in the program's Pulumi.yaml), gives the
   * plugin run from source, from its PulumiPlugin.yaml through the language host, as `pulumi package add`
   * users run it. By default the engine starts the plugin as released (test/support/plugin-executable.ts).
   */
  pluginFromSource?: boolean;
  /** Where the stack's scratch folder goes: by default inside the repository (.work), where programs resolve `pulumi-wandb`. */
  scratchRoot?: string;
  /**
   * Whether the engine writes the whole state at each step of a run, as by default, rather than once
   * at its end (PULUMI_SKIP_CHECKPOINTS), which is all a run that ends leaves: only a run killed
   * midway tells the two apart, and the tests that kill one, or install as a user does, say true.
   * Writing it at each step took a seventh of the CPU of the engine's runs (compact-layout and removals).
   */
  checkpointEachStep?: boolean;
}

export interface Diagnostic {
  severity: string;
  message: string;
  urn?: string;
}

export interface OperationResult {
  outputs: Record<string, unknown>;
  changes: OpMap;
  diagnostics: Diagnostic[];
  /** Everything the engine printed: its full log for this operation. */
  log: string;
}

const previewJsonDiagnostics = z.object({
  diagnostics: z.array(z.object({ severity: z.string(), message: z.string(), urn: z.string().optional() })).default([]),
});

/** The diagnostics of `pulumi preview --json`'s output, as the engine's events give them to an operation. */
export function previewDiagnostics(json: string): Diagnostic[] {
  return previewJsonDiagnostics.parse(JSON.parse(json)).diagnostics;
}

export interface PlannedStep {
  op: string;
  /** The resource's name (the last part of its URN). */
  name: string;
  /** The properties that change, as `pulumi preview --diff` shows them. */
  diffs: string[];
}

export interface FailedOperation {
  error: Error;
  diagnostics: Diagnostic[];
  log: string;
}

/**
 * The one-run overrides that let a run through the guard rails at the writes, as a person who means
 * it runs `WANDB_MAX_REMOVAL_FRACTION=1 WANDB_MIN_ADMINS=0 pulumi destroy` on an Organization's stack.
 */
export const LET_REMOVALS_THROUGH: Readonly<Record<string, string>> = { WANDB_MAX_REMOVAL_FRACTION: "1", WANDB_MIN_ADMINS: "0" };

/** How an `up` is invoked: the engine's own ways to run part of a program, or past a failure. */
export interface UpOptions {
  target?: string[];
  exclude?: string[];
  continueOnError?: boolean;
  /** `--refresh`: read every resource first, as the drift job and `pulumi up --refresh` do. */
  refresh?: boolean;
  /** `--parallel`: how many resource operations the engine runs at once. */
  parallel?: number;
}

export interface StackHandle {
  stack: Stack;
  workDir: string;
  /** The stack's scratch folder (PULUMI_HOME, backend, program); every process of its runs has it in PULUMI_HOME. */
  scratch: string;
  /** The environment the engine runs with, for running the CLI directly (e.g. to kill it). */
  env: Record<string, string>;
  up(options?: UpOptions): Promise<OperationResult>;
  /** `diff`: the log shows each change property by property, as `pulumi preview --diff` prints it. */
  preview(options?: { diff?: boolean; refresh?: boolean }): Promise<OperationResult>;
  refresh(): Promise<OperationResult>;
  /** `refresh`: `pulumi destroy --refresh`, reading every resource first. */
  destroy(options?: { refresh?: boolean }): Promise<OperationResult>;
  /** A preview's planned steps other than "same", per resource: what `pulumi preview --diff` would list. */
  previewSteps(): Promise<PlannedStep[]>;
  /**
   * `pulumi preview --json` (plus `args`, e.g. `--refresh`) run by the CLI itself, as a user's CI runs it:
   * its standard output, and the exit code (non-zero when the preview fails); an inline program is
   * served to it as the Automation API serves one (`--client`).
   */
  previewJson(args?: string[], options?: { destroy?: boolean }): Promise<{ json: string; code: number }>;
  /** Runs an operation that must fail (an `up` invoked as `options` says), and hands back what the engine reported. */
  failing(op: "up" | "preview" | "refresh" | "destroy", options?: UpOptions): Promise<FailedOperation>;
  /** Runs `run` with `env` added to the environment of the engine, of the provider processes it starts and of the program. */
  withEnv<T>(env: Record<string, string>, run: () => Promise<T>): Promise<T>;
  /** The URN of each resource of the last recorded state, by its name (the last part of its URN). */
  urns(): Promise<Record<string, string>>;
  /** The deployment as the backend stores it: secrets stay encrypted, as on a user's disk. */
  exportState(): Promise<unknown>;
  /** Every log line of every operation so far, for scans (e.g. for secrets). */
  fullLog(): string;
  dispose(): Promise<void>;
}

function eventRecorder() {
  const diagnostics: Diagnostic[] = [];
  const lines: string[] = [];
  /** The operation's counts of steps by kind, from the summary event the engine ends it with. */
  let changes: OpMap = {};
  return {
    diagnostics,
    lines,
    changes: () => changes,
    onOutput: (out: string) => lines.push(out),
    onEvent: (event: EngineEvent) => {
      const diagnostic = event.diagnosticEvent;
      if (diagnostic) diagnostics.push({ severity: diagnostic.severity, message: diagnostic.message, urn: diagnostic.urn });
      if (event.summaryEvent) changes = event.summaryEvent.resourceChanges;
    },
  };
}

/** The stack resource's outputs, as a checkpoint records them. */
const recordedStack = z.object({
  resources: z.array(z.object({ type: z.string(), outputs: z.record(z.string(), z.unknown()).optional() })).default([]),
});

export async function openStack(source: ProgramSource, options: OpenStackOptions = {}): Promise<StackHandle> {
  const scratchRoot = options.scratchRoot ?? workRoot;
  mkdirSync(scratchRoot, { recursive: true });
  const scratch = mkdtempSync(path.join(scratchRoot, "stack-"));
  const checkpoints: Record<string, string> = options.checkpointEachStep === true ? {} : { PULUMI_SKIP_CHECKPOINTS: "true" };
  const envVars = { ...isolatedEnvironment(scratch), ...checkpoints, ...options.env };
  const stackName = options.stackName ?? "test";
  const pulumiCommand = await pinnedCommand();
  const released = options.pluginFromSource === true ? undefined : inject("pluginExecutableFolder");
  const pluginFolder = (folder: string) => (folder === repoRoot && released !== undefined ? released : folder);
  let workDir: string;
  let stack: Stack;
  if ("dir" in source) {
    // A copy, so that stack files never land in the source folder; it stays inside the repository.
    workDir = path.join(scratch, "program");
    cpSync(source.dir, workDir, { recursive: true, filter: (from) => !from.includes("node_modules") });
    anchorProjectPaths(workDir, source.dir, pluginFolder);
    stack = await LocalWorkspace.createStack({ stackName, workDir }, { envVars, pulumiCommand });
  } else {
    // The provider process resolves `pulumi-wandb/provider` from the program's folder: inside the repository.
    workDir = path.join(scratch, "program");
    mkdirSync(workDir);
    stack = await LocalWorkspace.createStack(
      { stackName, projectName: source.projectName, program: source.inline },
      {
        envVars,
        pulumiCommand,
        workDir,
        projectSettings: {
          name: source.projectName,
          runtime: "nodejs",
          // Pulumi.yaml's `plugins` section, which the Automation API's type leaves out; it writes the settings as given.
          ...(options.providerPlugins ? { plugins: { providers: options.providerPlugins.map((plugin) => ({ ...plugin, path: pluginFolder(plugin.path) })) } } : {}),
        } as ProjectSettings,
      },
    );
  }
  if (options.config) await stack.setAllConfig(options.config);

  const allLines: string[] = [];
  /** The environment the workspace runs the engine with: `withEnv` adds to it for a while, and the CLI's own runs (previewJson) take it too. */
  const workspaceEnv = () => (stack.workspace as unknown as { envVars: Record<string, string> }).envVars;
  async function exportState(): Promise<unknown> {
    const stacks = path.join(scratch, "backend", ".pulumi", "stacks");
    const file = readdirSync(stacks, { recursive: true, encoding: "utf8" }).find((f) => path.basename(f) === `${stackName}.json`);
    if (!file) throw new Error(`no state file for stack ${stackName} under ${stacks}`);
    return (JSON.parse(readFileSync(path.join(stacks, file), "utf8")) as { checkpoint: { latest: unknown } }).checkpoint.latest;
  }
  /** The stack's outputs as its checkpoint records them; only secrets, stored encrypted, are asked of the CLI. */
  async function recordedOutputs(): Promise<Record<string, unknown>> {
    const { resources } = recordedStack.parse(await exportState());
    const outputs = resources.find(({ type }) => type === "pulumi:pulumi:Stack")?.outputs ?? {};
    // A secret is stored as an object keyed by the SDK's signature key, its ciphertext beside it.
    if (!JSON.stringify(outputs).includes(specialSigKey)) return outputs;
    return Object.fromEntries(Object.entries(await stack.workspace.stackOutputs(stackName)).map(([key, { value }]) => [key, value]));
  }
  /**
   * Runs an Automation API operation without the CLI runs it makes once the engine is done (after an
   * up, the outputs twice and the last update; after a refresh or a destroy, the last update): a
   * third of the suite's CLI runs, each deriving the passphrase's key anew (a million PBKDF2
   * rounds). The handle reads the same from the operation's summary event and from the checkpoint.
   */
  async function withoutFollowUps<T>(run: () => Promise<T>): Promise<T> {
    const followUps = stack as unknown as Partial<Record<"outputs" | "info", () => Promise<unknown>>>;
    followUps.outputs = async () => ({});
    followUps.info = async () => undefined;
    try {
      return await run();
    } finally {
      // The Stack's own methods again, for a test's direct calls.
      delete followUps.outputs;
      delete followUps.info;
    }
  }
  async function operation(op: "up" | "preview" | "refresh" | "destroy", diff = false, upOptions: UpOptions = {}): Promise<OperationResult> {
    const refresh = upOptions.refresh === true ? { refresh: true } : {};
    const recorder = eventRecorder();
    try {
      const common = { onOutput: recorder.onOutput, onEvent: recorder.onEvent, color: "never" as const };
      if (op === "preview") await stack.preview({ ...common, diff, ...refresh });
      else if (op === "up") await withoutFollowUps(() => stack.up({ ...common, ...upOptions }));
      else if (op === "refresh") await withoutFollowUps(() => stack.refresh(common));
      else await withoutFollowUps(() => stack.destroy({ ...common, ...refresh }));
      return {
        outputs: op === "up" ? await recordedOutputs() : {},
        changes: recorder.changes(),
        diagnostics: recorder.diagnostics,
        log: recorder.lines.join(""),
      };
    } finally {
      allLines.push(...recorder.lines);
    }
  }

  return {
    stack,
    workDir,
    scratch,
    env: envVars,
    up: (options) => operation("up", false, options),
    preview: (options) => operation("preview", options?.diff, { refresh: options?.refresh === true }),
    refresh: () => operation("refresh"),
    destroy: (options) => operation("destroy", false, { refresh: options?.refresh === true }),
    async previewSteps() {
      const steps: PlannedStep[] = [];
      await stack.preview({
        color: "never",
        onEvent: (event) => {
          const metadata = shownStep(event);
          if (!metadata) return;
          steps.push({ op: metadata.op, name: parseUrn(metadata.urn).name, diffs: changedProperties(metadata) });
        },
      });
      return steps;
    },
    async previewJson(args = [], options = {}) {
      const inline = "inline" in source ? await inlineProgramServer(source.inline) : undefined;
      let failed = true;
      try {
        const previewed = await new Promise<{ json: string; code: number }>((resolve, reject) => {
          execFile(
            pulumiCommand.command,
            [...(options.destroy ? ["destroy", "--preview-only"] : ["preview"]), "--json", "--stack", stackName, "--non-interactive", ...(inline?.args ?? []), ...args],
            { cwd: workDir, env: { ...process.env, ...workspaceEnv() }, maxBuffer: 64 * 1024 * 1024 },
            (error, stdout) => {
              if (error && typeof error.code !== "number") reject(error);
              else resolve({ json: stdout, code: typeof error?.code === "number" ? error.code : 0 });
            },
          );
        });
        failed = previewed.code !== 0;
        return previewed;
      } finally {
        inline?.close(failed);
      }
    },
    async failing(op, upOptions = {}) {
      const recorder = eventRecorder();
      try {
        const common = { onOutput: recorder.onOutput, onEvent: recorder.onEvent, color: "never" as const };
        if (op === "preview") await stack.preview({ ...common, ...(upOptions.refresh === true ? { refresh: true } : {}) });
        else if (op === "up") await stack.up({ ...common, ...upOptions });
        else if (op === "refresh") await stack.refresh(common);
        else await stack.destroy(common);
      } catch (error) {
        allLines.push(...recorder.lines);
        return { error: error as Error, diagnostics: recorder.diagnostics, log: recorder.lines.join("") };
      }
      allLines.push(...recorder.lines);
      throw new Error(`pulumi ${op} was expected to fail, but succeeded:\n${recorder.lines.join("")}`);
    },
    exportState,
    async withEnv(env, run) {
      // The workspace's environment is the engine's, and so the provider processes', for the operations run meanwhile;
      // an inline program runs in this process, and reads this one's (a program in a folder inherits the engine's).
      Object.assign(workspaceEnv(), env);
      const programEnv = "inline" in source ? { ...process.env } : undefined;
      if (programEnv) Object.assign(process.env, env);
      try {
        return await run();
      } finally {
        for (const key of Object.keys(env)) {
          delete workspaceEnv()[key];
          if (programEnv?.[key] === undefined) delete process.env[key];
          else process.env[key] = programEnv[key];
        }
      }
    },
    async urns() {
      const { resources } = (await exportState()) as { resources?: { urn: string }[] };
      return Object.fromEntries((resources ?? []).map(({ urn }) => [parseUrn(urn).name, urn]));
    },
    fullLog: () => allLines.join(""),
    // The stack's backend and PULUMI_HOME are inside its scratch folder: removing the folder removes the stack.
    dispose: async () => rmSync(scratch, { recursive: true, force: true }),
  };
}

/** The Automation API's server for an inline program (internal to @pulumi/pulumi, so not in its typings). */
type InlineLanguageServer = grpc.UntypedServiceImplementation & { onPulumiExit(hasError: boolean): void };

/**
 * An inline program served as the Automation API serves it to the CLI it runs: `args` point a CLI
 * run by hand at it (`--client`), so that `pulumi preview --json` runs the program in this process as
 * `stack.preview()` does.
 */
async function inlineProgramServer(program: PulumiFn): Promise<{ args: string[]; close(failed: boolean): void }> {
  const { LanguageServer } = require("@pulumi/pulumi/automation/server") as { LanguageServer: new (program: PulumiFn) => InlineLanguageServer };
  const languageServer = new LanguageServer(program);
  // The Automation API's channel options (@pulumi/pulumi's grpcChannelOptions, also internal): the engine's messages may reach 400 MB.
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(languageGrpc.LanguageRuntimeService, languageServer);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  return {
    args: [`--client=127.0.0.1:${port}`, "--exec-kind", "auto.inline"],
    // As the Automation API ends its own: a program that succeeded leaves no promise unsettled.
    close: (failed) => {
      server.forceShutdown();
      languageServer.onPulumiExit(failed);
    },
  };
}

/** Pulumi.yaml's paths that are relative to the project's folder: the virtualenv, and the plugins run from folders. */
interface ProjectPaths {
  runtime?: string | { options?: { virtualenv?: string } };
  plugins?: Record<string, { path?: string }[] | undefined>;
}

/**
 * Makes the copied program's Pulumi.yaml paths absolute, as resolved from the program's own
 * folder: they then mean in the copy what they mean where the program is committed, whatever its
 * depth; a plugin's folder then goes through `pluginFolder`.
 */
function anchorProjectPaths(copy: string, original: string, pluginFolder: (folder: string) => string): void {
  const file = path.join(copy, "Pulumi.yaml");
  const project = parse(readFileSync(file, "utf8")) as ProjectPaths;
  const anchored = (relative: string) => path.resolve(original, relative);
  const options = typeof project.runtime === "object" ? project.runtime.options : undefined;
  if (options?.virtualenv !== undefined) options.virtualenv = anchored(options.virtualenv);
  for (const plugins of Object.values(project.plugins ?? {})) {
    for (const plugin of plugins ?? []) if (plugin.path !== undefined) plugin.path = pluginFolder(anchored(plugin.path));
  }
  writeFileSync(file, stringify(project));
}

