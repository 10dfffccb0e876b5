// The engine project's global setup: this package's plugin built as its release ships it (one
// executable, scripts/release/plugin-archive.ts), from the sources as they are now, for the engine to
// start at each operation where a program names this package's folder. Started so, the plugin costs a
// third of the CPU it costs run from source through the language host (0.16 against 0.47 CPU-s to
// serve), and the tests run what users install. The source form, through PulumiPlugin.yaml and the
// language host, is a test's own choice (openStack's `pluginFromSource`).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from "node:fs";
import * as path from "node:path";
import type { TestProject } from "vitest/node";
import { workRoot } from "../../scripts/engine";
import { bundlePlugin, pluginExecutable } from "../../scripts/release/plugin-archive";
import { hostPlatform } from "../../scripts/release/platforms";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder holding this package's plugin as released, built for this run. */
    pluginExecutableFolder: string;
  }
}

const FOLDER = path.join(workRoot, "plugin-executable");
/** How long an executable built for other sources is kept: a run started meanwhile may still be using it. */
const KEPT_FOR_MS = 30 * 60_000;

export default async function buildPluginExecutable(project: TestProject): Promise<void> {
  mkdirSync(FOLDER, { recursive: true });
  const staged = mkdtempSync(path.join(FOLDER, "staged-"));
  try {
    const bundle = path.join(staged, "plugin.js");
    await bundlePlugin(bundle);
    // The same bundle on the same Node makes the same executable: built once for both.
    const key = createHash("sha256").update(readFileSync(bundle)).update(process.version).digest("hex").slice(0, 16);
    const built = path.join(FOLDER, key);
    if (!existsSync(built)) {
      const executableFolder = path.join(staged, "executable");
      mkdirSync(executableFolder);
      // The Node running this, as the registry serves it for this machine (the npm `node` package's).
      pluginExecutable(hostPlatform(), bundle, executableFolder, { executable: process.execPath });
      try {
        renameSync(executableFolder, built);
      } catch (error) {
        // Another run built the same meanwhile.
        if (!existsSync(built)) throw error;
      }
    }
    // In use from now: no other run's clean-up removes it.
    utimesSync(built, new Date(), new Date());
    for (const other of readdirSync(FOLDER)) {
      const otherPath = path.join(FOLDER, other);
      if (other !== key && Date.now() - statSync(otherPath).mtimeMs > KEPT_FOR_MS) rmSync(otherPath, { recursive: true, force: true });
    }
    project.provide("pluginExecutableFolder", built);
  } finally {
    rmSync(staged, { recursive: true, force: true });
  }
}
