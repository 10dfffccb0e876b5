// A plugin written in Node.js, as the engine meets one: a folder with a PulumiPlugin.yaml
// (`runtime: nodejs`) and a package.json whose "main" is the plugin. Folders live under .work/,
// inside the repository, so that the plugin resolves @pulumi/pulumi from its node_modules.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { stringify } from "yaml";
import { workRoot } from "./engine";

export interface PluginFixtureOptions {
  /** The plugin's source: package.json's "main". */
  main: string;
  /** The `runtime.options` of its PulumiPlugin.yaml. */
  runtimeOptions?: Record<string, unknown>;
}

export const FIXTURE_PACKAGE = { name: "fixture", version: "0.0.1" };

/**
 * Writes the plugin folder, with a package-lock.json that matches its (empty) dependencies. Its
 * package.json "exports" point at a module that throws: a plugin must be loaded by its "main".
 */
export function writePluginFixture(options: PluginFixtureOptions): string {
  mkdirSync(workRoot, { recursive: true });
  const dir = mkdtempSync(path.join(workRoot, "plugin-"));
  writeFileSync(path.join(dir, "PulumiPlugin.yaml"), stringify({ runtime: { name: "nodejs", options: options.runtimeOptions ?? {} } }));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ ...FIXTURE_PACKAGE, main: "plugin.js", exports: { ".": "./sdk.js" } }, null, 2));
  writeFileSync(
    path.join(dir, "package-lock.json"),
    JSON.stringify({ ...FIXTURE_PACKAGE, lockfileVersion: 3, requires: true, packages: { "": FIXTURE_PACKAGE } }, null, 2),
  );
  writeFileSync(path.join(dir, "sdk.js"), 'throw new Error("the plugin was loaded by its package exports, not its main");\n');
  writeFileSync(path.join(dir, "plugin.js"), options.main);
  return dir;
}
