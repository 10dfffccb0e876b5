// The import rules (.dependency-cruiser.cjs): sdk → api ← provider, nothing in provider/ imports
// sdk/, provider/kit imports nothing else of provider/, no cycle anywhere. Checked over the real
// tree, and shown to catch what they forbid.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const node = path.join(root, "node_modules", ".bin", "node");
const depcruise = path.join(root, "node_modules", "dependency-cruiser", "bin", "dependency-cruiser.mjs");
const config = path.join(root, ".dependency-cruiser.cjs");

async function cruise(cwd: string, folders: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)(node, [depcruise, "--config", config, "--output-type", "err", ...folders], { cwd });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

it("the tree has no cycle and no wrong-way import", async () => {
  const { code, output } = await cruise(root, ["api", "provider", "sdk", "emulator", "scripts"]);
  expect(output).toContain("no dependency violations found");
  expect(code).toBe(0);
}, 60_000);

const fixture = fs.mkdtempSync(path.join(os.tmpdir(), "import-rules-"));
afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

it("the rules catch provider → sdk, sdk → provider, a relative import of the core by the shim, api → provider, the command → scripts, the kit → the rest of the provider and a cycle", async () => {
  const files: Record<string, string> = {
    "tsconfig.json": JSON.stringify({ compilerOptions: { module: "commonjs", strict: true } }),
    "api/shared.ts": 'import { core } from "../provider/core";\nexport const shared = core;\n',
    "api/command/export.ts": 'import { helper } from "../../scripts/helper";\nimport { shared } from "../shared";\nexport const run = helper + shared;\n',
    "scripts/helper.ts": "export const helper = 1;\n",
    "provider/core.ts": 'import { entry } from "../sdk/entry";\nexport const core = 1 + entry;\n',
    "provider/operation.ts": "export const operation = {};\n",
    "provider/kit/calls.ts": 'import { operation } from "../operation";\nexport const calls = operation;\n',
    "sdk/entry.ts": 'import { loop } from "./loop";\nexport const entry = loop;\n',
    "sdk/provider-shim.ts": 'import { core } from "../provider/core";\nexport const shim = core;\n',
    "sdk/loop.ts": 'import { entry } from "./entry";\nimport { core } from "../provider/core";\nexport const loop = () => entry + core;\n',
  };
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(fixture, name)), { recursive: true });
    fs.writeFileSync(path.join(fixture, name), text);
  }
  const { code, output } = await cruise(fixture, ["api", "provider", "sdk", "scripts"]);
  expect(code).not.toBe(0);
  expect(output).toMatch(/provider-not-to-sdk: provider\/core\.ts → sdk\/entry\.ts/);
  expect(output).toMatch(/sdk-not-to-provider: sdk\/loop\.ts → provider\/core\.ts/);
  expect(output).toMatch(/api-is-shared: api\/shared\.ts → provider\/core\.ts/);
  expect(output).toMatch(/command-is-api-only: api\/command\/export\.ts → scripts\/helper\.ts/);
  expect(output).toMatch(/shim-by-package-name: sdk\/provider-shim\.ts → provider\/core\.ts/);
  expect(output).toMatch(/kit-is-self-contained: provider\/kit\/calls\.ts → provider\/operation\.ts/);
  expect(output).toMatch(/no-circular/);
}, 60_000);
