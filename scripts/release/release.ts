// `npm run release [-- --platform <os-arch>[,...]] [--only plugin|sdks|checksums] [--out <folder>]`:
// every file a release publishes, at package.json's version, into release/ (git-ignored): the
// plugin archive per platform (this machine's by default), the Python wheel and sdist, the npm
// tarballs of the generated Node.js SDK and of pulumi-wandb, and checksums.txt of them all. The Go
// SDK is published by a tag, sdk/go/v<version>, on this repository (README: Install).
// `--only` builds one part into the folder as it is, for the release workflow, which builds each
// platform's archive on that platform and gathers them before the checksums.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { packageManifest } from "../../model/package-manifest";
import { npmTarballs } from "./npm-tarballs";
import { bundlePlugin, pluginArchive, type BuiltArchive } from "./plugin-archive";
import { hostPlatform, platformNamed } from "./platforms";
import { pythonDistributions } from "./python-dist";
import { repoRoot } from "../repo-root";

const PARTS = ["plugin", "sdks", "checksums"] as const;
type Part = (typeof PARTS)[number];

const { values } = parseArgs({ options: { platform: { type: "string", multiple: true }, out: { type: "string" }, only: { type: "string" } } });
const out = path.resolve(values.out ?? path.join(repoRoot, "release"));
const platforms = values.platform ? values.platform.flatMap((names) => names.split(",")).map(platformNamed) : [hostPlatform()];
const cacheDir = path.join(process.env["PULUMI_WANDB_CACHE"] ?? path.join(process.env["XDG_CACHE_HOME"] ?? path.join(os.homedir(), ".cache"), "pulumi-wandb"), "release");
const { version } = packageManifest();

/**
 * The Node the plugin is built with and embeds: the one this package pins (devDependencies.node),
 * which `npm run release` runs and the release workflow sets up.
 */
function requirePinnedNode(): void {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { devDependencies?: Record<string, string> };
  const pinned = manifest.devDependencies?.["node"];
  if (pinned !== undefined && process.versions.node !== pinned) {
    throw new Error(`this is Node ${process.versions.node}; the release embeds Node ${pinned}, as package.json pins it: run \`npm run release\` (or node_modules/.bin/node)`);
  }
}

function partsToBuild(): readonly Part[] {
  if (values.only === undefined) return PARTS;
  const part = PARTS.find((candidate) => candidate === values.only);
  if (!part) throw new Error(`--only ${values.only}: choose among ${PARTS.join(", ")}`);
  return [part];
}

async function pluginArchives(): Promise<BuiltArchive[]> {
  const bundle = path.join(cacheDir, `plugin-bundle-${process.pid}.js`);
  try {
    await bundlePlugin(bundle);
    return platforms.map((target) => pluginArchive(version, target, bundle, out, cacheDir));
  } finally {
    rmSync(bundle, { force: true });
  }
}

/** checksums.txt: the sha256 of every other file in the folder, as `sha256sum` writes them. */
function writeChecksums(): string {
  const files = readdirSync(out).filter((file) => file !== "checksums.txt").sort();
  const sums = files.map((file) => `${createHash("sha256").update(readFileSync(path.join(out, file))).digest("hex")}  ${file}`);
  writeFileSync(path.join(out, "checksums.txt"), `${sums.join("\n")}\n`);
  return path.join(out, "checksums.txt");
}

async function main(): Promise<void> {
  requirePinnedNode();
  const parts = partsToBuild();
  if (parts === PARTS) rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  mkdirSync(cacheDir, { recursive: true });
  const archives = parts.includes("plugin") ? await pluginArchives() : [];
  const files = [
    ...archives.map((archive) => archive.file),
    ...(parts.includes("sdks") ? [...pythonDistributions(version, out, cacheDir), ...npmTarballs(out)] : []),
    ...(parts.includes("checksums") ? [writeChecksums()] : []),
  ];
  process.stdout.write(`release: pulumi-wandb v${version} in ${path.relative(process.cwd(), out) || "."}/\n`);
  for (const file of files) {
    const caveat = archives.find((archive) => archive.file === file)?.caveat;
    process.stdout.write(`  ${path.basename(file).padEnd(52)} ${(statSync(file).size / 1e6).toFixed(1).padStart(6)} MB${caveat ? `  (${caveat})` : ""}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`release: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
