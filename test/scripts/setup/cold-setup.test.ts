// A new machine: the README's first command on a copy of this tree that was never set up (no
// node_modules, dist/, .tools/ or .venv) with an empty per-user cache (PULUMI_WANDB_CACHE), so setup
// builds the engine, the SDK generator and the YAML language host, makes .venv and installs the Python SDK before the demo
// runs; the demo then shows the drift found and repaired, and stays on its emulator though the
// environment points at a real organization. A second clone sets up on the same cache while the first
// builds the engine, as parallel CI jobs do (its node_modules, dist/ and .venv restored, as a CI cache
// restores them: it reaches the engine's build in seconds). Go's module and build caches, npm's and pip's stay warm: they hold what the registries
// serve, so a cold one changes how long a step takes, not what it does.
import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { repoRoot } from "../../../scripts/repo-root";
import { ENGINE, PYTHON_SDK, YAML_HOST } from "../../../scripts/setup/pulumi-versions";
import { newMachineEnvironment } from "../../support/new-machine";

const run = promisify(execFile);
const scratch = mkdtempSync(path.join(os.tmpdir(), "pulumi-wandb-cold-"));
const clone = path.join(scratch, "pulumi-wandb");
const secondClone = path.join(scratch, "pulumi-wandb-2");
const cache = path.join(scratch, "empty-cache");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The files a fresh clone of this work tree holds: tracked and not ignored, as they are now. */
async function cloneWorkTree(clone: string): Promise<string[]> {
  const { stdout } = await run("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: repoRoot, maxBuffer: 64 << 20 });
  const files = [...new Set(stdout.split("\0"))].filter((file) => file && existsSync(path.join(repoRoot, file)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
    copyFileSync(path.join(repoRoot, file), path.join(clone, file));
  }
  return files;
}

/**
 * What a CI cache restores into the second clone: `linked` hard-linked where the file system allows
 * (setup only reads them; copying node_modules' 19,000 files took 7 CPU-s), `copied` copied (the
 * compiler writes into dist/).
 */
async function restoreAsCiCache(linked: string[], copied: string[]): Promise<void> {
  const copy = (folder: string) => cpSync(path.join(repoRoot, folder), path.join(secondClone, folder), { recursive: true, verbatimSymlinks: true });
  for (const folder of linked) {
    await run("cp", ["-al", path.join(repoRoot, folder), path.join(secondClone, folder)]).catch(() => {
      rmSync(path.join(secondClone, folder), { recursive: true, force: true });
      copy(folder);
    });
  }
  for (const folder of copied) copy(folder);
}

const digest = (files: string[]) =>
  Object.fromEntries(files.map((file) => [file, createHash("sha256").update(readFileSync(path.join(clone, file))).digest("hex")]));

/** A new user's shell with an empty cache. */
const newMachineWithEmptyCache = (): NodeJS.ProcessEnv => ({ ...newMachineEnvironment(), PULUMI_WANDB_CACHE: cache, CI: "true" });

const COMPILE_STEP = "compiling TypeScript";
const SETUP_STEPS = [
  "installing npm dependencies",
  COMPILE_STEP,
  `creating .venv with pulumi==${PYTHON_SDK}`,
  "installing the generated Python SDK (sdk/python) into .venv",
];
const engineFile = path.join(cache, `pulumi-v${ENGINE}`, "pulumi");
const yamlHostFile = path.join(cache, `pulumi-v${ENGINE}`, `pulumi-language-yaml-v${YAML_HOST}`);

const failure = (what: string) => (error: { code?: number; stdout?: string; stderr?: string }) => {
  throw new Error(`${what} exited ${error.code} on a new machine:\n${error.stderr?.slice(-6000)}\n${error.stdout?.slice(-3000)}`);
};

/** Runs a command to its end, failing as `failure` says; `reached` settles once its standard error has said `mark`. */
function runUntil(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }, mark: string) {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  let [stdout, stderr] = ["", ""];
  let signal: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (signal = resolve));
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    if (stderr.includes(mark)) signal();
  });
  const done = new Promise<{ stdout: string; stderr: string }>((resolve, reject) =>
    child.once("close", (code) => (code === 0 ? resolve({ stdout, stderr }) : reject(Object.assign(new Error(), { code, stdout, stderr })))),
  );
  // Ended without saying it: nothing to wait for.
  void done.catch(() => undefined).finally(signal);
  return { reached, done };
}

