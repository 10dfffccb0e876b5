// Building or vetting a Go module of the repository on the generated Go SDK (sdk/go), in a copy:
// building writes go.mod and go.sum, and the committed trees stay as they are.
import { execFile } from "node:child_process";
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect } from "vitest";
import { repoRoot } from "../../scripts/repo-root";
import { ENGINE } from "../../scripts/setup/pulumi-versions";
import { SDK_ROOT } from "../../scripts/sdk/sdk-generation";

const run = promisify(execFile);

/** sdk/go, relative to the repository. */
export const GO_SDK = path.relative(repoRoot, path.join(SDK_ROOT, "go"));

/**
 * tools/go-build.env, the configuration setup.sh builds the engine with: the Pulumi SDK, gRPC and the
 * rest of their tree then come from the build cache that build filled, instead of compiling again for
 * another configuration (cgo changes `net`, and so every package above it).
 */
const ENGINE_BUILD_ENVIRONMENT = ((): Record<string, string> => {
  const lines = readFileSync(path.join(repoRoot, "tools", "go-build.env"), "utf8").split("\n");
  return Object.fromEntries(
    lines.filter((line) => /^[A-Z_]+=/.test(line)).map((line) => {
      const [, name, value] = /^([A-Z_]+)="(.*)"$/.exec(line) ?? [];
      if (name === undefined || value === undefined) throw new Error(`tools/go-build.env: expected NAME="value", found ${line}`);
      return [name, value];
    }),
  );
})();

/** Runs `go <args>` in the module: "" when it succeeds, else what it printed. */
function goFailure(module: string, ...args: string[]): Promise<string> {
  const env = { ...process.env, ...ENGINE_BUILD_ENVIRONMENT, GOWORK: "off" };
  // Niced: a cold build compiles for minutes on both cores, beside the other suites.
  return run("nice", ["go", ...args], { cwd: module, env, maxBuffer: 16 * 1024 * 1024 }).then(
    () => "",
    (error: { stderr?: string; message: string }) => error.stderr || error.message,
  );
}

/**
 * Copies the repository's `folders` into a scratch folder, at the same relative paths (a module's
 * `replace ../../sdk/go` then holds), and runs `go <check> ./...` in the module at `module` for
 * each check: `build`, `vet` or both.
 */
export async function checkModule(module: string, folders: string[], checks: readonly ("build" | "vet")[]): Promise<void> {
  const root = mkdtempSync(path.join(os.tmpdir(), "go-module-"));
  try {
    for (const folder of folders) cpSync(path.join(repoRoot, folder), path.join(root, folder), { recursive: true });
    const copy = path.join(root, module);
    // Built against the Pulumi Go SDK of the pinned engine, with the engine's own module required
    // alongside: every shared dependency then resolves to the version setup.sh's engine build already
    // downloaded and compiled (tools/codegen's go.sum lists them), so nothing is fetched or rebuilt.
    copyFileSync(path.join(repoRoot, "tools", "codegen", "go.sum"), path.join(copy, "go.sum"));
    const pinned = ["sdk", "pkg"].map((part) => `-require=github.com/pulumi/pulumi/${part}/v3@v${ENGINE}`);
    expect(await goFailure(copy, "mod", "edit", ...pinned)).toBe("");
    for (const check of checks) expect(await goFailure(copy, check, "./...")).toBe("");
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
