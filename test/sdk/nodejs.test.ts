// The generated Node.js SDK (sdk/nodejs) type-checks with its own tsconfig, against this
// repository's @pulumi/pulumi: the root tsconfig leaves it out, as its settings are the generator's.
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { repoRoot } from "../../scripts/repo-root";
import { SDK_ROOT } from "../../scripts/sdk/sdk-generation";

it("sdk/nodejs type-checks", async () => {
  const tsc = path.join(repoRoot, "node_modules", ".bin", "tsc");
  const output = await promisify(execFile)("nice", [tsc, "-p", path.join(SDK_ROOT, "nodejs", "tsconfig.json"), "--noEmit"]).then(
    () => "",
    (error: { stdout?: string; message: string }) => error.stdout || error.message,
  );
  expect(output).toBe("");
}, 120_000);
