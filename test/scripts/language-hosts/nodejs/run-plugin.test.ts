// A plugin written in Node.js (a folder with PulumiPlugin.yaml `runtime: nodejs`), run by the real
// engine through the language host stand-in: `pulumi package get-schema <folder>` installs its
// dependencies, runs its package.json "main" and prints the schema it serves; and when the CLI is
// killed, neither the language host nor the plugin outlives it.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolatedEnvironment, repoRoot, workRoot } from "../../../../scripts/engine";
import { FIXTURE_PACKAGE, type LaunchRecord, recordLaunch, writePluginFixture } from "../../../support/plugin-fixture";
import { processesWithPulumiHome } from "../../../../scripts/processes";

const SCHEMA = {
  name: FIXTURE_PACKAGE.name,
  version: FIXTURE_PACKAGE.version,
  resources: { "fixture:index:Thing": { type: "object", properties: { size: { type: "number" } }, inputProperties: { size: { type: "number" } } } },
};
// The plugin serves SCHEMA with @pulumi/pulumi's provider server; with HANG_MARKER set it only
// writes its pid there and idles, never announcing a port.
const PLUGIN = `${recordLaunch("LAUNCH_RECORD")}
if (process.env.HANG_MARKER) {
  require("node:fs").writeFileSync(process.env.HANG_MARKER, String(process.pid));
  setInterval(() => {}, 1_000);
} else {
  require("@pulumi/pulumi/provider").main({ version: "${FIXTURE_PACKAGE.version}", schema: ${JSON.stringify(JSON.stringify(SCHEMA))} }, process.argv.slice(2));
}
`;

interface CliRun {
  cli: ChildProcess;
  output: () => { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

describe("a Node.js plugin folder, through the engine", () => {
  let pluginDir: string;
  let scratch: string;
  let env: Record<string, string>;

  beforeAll(() => {
    // typescript: false, as the lead's plugin will say: it ships compiled JavaScript.
    pluginDir = writePluginFixture({ main: PLUGIN, runtimeOptions: { typescript: false } });
    scratch = mkdtempSync(path.join(workRoot, "source-plugin-"));
    env = { ...isolatedEnvironment(scratch), LAUNCH_RECORD: path.join(scratch, "launch.json") };
  });
  afterAll(() => {
    rmSync(pluginDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  const getSchema = (extraEnv: Record<string, string> = {}): CliRun => {
    const cli = spawn(path.join(repoRoot, ".tools", "bin", "pulumi"), ["package", "get-schema", pluginDir, "--non-interactive"], {
      cwd: scratch,
      env: { ...process.env, ...env, ...extraEnv },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    cli.stdout?.on("data", (chunk) => (stdout += chunk));
    cli.stderr?.on("data", (chunk) => (stderr += chunk));
    return { cli, output: () => ({ stdout, stderr }), exited: new Promise((resolve) => cli.once("exit", resolve)) };
  };

  it("`pulumi package get-schema <folder>` prints the schema the folder's main serves", async () => {
    const run = getSchema();

    expect(await run.exited, run.output().stderr).toBe(0);
    const { stdout, stderr } = run.output();
    expect(JSON.parse(stdout)).toMatchObject(SCHEMA);
    // InstallDependencies' stream, as the engine relays it: the fixture's lock file is current.
    expect(stderr).toContain(`Installing dependencies...\n\nnode_modules in ${pluginDir} already matches package-lock.json: nothing to install\nFinished installing dependencies`);
    const launch = JSON.parse(readFileSync(env["LAUNCH_RECORD"] ?? "", "utf8")) as LaunchRecord;
    // The engine's plugin arguments: its own address; the engine's working directory and environment.
    expect(launch.args).toEqual([expect.stringMatching(/^127\.0\.0\.1:\d+$/)]);
    expect(launch.cwd).toBe(scratch);
    expect(launch.env["PULUMI_HOME"]).toBe(env["PULUMI_HOME"]);
    expect(launch.env["PULUMI_NODEJS_TYPESCRIPT"]).toBeUndefined();
  });

  it("when the CLI is killed, the language host and the plugin go too", async () => {
    const marker = path.join(scratch, "hanging.pid");
    const run = getSchema({ HANG_MARKER: marker });
    const home = env["PULUMI_HOME"] ?? "";
    // The plugin writes its pid into a file it has just made: a read in between finds it empty.
    const pidInMarker = () => (existsSync(marker) ? Number(readFileSync(marker, "utf8")) : 0);
    await expect.poll(pidInMarker, { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
    const running = processesWithPulumiHome(home);
    const plugin = pidInMarker();
    // The CLI, the language host and the plugin at least.
    expect(running.map((process) => process.pid)).toContain(plugin);
    expect(running.some((process) => process.command.includes("language-host"))).toBe(true);

    run.cli.kill("SIGKILL");
    await run.exited;
    await expect.poll(() => processesWithPulumiHome(home), { timeout: 5_000, interval: 100 }).toEqual([]);
  });
});
