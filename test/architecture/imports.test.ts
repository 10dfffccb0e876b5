// The import rules (.dependency-cruiser.cjs): service ← model ← program ← provider and sdk, cli on
// service and model; model/ never imports @pulumi/, nothing in provider/ imports sdk/, provider/kit
// imports nothing else of provider/, the command never reaches @pulumi/pulumi, no cycle anywhere.
// Checked over the real tree, and shown to catch what they forbid.
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
const LAYERS = ["service", "model", "program", "cli", "provider", "sdk", "emulator", "scripts"];

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
  const { code, output } = await cruise(root, LAYERS);
  expect(output).toContain("no dependency violations found");
  expect(code).toBe(0);
}, 60_000);

const fixture = fs.mkdtempSync(path.join(os.tmpdir(), "import-rules-"));
afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

it("the rules catch each wrong-way import: between layers, the model or the command reaching Pulumi, the shim's relative import, the kit reaching the rest of the provider, and a cycle", async () => {
  const files: Record<string, string> = {
    "tsconfig.json": JSON.stringify({ compilerOptions: { module: "commonjs", strict: true } }),
    "node_modules/@pulumi/pulumi/index.js": "exports.pulumi = 1;\n",
    "node_modules/@pulumi/pulumi/package.json": JSON.stringify({ name: "@pulumi/pulumi", main: "index.js" }),
    "service/client.ts": 'import { shape } from "../model/shape";\nimport * as pulumi from "@pulumi/pulumi";\nexport const client = shape + pulumi.pulumi;\n',
    "model/shape.ts": 'import { core } from "../provider/core";\nexport const shape = core;\n',
    "model/declare.ts": 'import * as pulumi from "@pulumi/pulumi";\nexport const declare = pulumi;\n',
    "model/roster.ts": 'import { declare } from "./declare";\nimport { notice } from "../program/notice";\nexport const roster = [declare, notice];\n',
    "model/types.ts": 'import type * as pulumi from "@pulumi/pulumi";\nexport type Declared = pulumi.Output<string>;\n',
    "program/notice.ts": 'import { helper } from "../scripts/helper";\nexport const notice = helper;\n',
    "cli/review.ts": 'import { notice } from "../program/notice";\nexport const review = notice;\n',
    "cli/export.ts": 'import { helper } from "../scripts/helper";\nimport { roster } from "../model/roster";\nexport const run = [helper, roster];\n',
    "scripts/helper.ts": "export const helper = 1;\n",
    "provider/core.ts": 'import { entry } from "../sdk/entry";\nexport const core = 1 + entry;\n',
    "provider/operation.ts": "export const operation = {};\n",
    "provider/kit/calls.ts": 'import { operation } from "../operation";\nexport const calls = operation;\n',
    "sdk/entry.ts": 'import { loop } from "./loop";\nexport const entry = loop;\n',
    "sdk/provider-shim.ts": 'import { core } from "../provider/core";\nexport const shim = core;\n',
    "sdk/loop.ts": 'import { entry } from "./entry";\nimport { core } from "../provider/core";\nexport const loop = () => entry + core;\n',
    "emulator/server.ts": 'import { client } from "../service/client";\nexport const server = client;\n',
  };
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(fixture, name)), { recursive: true });
    fs.writeFileSync(path.join(fixture, name), text);
  }
  const { code, output } = await cruise(fixture, LAYERS);
  expect(code).not.toBe(0);
  expect(output).toMatch(/service-stands-alone: service\/client\.ts → model\/shape\.ts/);
  expect(output).toMatch(/service-stands-alone: service\/client\.ts → node_modules\/@pulumi\/pulumi/);
  expect(output).toMatch(/model-below-its-users: model\/shape\.ts → provider\/core\.ts/);
  expect(output).toMatch(/model-below-its-users: model\/roster\.ts → program\/notice\.ts/);
  expect(output).toMatch(/model-without-pulumi: model\/declare\.ts → node_modules\/@pulumi\/pulumi/);
  expect(output).toMatch(/model-without-pulumi: model\/types\.ts → node_modules\/@pulumi\/pulumi/);
  expect(output).toMatch(/program-below-its-users: program\/notice\.ts → scripts\/helper\.ts/);
  expect(output).toMatch(/cli-is-service-and-model: cli\/review\.ts → program\/notice\.ts/);
  expect(output).toMatch(/cli-is-service-and-model: cli\/export\.ts → scripts\/helper\.ts/);
  expect(output).toMatch(/cli-never-loads-pulumi: cli\/export\.ts → node_modules\/@pulumi\/pulumi/);
  expect(output).toMatch(/provider-not-to-sdk: provider\/core\.ts → sdk\/entry\.ts/);
  expect(output).toMatch(/sdk-not-to-provider: sdk\/loop\.ts → provider\/core\.ts/);
  expect(output).toMatch(/shim-by-package-name: sdk\/provider-shim\.ts → provider\/core\.ts/);
  expect(output).toMatch(/kit-is-self-contained: provider\/kit\/calls\.ts → provider\/operation\.ts/);
  expect(output).toMatch(/emulator-stands-alone: emulator\/server\.ts → service\/client\.ts/);
  expect(output).toMatch(/no-circular/);
}, 60_000);
