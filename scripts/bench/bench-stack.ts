// One stack of the bench: an inline program through the pinned engine on the file backend
// (checkpoints on, as users run it), each operation timed while the provider process's peak
// memory is sampled from /proc.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import * as path from "node:path";
import { LocalWorkspace, type ConfigMap, type ProjectSettings, type PulumiFn } from "@pulumi/pulumi/automation";
import { isolatedEnvironment, pinnedCli, pinnedCommand, workRoot } from "../engine";
import { processesWithPulumiHome, residentBytes } from "../processes";

export type Operation = "up" | "preview" | "refresh" | "destroy";

export interface Timed {
  seconds: number;
  /** Peak VmRSS of the provider process (bytes), 0 when none was seen. */
  peakRss: number;
}

export interface BenchStack {
  /**
   * `checkpoints: false` is for setting a stack up before the measured steps only: the engine then
   * writes the state once at the end (PULUMI_SKIP_CHECKPOINTS), not after every step.
   */
  run(op: Operation, options?: { checkpoints: boolean }): Promise<Timed>;
  /** Size of the stack's checkpoint file in the file backend. */
  stateBytes(): number;
  /** How many resources the stack's state holds, the stack itself included. */
  resources(): Promise<number>;
  dispose(): Promise<void>;
}

const STACK = "bench";
/** The provider process of each front door: the dynamic provider, a plugin started by run-plugin, or the released executable. */
const PROVIDER_COMMAND = /dynamic-provider|run-plugin|provider\/plugin\/main\.js|pulumi-resource-wandb/;
const SAMPLE_EVERY_MS = 200;
const SKIP_CHECKPOINTS = "PULUMI_SKIP_CHECKPOINTS";

function sampleProviderMemory(home: string): () => number {
  let peak = 0;
  const sample = () => {
    for (const process of processesWithPulumiHome(home)) {
      if (PROVIDER_COMMAND.test(process.command)) peak = Math.max(peak, residentBytes(process.pid));
    }
  };
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/** A plugin of the project: a folder it runs from source, or a release archive (`pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz`) installed into the stack's PULUMI_HOME. */
export interface PluginSource {
  name: string;
  path: string;
}

const RELEASE_ARCHIVE = /^pulumi-resource-[a-z0-9-]+?-v(\d+\.\d+\.\d+[^-]*)-[a-z]+-[a-z0-9]+\.tar\.gz$/;

export async function openBenchStack(projectName: string, program: PulumiFn, config: ConfigMap, plugins: PluginSource[] = []): Promise<BenchStack> {
  mkdirSync(workRoot, { recursive: true });
  const scratch = mkdtempSync(path.join(workRoot, "bench-"));
  const envVars = isolatedEnvironment(scratch);
  const workDir = path.join(scratch, "program");
  mkdirSync(workDir);
  const pulumiCommand = await pinnedCommand();
  const providerPlugins = plugins.filter((plugin) => !RELEASE_ARCHIVE.test(path.basename(plugin.path)));
  for (const plugin of plugins.filter((candidate) => !providerPlugins.includes(candidate))) {
    const version = RELEASE_ARCHIVE.exec(path.basename(plugin.path))![1];
    execFileSync(pinnedCli, ["plugin", "install", "resource", plugin.name, `v${version}`, "--file", plugin.path], { env: { ...process.env, ...envVars }, stdio: "ignore" });
  }
  const stack = await LocalWorkspace.createOrSelectStack(
    { stackName: STACK, projectName, program },
    {
      envVars,
      pulumiCommand,
      workDir,
      // Pulumi.yaml's `plugins` section, which the Automation API's type leaves out.
      projectSettings: { name: projectName, runtime: "nodejs", ...(providerPlugins.length ? { plugins: { providers: providerPlugins } } : {}) } as ProjectSettings,
    },
  );
  await stack.setAllConfig(config);
  const stacks = path.join(scratch, "backend", ".pulumi", "stacks");
  return {
    async run(op, { checkpoints } = { checkpoints: true }) {
      if (checkpoints) delete stack.workspace.envVars[SKIP_CHECKPOINTS];
      else stack.workspace.envVars[SKIP_CHECKPOINTS] = "true";
      const stopSampling = sampleProviderMemory(envVars["PULUMI_HOME"]!);
      const started = performance.now();
      let peakRss = 0;
      try {
        if (op === "up") await stack.up({ color: "never" });
        else if (op === "preview") await stack.preview({ color: "never" });
        else if (op === "refresh") await stack.refresh({ color: "never" });
        else await stack.destroy({ color: "never" });
      } finally {
        peakRss = stopSampling();
      }
      return { seconds: (performance.now() - started) / 1000, peakRss };
    },
    stateBytes() {
      const file = readdirSync(stacks, { recursive: true, encoding: "utf8" }).find((f) => path.basename(f) === `${STACK}.json`);
      return file ? statSync(path.join(stacks, file)).size : 0;
    },
    async resources() {
      return (await stack.exportStack()).deployment.resources?.length ?? 0;
    },
    async dispose() {
      await stack.workspace.removeStack(STACK, { force: true }).catch(() => undefined);
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
