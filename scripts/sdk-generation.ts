// The SDKs generated from the package's schema by Pulumi's own generators (tools/codegen, built by
// setup.sh): one folder per language under sdk/, committed, each replaced whole when regenerated.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import * as path from "node:path";
import { SCHEMA_FILE } from "../provider/schema/committed-schema";
import { repoRoot } from "./repo-root";

/** The schema the committed SDKs come from: the plugin's own, as `npm run schema` writes it. */
export const SDK_SCHEMA = path.join(repoRoot, SCHEMA_FILE);
export const SDK_LANGUAGES = ["nodejs", "python", "go"] as const;
/** The generated SDKs are sdk/nodejs, sdk/python and sdk/go, beside the dynamic SDK's sources. */
export const SDK_ROOT = path.join(repoRoot, "sdk");

const GENERATOR = path.join(repoRoot, ".tools", "bin", "pulumi-wandb-gen-sdk");

/** Writes <out>/<language> for every language from SDK_SCHEMA, replacing what was there. */
export function generateSdks(out: string): void {
  if (!existsSync(GENERATOR)) throw new Error(`${GENERATOR} is missing: run scripts/setup.sh (it builds the generator with Go)`);
  execFileSync(GENERATOR, ["-schema", SDK_SCHEMA, "-out", out, "-language", SDK_LANGUAGES.join(",")], { stdio: ["ignore", "inherit", "inherit"] });
}