it("sets up from nothing and runs the demo on its emulator, beside a second setup on the same cache; one engine is built; the clone stays as cloned; a second setup only checks", async () => {
  mkdirSync(cache, { recursive: true });
  const files = await cloneWorkTree(clone);
  await cloneWorkTree(secondClone);
  await restoreAsCiCache(["node_modules", ".venv"], ["dist"]);
  const cloned = digest(files);
  const env = newMachineWithEmptyCache();

  // A real organization's settings, which the demo must not use.
  const realOrg = { WANDB_BASE_URL: "https://api.wandb.ai", WANDB_API_KEY: "not-a-real-key-0000000000" };
  const first = runUntil("npm", ["run", "demo"], { cwd: clone, env: { ...env, ...realOrg } }, `setup: building pulumi v${ENGINE}`);
  await first.reached;
  const [demo, beside] = await Promise.all([
    first.done.catch(failure("npm run demo")),
    run("bash", ["scripts/setup.sh"], { cwd: secondClone, env, maxBuffer: 64 << 20 }).catch(failure("a second setup at the same time")),
  ]);
  for (const stepName of SETUP_STEPS) expect(demo.stderr).toContain(`setup: ${stepName}: done in`);
  // What the second clone restored it keeps (no npm install, no .venv made, no SDK installed); it compiles, with nothing to do.
  for (const stepName of SETUP_STEPS) {
    if (stepName === COMPILE_STEP) expect(beside.stderr).toContain(`setup: ${stepName}: done in`);
    else expect(beside.stderr).not.toContain(`setup: ${stepName}`);
  }
  // One of the two built the engine; the other waited for it, or found it built.
  const reused = [demo.stderr, beside.stderr].filter(
    // Whole lines: the YAML host's file in the same folder starts with the engine's name.
    (stderr) => stderr.split("\n").some((line) => line === `built meanwhile by another setup: ${engineFile}` || line === `setup: using pulumi v${ENGINE} built before (${engineFile})`),
  );
  expect(reused).toHaveLength(1);
  expect(`${demo.stderr}${beside.stderr}`).toContain("setup: building the SDK generator (tools/codegen): done in");
  expect(`${demo.stderr}${beside.stderr}`).toContain(`setup: building pulumi-language-yaml v${YAML_HOST} from the Go module proxy: done in`);
  expect(existsSync(yamlHostFile)).toBe(true);
  expect(demo.stdout).toContain("the demo uses its emulator unless you pass --real-org");
  expect(demo.stdout).toMatch(/Target: the embedded W&B emulator at http:\/\/127\.0\.0\.1:\d+/);
  expect(demo.stdout).toContain("update bob: displayName");
  expect(demo.stdout).toContain("update ml-platform: members");
  expect(demo.stdout).toContain("update run-operator: permissions");
  expect(demo.stdout).toMatch(/updated 3 resources/);
  expect(demo.stdout).toContain("no drift left: true");
  expect(demo.stdout).toMatch(/deleted 9 resources/);
  expect(`${demo.stdout}${demo.stderr}`).not.toContain(realOrg.WANDB_API_KEY);
  expect(existsSync(engineFile)).toBe(true);
  expect(digest(files)).toEqual(cloned);

  const again = await run("bash", ["scripts/setup.sh"], { cwd: clone, env });
  const stepsRun = [...again.stderr.matchAll(/^setup: (.*) \.\.\.$/gm)].map((match) => match[1]);
  expect(stepsRun).toEqual([COMPILE_STEP]);
  expect(again.stderr).toContain(`using pulumi v${ENGINE} built before (${engineFile})`);
}, 900_000);

it("names the step that failed and stops there", async () => {
  const brokenBin = path.join(scratch, "broken-bin");
  const env = newMachineWithEmptyCache();
  env["PATH"] = `${brokenBin}${path.delimiter}${env["PATH"]}`;
  mkdirSync(brokenBin, { recursive: true });
  // A python3 without its venv module, as on a Debian machine that lacks python3-venv.
  writeFileSync(path.join(brokenBin, "python3"), `#!/bin/sh\n[ "$1" = "--version" ] && { echo "Python 3.0.0-broken"; exit 0; }\necho "No module named venv" >&2\nexit 1\n`, { mode: 0o755 });
  const failed = await run("bash", ["scripts/setup.sh", "--quiet"], { cwd: clone, env }).then(
    () => undefined,
    (error: { code?: number; stderr?: string }) => error,
  );
  expect(failed?.code).toBe(1);
  expect(failed?.stderr).toContain("No module named venv");
  expect(failed?.stderr).toContain(`setup: FAILED: creating .venv with pulumi==${PYTHON_SDK} (exit 1)`);
  expect(failed?.stderr).not.toContain("installing the generated Python SDK");
}, 300_000);
