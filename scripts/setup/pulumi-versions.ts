// The Pulumi versions this repository builds, installs and supports, each read from the one file
// that pins it, so that setup.sh and the tests never spell a version of their own.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import { repoRoot } from "../repo-root";

const read = (file: string) => readFileSync(path.join(repoRoot, file), "utf8");
const version = z.string().regex(/^\d+\.\d+\.\d+$/);

/** The version (without its v) that a go.mod of tools/ requires of `module`. */
function goRequirement(goMod: string, module: string): string {
  const line = read(goMod)
    .split("\n")
    .map((text) => text.trim().replace(/^require\s+/, "").split(/\s+/))
    .find(([name]) => name === module);
  return version.parse(line?.[1]?.replace(/^v/, ""), { error: () => `${goMod} requires no ${module} at a version` });
}

/** The engine (and SDK generators) setup builds: the pkg/v3 that tools/pulumi requires. */
export const ENGINE = goRequirement("tools/pulumi/go.mod", "github.com/pulumi/pulumi/pkg/v3");

/** pulumi-language-yaml, the real YAML host setup builds: the pulumi-yaml that tools/yaml requires. */
export const YAML_HOST = goRequirement("tools/yaml/go.mod", "github.com/pulumi/pulumi-yaml");

export const PYTHON_REQUIREMENTS = "scripts/setup/venv-requirements.txt";

/** The pulumi Python SDK in .venv: the one requirement of PYTHON_REQUIREMENTS. */
export const PYTHON_SDK = z
  .tuple([z.string().regex(/^pulumi==\d+\.\d+\.\d+$/)], { error: () => `${PYTHON_REQUIREMENTS} must require exactly pulumi==<version>` })
  .parse(
    read(PYTHON_REQUIREMENTS)
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#")),
  )[0]
  .slice("pulumi==".length);

/**
 * The oldest Pulumi the package supports, the engine and each language's SDK alike (they are
 * released together under one version): package.json's engines.pulumi, `>=<version>`.
 */
export const OLDEST_SUPPORTED = z
  .object({ engines: z.object({ pulumi: z.string().regex(/^>=\d+\.\d+\.\d+$/, "package.json engines.pulumi must read >=<version>") }) })
  .parse(JSON.parse(read("package.json")))
  .engines.pulumi.slice(">=".length);
