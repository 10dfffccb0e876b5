// The command runs without the engine: `pulumi-wandb --help`, `export` and `review` never load
// @pulumi/pulumi (a second and some 70 MB), only the service and the model.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { repoRoot } from "../../scripts/engine";

const node = path.join(repoRoot, "node_modules", ".bin", "node");
const command = path.join(repoRoot, "dist", "cli", "main.js");
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "modules-loaded-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A preload that writes, as the process exits, every module file it loaded. */
const census = path.join(folder, "census.js");
fs.writeFileSync(census, `process.on("exit", () => require("node:fs").writeFileSync(process.env.CENSUS_FILE, JSON.stringify(Object.keys(require.cache))));\n`);

async function modulesLoadedBy(args: string[]): Promise<string[]> {
  const file = path.join(folder, `${args.join("-") || "none"}.json`);
  await promisify(execFile)(node, ["--require", census, command, ...args], { env: { ...process.env, CENSUS_FILE: file } }).catch(() => undefined);
  return JSON.parse(fs.readFileSync(file, "utf8")) as string[];
}

it.each([[["--help"]], [["review", "--help"]], [["export", "--help"]]])("pulumi-wandb %j loads no module of @pulumi/pulumi", async (args) => {
  const loaded = await modulesLoadedBy(args);
  expect(loaded.some((file) => file.endsWith(path.join("dist", "cli", "main.js")))).toBe(true);
  expect(loaded.filter((file) => file.includes(`${path.sep}@pulumi${path.sep}`))).toEqual([]);
});
