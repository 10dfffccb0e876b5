// The pip toolchain of Pulumi's Python language host, as pulumi-language-python v3 resolves it
// from Pulumi.yaml's `runtime.options` (sdk/python/toolchain in pulumi/pulumi): which Python runs a
// program and in which environment, and how a virtual environment is made and filled.
//
//   runtime: { name: python, options: { virtualenv: <dir> } }
//
// With `virtualenv` (relative to the project's root, the folder of Pulumi.yaml), programs run with
// <dir>/bin/python, the environment activated (PATH, VIRTUAL_ENV, no PYTHONHOME). Without it, they
// run with the Python on PATH (PULUMI_PYTHON_CMD, else python3, else python), as the real host does
// "for backwards compatibility": this stand-in adds no default of its own, so a program behaves
// the same under the real host. The poetry and uv toolchains and the typechecker option are not
// provided: asking for them is an error that says so.
import { spawn } from "node:child_process";
import { accessSync, constants, existsSync, readdirSync, statSync } from "node:fs";
import * as path from "node:path";
import { z } from "zod";

export interface PythonOptions {
  /** The project's root: where Pulumi.yaml is. */
  root: string;
  programDirectory: string;
  /** As written in Pulumi.yaml: relative to root, or absolute. */
  virtualenv?: string;
}

/** Where a command's output goes: the engine's display, as the real host streams it. */
export type OutputSink = (stream: "stdout" | "stderr", text: string) => void;

export interface PythonCommand {
  file: string;
  env: NodeJS.ProcessEnv;
}

export interface InstalledPackage {
  name: string;
  version: string;
}

const UNSUPPORTED = "is not provided by this stand-in for pulumi-language-python (pip toolchain only)";

/**
 * Reads the python runtime options as the real host does (same messages for wrong types and
 * values). Plugins default to a `venv` folder, programs to no virtual environment.
 */
export function parsePythonOptions(root: string, programDirectory: string, options: Record<string, unknown>, isPlugin = false): PythonOptions {
  const parsed: PythonOptions = { root, programDirectory };
  const { virtualenv, typechecker, toolchain } = options;
  if (virtualenv !== undefined) {
    if (typeof virtualenv !== "string") throw new Error("virtualenv option must be a string");
    parsed.virtualenv = virtualenv;
  }
  if (typechecker !== undefined) {
    if (typeof typechecker !== "string") throw new Error("typechecker option must be a string");
    if (typechecker !== "mypy" && typechecker !== "pyright") throw new Error(`unsupported typechecker option: ${typechecker}`);
    throw new Error(`the typechecker option (${typechecker}) ${UNSUPPORTED}: remove it from Pulumi.yaml and run ${typechecker} yourself`);
  }
  if (toolchain !== undefined) {
    if (typeof toolchain !== "string") throw new Error("toolchain option must be a string");
    if (!["pip", "poetry", "uv"].includes(toolchain)) throw new Error(`unsupported toolchain option: ${toolchain}`);
    if (toolchain !== "pip") throw new Error(`the ${toolchain} toolchain ${UNSUPPORTED}`);
  } else {
    // Like the real host, a lock file found from the program's folder upwards picks the toolchain.
    for (const lockFile of ["uv.lock", "poetry.lock"]) {
      const found = searchUp(programDirectory, lockFile);
      if (found) throw new Error(`${found} asks for the ${lockFile.split(".")[0]} toolchain, which ${UNSUPPORTED}`);
    }
  }
  if (isPlugin && parsed.virtualenv === undefined) parsed.virtualenv = "venv";
  return parsed;
}

function searchUp(from: string, name: string): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, name))) return path.join(dir, name);
    if (dir === path.dirname(dir)) return undefined;
  }
}

/** The virtual environment's absolute path, or undefined for the ambient Python. */
export function virtualenvPath(options: PythonOptions): string | undefined {
  if (options.virtualenv === undefined || options.virtualenv === "") return undefined;
  return path.resolve(options.root, options.virtualenv);
}

function isVirtualenv(dir: string): boolean {
  try {
    return statSync(path.join(dir, "bin", "python")).isFile();
  } catch {
    return false;
  }
}

/** The Python found on PATH: PULUMI_PYTHON_CMD when set, else python3, else python. */
export function ambientPython(): string {
  const names = process.env["PULUMI_PYTHON_CMD"] ? [process.env["PULUMI_PYTHON_CMD"]] : ["python3", "python"];
  for (const name of names) {
    for (const dir of (process.env["PATH"] ?? "").split(path.delimiter).filter(Boolean)) {
      try {
        accessSync(path.join(dir, name), constants.X_OK);
        return path.join(dir, name);
      } catch {
        // Not in this folder of PATH.
      }
    }
  }
  throw new Error(`failed to locate any of ${JSON.stringify(names)} on your PATH. Have you installed Python 3.6 or greater?`);
}

