// What `pulumi about` (and the metadata of every update) asks of the language host: the Node.js
// that runs the program, the package manager and its version, the TypeScript the program would
// load; and the program's dependencies, read from its lock file.
import { execFile } from "node:child_process";
import { readFileSync, realpathSync } from "node:fs";
import * as path from "node:path";
import * as languageProto from "@pulumi/pulumi/proto/language_pb";
import { z } from "zod";
import { findUpwards } from "./manifests";
import { npmLockedPackages } from "./npm-lock";
import { programWithOptions } from "./options";
import { resolvePackageManager } from "./package-manager";
import { unary, wrapped } from "./answers";

const installedPackageSchema = z.object({ name: z.string(), version: z.string() });

export const about = unary(async (request: languageProto.AboutRequest) => {
  const { program, options } = programWithOptions(request.getInfo());
  const manager = wrapped("could not resolve packagemanager", () => resolvePackageManager(options.packagemanager, program.programDirectory));
  const response = new languageProto.AboutResponse();
  // Programs run on the Node.js that runs this host (the project pins it), so that is the one reported.
  response.setExecutable(process.execPath);
  response.setVersion(process.version);
  const metadata = response.getMetadataMap();
  metadata.set("packagemanager", manager.name);
  metadata.set("packagemanagerVersion", await versionOf(manager.executable));
  const typescript = typeScriptVersion(program.programDirectory);
  if (typescript) metadata.set("typescriptVersion", typescript);
  return response;
});

/**
 * The package manager's version, when it is a semantic version; else "" (as the Go host, which does
 * not fail for it). Read from the package it is installed from when it is one (npm, yarn and pnpm
 * installed with npm), which spares every update a Node.js start; else `<executable> --version`.
 */
function versionOf(executable: string): Promise<string> {
  const installed = installedPackageVersion(executable);
  if (installed) return Promise.resolve(installed);
  return new Promise((resolve) => {
    execFile(executable, ["--version"], (error, stdout) => {
      const version = stdout.trim().replace(/^v/, "");
      resolve(!error && /^\d+\.\d+\.\d+/.test(version) ? version : "");
    });
  });
}

/** The version in the package.json nearest above the executable's real file, if that package has its name. */
function installedPackageVersion(executable: string): string | undefined {
  return packageVersion(() => findUpwards(path.dirname(realpathSync(executable)), ["package.json"]), path.basename(executable));
}

function typeScriptVersion(programDirectory: string): string | undefined {
  return packageVersion(() => require.resolve("typescript/package.json", { paths: [programDirectory] }), "typescript");
}

/** The version of the package whose package.json `locate` finds, if it is the package named; else undefined. */
function packageVersion(locate: () => string | undefined, name: string): string | undefined {
  try {
    const manifest = locate();
    const parsed = manifest ? installedPackageSchema.safeParse(JSON.parse(readFileSync(manifest, "utf8"))) : undefined;
    return parsed?.success && parsed.data.name === name ? parsed.data.version : undefined;
  } catch {
    return undefined;
  }
}

export const getProgramDependencies = unary(async (request: languageProto.GetProgramDependenciesRequest) => {
  const { program, options } = programWithOptions(request.getInfo());
  const manager = wrapped("failed to determine package manager", () => resolvePackageManager(options.packagemanager, program.programDirectory));
  const dependencies = wrapped("failed to get node dependencies", () => {
    if (manager.name !== "npm") throw new Error(`reading ${manager.lockFile} is not supported by this language host (npm's package-lock.json is)`);
    return npmLockedPackages(program.programDirectory, request.getTransitivedependencies());
  });
  const response = new languageProto.GetProgramDependenciesResponse();
  response.setDependenciesList(
    dependencies.map(({ name, version }) => {
      const info = new languageProto.DependencyInfo();
      info.setName(name);
      info.setVersion(version);
      return info;
    }),
  );
  return response;
});
