// The package manager of a Node.js project, chosen as pulumi-language-nodejs chooses it: the
// `packagemanager` runtime option, else pnpm for a package.yaml, else by lock file (yarn.lock or
// PULUMI_PREFER_YARN, pnpm-lock.yaml, bun.lock), else npm; and what each runs to install.
import * as path from "node:path";
import { findExecutable } from "./children";
import { findUpwards, nearestManifest } from "./manifests";
import type { PackageManagerChoice } from "./options";

export type PackageManagerName = Exclude<PackageManagerChoice, "auto">;

export interface PackageManager {
  name: PackageManagerName;
  executable: string;
  /** The arguments of its install command. */
  installArguments(production: boolean): string[];
  /** Install attempts before giving up (yarn's registry hiccups are retried). */
  attempts: number;
  /** Whether its stderr is shown only when the install fails (yarn's warnings are noise otherwise). */
  stderrOnFailure: boolean;
  /** The lock file its dependencies are listed in, searched upwards from the project. */
  lockFile: string;
}

const MANAGERS: Record<PackageManagerName, Omit<PackageManager, "executable">> = {
  npm: {
    name: "npm",
    // --loglevel=error: no warnings about package.json fields a program has no use for.
    installArguments: (production) => ["install", "--loglevel=error", ...productionFlag(production)],
    attempts: 1,
    stderrOnFailure: false,
    lockFile: "package-lock.json",
  },
  yarn: {
    name: "yarn",
    installArguments: (production) => ["install", ...productionFlag(production)],
    attempts: 3,
    stderrOnFailure: true,
    lockFile: "yarn.lock",
  },
  pnpm: {
    name: "pnpm",
    installArguments: (production) => ["install", "--use-stderr", ...productionFlag(production)],
    attempts: 1,
    stderrOnFailure: false,
    lockFile: "pnpm-lock.yaml",
  },
  bun: {
    name: "bun",
    // bun's --production enforces a frozen lock file, so it is never passed (as in the Go host).
    installArguments: () => ["install"],
    attempts: 1,
    stderrOnFailure: false,
    lockFile: "bun.lock",
  },
};

function productionFlag(production: boolean): string[] {
  return production ? ["--production"] : [];
}

function located(name: PackageManagerName): PackageManager | undefined {
  const executable = findExecutable(name);
  return executable ? { ...MANAGERS[name], executable } : undefined;
}

function required(name: PackageManagerName): PackageManager {
  const manager = located(name);
  if (!manager) throw new Error(`Could not find \`${name}\` executable.\nInstall ${name} and make sure it is in your PATH.`);
  return manager;
}

function isTruthy(value = ""): boolean {
  return value === "1" || value.toLowerCase() === "true";
}

function searchUp(directory: string, ...files: string[]): boolean {
  return files.some((file) => findUpwards(directory, [file]) !== undefined);
}


export function resolvePackageManager(choice: PackageManagerChoice, directory: string): PackageManager {
  const requiresPnpm = path.basename(nearestManifest(directory) ?? "") === "package.yaml";
  if (choice !== "auto") {
    if (requiresPnpm && choice !== "pnpm") {
      throw new Error(
        "the project's manifest is package.yaml, which is only supported by pnpm, " +
          `but the runtime package manager is set to ${JSON.stringify(choice)}. Use pnpm, or convert package.yaml to package.json`,
      );
    }
    return required(choice);
  }
  if (requiresPnpm) {
    const pnpm = located("pnpm");
    if (!pnpm) throw new Error("the project's manifest is package.yaml, which requires pnpm, but pnpm could not be found on the $PATH");
    return pnpm;
  }
  // A preferred manager missing from PATH falls through to the next, as in the Go host.
  const preferred: [PackageManagerName, boolean][] = [
    ["yarn", isTruthy(process.env["PULUMI_PREFER_YARN"]) || searchUp(directory, "yarn.lock")],
    ["pnpm", searchUp(directory, "pnpm-lock.yaml")],
    ["bun", searchUp(directory, "bun.lock", "bun.lockb")],
  ];
  for (const [name, wanted] of preferred) {
    const manager = wanted ? located(name) : undefined;
    if (manager) return manager;
  }
  const npm = located("npm");
  if (!npm) {
    throw new Error(
      "could not find npm on the $PATH; npm is installed with Node.js available at https://nodejs.org/: " +
        "Could not find `npm` executable.\nInstall npm and make sure it is in your PATH.",
    );
  }
  return npm;
}
