// The generated Go SDK (sdk/go, its go.mod as the schema's importBasePath makes it) builds and
// passes `go vet` against the Pulumi Go SDK of the pinned engine.
import { execFile } from "node:child_process";
import { copyFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { repoRoot } from "../../scripts/repo-root";
import { SDK_ROOT } from "../../scripts/sdk-generation";

const run = promisify(execFile);
const PULUMI_VERSION: string = require("@pulumi/pulumi/package.json").version;

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

it("sdk/go builds and vets", async () => {
  // A copy: building writes go.mod and go.sum, and the committed tree is exactly what the generator wrote.
  const module = path.join(scratch, "go");
  cpSync(path.join(SDK_ROOT, "go"), module, { recursive: true });
  // Built against the Pulumi Go SDK of the pinned engine, with the engine's own module required
  // alongside: every shared dependency then resolves to the version setup.sh's engine build already
  // downloaded and compiled (tools/codegen's go.sum lists them), so nothing is fetched or rebuilt.
  copyFileSync(path.join(repoRoot, "tools", "codegen", "go.sum"), path.join(module, "go.sum"));
  const pinned = ["sdk", "pkg"].map((part) => `-require=github.com/pulumi/pulumi/${part}/v3@v${PULUMI_VERSION}`);
  expect(await goFailure(module, "mod", "edit", ...pinned)).toBe("");
  expect(await goFailure(module, "build", "./...")).toBe("");
  expect(await goFailure(module, "vet", "./...")).toBe("");
}, 900_000);
