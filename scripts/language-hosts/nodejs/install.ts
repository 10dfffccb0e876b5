// InstallDependencies: the project's (or a plugin folder's) packages, installed as
// pulumi-language-nodejs installs them: in the workspace root when the folder is a workspace
// member, with the package manager it would choose, its output streamed to the engine as it comes.
// Two differences: output is never through a pseudo-terminal (the Go host opens one when the
// engine's output is a terminal), and npm is not run when node_modules already matches
// package-lock.json (npm would prune links setup placed in node_modules). Node versions are not
// switched with fnm: this project pins its own Node.
import type * as grpc from "@grpc/grpc-js";
import * as languageProto from "@pulumi/pulumi/proto/language_pb";
import { type OutputKind, type OutputStream, outputStream, wrapped } from "./answers";
import { exitText, spawnTracked } from "./children";
import { findUpwards, findWorkspaceRoot } from "./manifests";
import { npmInstallIsCurrent } from "./npm-lock";
import { programInfo, runtimeOptions } from "./options";
import { type PackageManager, resolvePackageManager } from "./package-manager";

type Call = grpc.ServerWritableStream<languageProto.InstallDependenciesRequest, languageProto.InstallDependenciesResponse>;

/** Between yarn's attempts: 2 s, then 3 s (the Go host writes `2^attempt`, an exclusive or). */
const YARN_RETRY_DELAYS_MS = [2_000, 3_000];

export async function installDependencies(call: Call): Promise<void> {
  const output = outputStream(call, installOutput);
  try {
    const info = programInfo(call.request.getInfo());
    output.write("stdout", "Installing dependencies...\n\n");
    const workspaceRoot = findWorkspaceRoot(info.programDirectory);
    if (workspaceRoot) output.write("stdout", `Detected workspace root at ${workspaceRoot}\n`);
    const options = wrapped("failed to parse options", () => runtimeOptions(info.options));
    const directory = workspaceRoot ?? info.programDirectory;
    const manager = resolvePackageManager(options.packagemanager, directory);
    if (manager.name === "npm" && !options.production && npmInstallIsCurrent(directory)) {
      output.write("stdout", `node_modules in ${directory} already matches package-lock.json: nothing to install\n`);
    } else {
      await install(manager, directory, options.production, output);
    }
    output.write("stdout", "Finished installing dependencies\n\n");
    output.succeed();
  } catch (error) {
    output.fail(error);
  }
}

async function install(manager: PackageManager, directory: string, production: boolean, output: OutputStream): Promise<void> {
  let failure = "";
  for (let attempt = 0; attempt < manager.attempts; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, YARN_RETRY_DELAYS_MS[attempt - 1]));
    failure = await runInstall(manager, directory, production, output);
    if (!failure) break;
  }
  if (failure) throw new Error(manager.attempts > 1 ? `${manager.name} install failed after ${manager.attempts} attempts: ${failure}` : failure);
  if (!findUpwards(directory, ["node_modules"])) {
    throw new Error(`${manager.name} install reported success, but node_modules directory is missing`);
  }
}

/** Runs the install once; answers why it failed, or "" when it succeeded. */
function runInstall(manager: PackageManager, directory: string, production: boolean, output: OutputStream): Promise<string> {
  return new Promise((resolve) => {
    const child = spawnTracked(manager.executable, manager.installArguments(production), { cwd: directory, stdio: ["ignore", "pipe", "pipe"] });
    output.onCancel(() => child.kill("SIGKILL"));
    const heldStderr: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.write("stdout", chunk));
    child.stderr?.on("data", (chunk: Buffer) => (manager.stderrOnFailure ? heldStderr.push(chunk) : output.write("stderr", chunk)));
    child.once("error", (error) => resolve(error.message));
    child.once("close", (code, signal) => {
      if (code === 0) return resolve("");
      for (const chunk of heldStderr) output.write("stderr", chunk);
      resolve(exitText(code, signal));
    });
  });
}

function installOutput(kind: OutputKind, chunk: Uint8Array): languageProto.InstallDependenciesResponse {
  const response = new languageProto.InstallDependenciesResponse();
  if (kind === "stdout") response.setStdout(chunk);
  else response.setStderr(chunk);
  return response;
}