/** The environment of a process run in the virtual environment, as `activate` would make it. */
function activated(env: NodeJS.ProcessEnv, venv: string): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) {
    if (key.toUpperCase() !== "PYTHONHOME" && key.toUpperCase() !== "VIRTUAL_ENV") result[key] = value;
  }
  const bin = path.join(venv, "bin");
  result["PATH"] = env["PATH"] ? `${bin}${path.delimiter}${env["PATH"]}` : bin;
  result["VIRTUAL_ENV"] = venv;
  return result;
}

/** How to run `python` for these options. */
export function pythonCommand(options: PythonOptions): PythonCommand {
  const venv = virtualenvPath(options);
  if (!venv) return { file: ambientPython(), env: { ...process.env } };
  return { file: path.join(venv, "bin", "python"), env: activated(process.env, venv) };
}

/** Before a run: a named virtual environment must exist, with a python in it. */
export function validateVirtualenv(options: PythonOptions): void {
  const venv = virtualenvPath(options);
  if (!venv || isVirtualenv(venv)) return;
  const problem = existsSync(venv) ? "doesn't appear to be a virtual environment" : "doesn't exist";
  throw new Error(
    `The 'virtualenv' option in Pulumi.yaml is set to "${options.virtualenv}", but "${venv}" ${problem}; ` +
      "run the following commands to create the virtual environment and install dependencies into it:\n\n" +
      `    1. python3 -m venv ${venv}\n` +
      `    2. ${venv}/bin/python -m pip install --upgrade pip setuptools wheel\n` +
      `    3. ${venv}/bin/python -m pip install -r requirements.txt\n`,
  );
}

/** Runs a command to its end, its output sent to `sink`; rejects naming the command when it fails. */
function runStreamed(file: string, args: string[], env: NodeJS.ProcessEnv, cwd: string, sink: OutputSink): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => sink("stdout", chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      sink("stderr", chunk.toString());
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`'${[file, ...args].join(" ")}' failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}`));
    });
  });
}

/** Runs a command and answers its standard output. */
export function runCaptured(command: PythonCommand, args: string[], cwd?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command.file, args, { cwd, env: command.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`calling \`${[command.file, ...args].join(" ")}\`: exit code ${code}: ${stderr.trim()}`));
    });
  });
}

/**
 * What `pulumi install` does for a pip project: create the virtual environment (when one is
 * named), update pip, setuptools and wheel in it, then install the program folder's
 * requirements.txt, if any.
 */
export async function installDependencies(options: PythonOptions, cwd: string, sink: OutputSink): Promise<void> {
  const venv = virtualenvPath(options);
  const python = pythonCommand(options);
  if (venv) {
    sink("stdout", "Creating virtual environment...\n");
    await runStreamed(ambientPython(), ["-m", "venv", venv], process.env, cwd, sink);
    sink("stdout", "Finished creating virtual environment\n");
  }
  sink("stdout", "Updating pip, setuptools, and wheel in virtual environment...\n");
  await runStreamed(python.file, ["-m", "pip", "install", "--upgrade", "pip", "setuptools", "wheel"], python.env, cwd, sink);
  sink("stdout", "Finished updating\n");
  if (!existsSync(path.join(cwd, "requirements.txt"))) return;
  sink("stdout", "Installing dependencies in virtual environment...\n");
  await runStreamed(python.file, ["-m", "pip", "install", "-r", "requirements.txt"], python.env, cwd, sink);
  sink("stdout", "Finished installing dependencies\n");
}

/** A named virtual environment that does not exist yet (or is an empty folder) is made and filled. */
export async function ensureVirtualenv(options: PythonOptions, cwd: string, sink: OutputSink): Promise<void> {
  const venv = virtualenvPath(options);
  if (!venv || isVirtualenv(venv)) return;
  if (existsSync(venv)) {
    if (!statSync(venv).isDirectory()) throw new Error(`the 'virtualenv' option in Pulumi.yaml is set to "${venv}" but it is not a directory`);
    if (readdirSync(venv).length > 0) return;
  }
  await installDependencies(options, cwd, sink);
}

const pipList = z.array(z.object({ name: z.string(), version: z.string() }));

/** PEP 503 normalisation, as the real host reports names. */
export function normalizedPackageName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, "-");
}

/** `pip list`: every installed distribution, or (not transitive) only those nothing else requires. */
export async function listPackages(options: PythonOptions, transitive: boolean): Promise<InstalledPackage[]> {
  const args = ["-m", "pip", "list", "--format", "json", "--disable-pip-version-check", ...(transitive ? [] : ["--not-required"])];
  const listed = pipList.parse(JSON.parse(await runCaptured(pythonCommand(options), args)));
  return listed.map((entry) => ({ name: normalizedPackageName(entry.name), version: entry.version }));
}
