// The generated Go SDK (sdk/go, its go.mod as the schema's importBasePath makes it) builds and
// passes `go vet` against the Pulumi Go SDK of the pinned engine, and so does examples/go-org, a
// program on it (its go.mod replaces the SDK's module with ../../sdk/go).
import { execFile } from "node:child_process";
import { copyFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { repoRoot } from "../../scripts/repo-root";
import { ENGINE } from "../../scripts/setup/pulumi-versions";
import { SDK_ROOT } from "../../scripts/sdk/sdk-generation";

const run = promisify(execFile);

const scratch = mkdtempSync(path.join(os.tmpdir(), "generated-go-sdk-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `go <args>` in the module: "" when it succeeds, else what it printed. */
function goFailure(module: string, ...args: string[]): Promise<string> {
  const env = { ...process.env, GOFLAGS: "-mod=mod", GOWORK: "off" };
  // Niced: a cold build compiles for minutes on both cores, beside the other suites.
  return run("nice", ["go", ...args], { cwd: module, env, maxBuffer: 16 * 1024 * 1024 }).then(
    () => "",
    (error: { stderr?: string; message: string }) => error.stderr || error.message,
  );
}

/**
 * Copies the repository's `folders` into the scratch folder, at the same relative paths (a
 * module's `replace ../../sdk/go` then holds), and builds and vets the module at `module`. A copy:
 * building writes go.mod and go.sum, and the committed trees stay as they are.
 */
async function buildAndVet(module: string, folders: string[]): Promise<void> {
  const root = mkdtempSync(path.join(scratch, "repo-"));
  for (const folder of folders) cpSync(path.join(repoRoot, folder), path.join(root, folder), { recursive: true });
  const copy = path.join(root, module);
  // Built against the Pulumi Go SDK of the pinned engine, with the engine's own module required
  // alongside: every shared dependency then resolves to the version setup.sh's engine build already
  // downloaded and compiled (tools/codegen's go.sum lists them), so nothing is fetched or rebuilt.
  copyFileSync(path.join(repoRoot, "tools", "codegen", "go.sum"), path.join(copy, "go.sum"));
  const pinned = ["sdk", "pkg"].map((part) => `-require=github.com/pulumi/pulumi/${part}/v3@v${ENGINE}`);
  expect(await goFailure(copy, "mod", "edit", ...pinned)).toBe("");
  expect(await goFailure(copy, "build", "./...")).toBe("");
  expect(await goFailure(copy, "vet", "./...")).toBe("");
}

const SDK = path.relative(repoRoot, path.join(SDK_ROOT, "go"));

it("sdk/go builds and vets", () => buildAndVet(SDK, [SDK]), 900_000);

it("examples/go-org builds and vets on sdk/go", () => buildAndVet(path.join("examples", "go-org"), [SDK, path.join("examples", "go-org")]), 900_000);
