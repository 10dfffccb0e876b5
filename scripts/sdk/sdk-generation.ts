// The SDKs generated from the package's schema by Pulumi's own generators (tools/codegen and
// tools/codegen/dotnet, built by setup.sh): one folder per language under sdk/, committed, each
// replaced whole when regenerated.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import * as path from "node:path";
import { SCHEMA_FILE } from "../../provider/schema/committed-schema";
import { repoRoot } from "../repo-root";

/** The schema the committed SDKs come from: the plugin's own, as `npm run schema` writes it. */
export const SDK_SCHEMA = path.join(repoRoot, SCHEMA_FILE);
/** The generated SDKs are sdk/<language>, beside the dynamic SDK's sources. */
export const SDK_ROOT = path.join(repoRoot, "sdk");

export const TOOLS = path.join(repoRoot, ".tools", "bin");

/**
 * Which executable generates which languages, with what it needs besides the schema. The .NET
 * generator is a tool of its own, built against another pkg/v3 (tools/codegen/sdkgen says why); it
 * embeds the schema's logoUrl in the NuGet package, given here from the working tree (docs/logo.png).
 */
export const GENERATORS = [
  { executable: path.join(TOOLS, "pulumi-wandb-gen-sdk"), languages: ["nodejs", "python", "go"], extra: [] },
  { executable: path.join(TOOLS, "pulumi-wandb-gen-sdk-dotnet"), languages: ["dotnet"], extra: ["-logo", path.join(repoRoot, "docs", "logo.png")] },
] as const;

export const SDK_LANGUAGES = GENERATORS.flatMap((generator) => generator.languages);

/** Writes <out>/<language> for every language from SDK_SCHEMA, replacing what was there. */
export function generateSdks(out: string): void {
  for (const { executable, languages, extra } of GENERATORS) {
    requireTool(executable);
    execFileSync(executable, ["-schema", SDK_SCHEMA, "-out", out, "-language", languages.join(","), ...extra], { stdio: ["ignore", "inherit", "inherit"] });
  }
}

/** Fails, saying how to get it, when setup has not built a tool of tools/. */
export function requireTool(executable: string): void {
  if (!existsSync(executable)) throw new Error(`${executable} is missing: run scripts/setup.sh (it builds the generators with Go)`);
}
