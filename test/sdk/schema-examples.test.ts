// The schema's examples as Pulumi's converters wrote them (examples/schema, see
// scripts/sdk/schema-examples.ts) compile on the generated SDKs, as a user's programs would:
// TypeScript type-checks on sdk/nodejs, Python runs to its end under Pulumi's mocks on the
// pulumi_wandb that setup installs into .venv from sdk/python, Go vets on sdk/go (in go.test.ts). C# is
// only generated: NuGet, where the Pulumi .NET SDK comes from, cannot be reached here.
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { EXAMPLES_FOLDER, exampleSources } from "../../provider/schema/schema-examples";
import { repoRoot } from "../../scripts/repo-root";

const run = promisify(execFile);

/** "" when the command succeeds, else what it printed. */
function failure(file: string, args: string[]): Promise<string> {
  return run("nice", [file, ...args], { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 }).then(
    () => "",
    (error: { stdout?: string; stderr?: string; message: string }) => `${error.stdout ?? ""}${error.stderr ?? ""}` || error.message,
  );
}

it("the TypeScript examples type-check on sdk/nodejs", async () => {
  const tsc = path.join(repoRoot, "node_modules", ".bin", "tsc");
  expect(await failure(tsc, ["-p", path.join(EXAMPLES_FOLDER, "tsconfig.json")])).toBe("");
}, 120_000);

it("the Python examples run under Pulumi's mocks on the generated pulumi_wandb", async () => {
  const programs = exampleSources().map((source) => path.join(EXAMPLES_FOLDER, source.replace(/\.yaml$/, ""), "__main__.py"));
  const python = path.join(repoRoot, ".venv", "bin", "python");
  expect(await failure(python, [path.join("test", "support", "run_under_mocks.py"), ...programs])).toBe("");
}, 120_000);
