// The examples of the schema's descriptions: one YAML program per use of a resource or function,
// under examples/schema/<Name>/ (Name as the token ends: User, getTeam), converted to the other
// languages by Pulumi's own converters: pulumi-yaml's YAML-to-PCL (tools/examples), then pkg/v3's
// program generators (tools/codegen, tools/codegen/dotnet, in `programs` mode). Each program's
// conversions are committed beside it, in a folder of its name.
// An invoke is best a variable whose properties the program reads (`${team.id}`): pkg/v3's Go
// generator mistypes a `return:`ed property given to a resource as a plain string.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { EXAMPLES_FOLDER, exampleSources } from "../../provider/schema/schema-examples";
import { repoRoot } from "../repo-root";
import { GENERATORS, requireTool, SDK_SCHEMA, TOOLS } from "./sdk-generation";

export const EXAMPLES_ROOT = path.join(repoRoot, EXAMPLES_FOLDER);
const YAML_TO_PCL = path.join(TOOLS, "pulumi-wandb-yaml-to-pcl");

/** Converts every YAML program into `out`, at its own path without `.yaml`: index.ts, __main__.py, main.go, Program.cs. */
export function convertExamples(out: string): void {
  const pcl = mkdtempSync(path.join(os.tmpdir(), "pulumi-wandb-pcl-"));
  try {
    requireTool(YAML_TO_PCL);
    execFileSync(YAML_TO_PCL, ["-schema", SDK_SCHEMA, "-out", pcl, ...exampleSources(EXAMPLES_ROOT)], { cwd: EXAMPLES_ROOT, stdio: ["ignore", "inherit", "inherit"] });
    for (const { executable, languages } of GENERATORS) {
      requireTool(executable);
      execFileSync(executable, ["programs", "-schema", SDK_SCHEMA, "-pcl", pcl, "-out", out, "-language", languages.join(",")], { stdio: ["ignore", "inherit", "inherit"] });
    }
  } finally {
    rmSync(pcl, { recursive: true, force: true });
  }
}

/** Replaces the committed conversions with what the YAML programs convert to now. */
export function writeConvertedExamples(): void {
  for (const owner of readdirSync(EXAMPLES_ROOT, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const converted of readdirSync(path.join(EXAMPLES_ROOT, owner.name), { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
      rmSync(path.join(EXAMPLES_ROOT, owner.name, converted.name), { recursive: true });
    }
  }
  convertExamples(EXAMPLES_ROOT);
}
