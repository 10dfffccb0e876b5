// The plugin as Pulumi's providers ship theirs: one executable, `pulumi-resource-wandb`, in
// pulumi-resource-wandb-v<version>-<os>-<arch>.tar.gz, that needs no Node.js, npm or node_modules.
// It is a Node single executable application: the plugin bundled into one script (esbuild) and
// injected (postject) into a copy of Node's own executable, of the version this build runs on, as
// the npm registry serves it for each platform. The archive holds no PulumiPlugin.yaml: with one,
// the engine would take it for a plugin run from source.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { build, type Plugin } from "esbuild";
import { packageManifest } from "../../model/package-manifest";
import { committedSchemaText } from "../../provider/schema/committed-schema";
import { repoRoot } from "../repo-root";
import { hostPlatform, pluginArchiveName, type Platform } from "./platforms";

/** The fuse Node looks for to know that it carries an application (Node's SEA documentation). */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

const bin = (name: string) => path.join(repoRoot, "node_modules", ".bin", name);

/**
 * The bundle finds no package.json beside it: the manifest (name, version, description, license)
 * is written into it, so GetPluginInfo and the schema carry the version the archive is named by.
 */
function embeddedManifest(): Plugin {
  const manifest = packageManifest();
  return {
    name: "embedded-manifest",
    setup(plugin) {
      plugin.onLoad({ filter: /[\\/]model[\\/]package-manifest\.ts$/ }, () => ({
        loader: "js",
        contents: [
          `const manifest = ${JSON.stringify(manifest)};`,
          "exports.packageManifest = () => manifest;",
          `exports.packageRoot = () => { throw new Error("the released plugin is one executable: it has no package folder"); };`,
        ].join("\n"),
      }));
    },
  };
}

/** The bundle finds no schema.json beside it: the committed schema (kept equal to the shapes' by a test) is written into it. */
function embeddedSchema(): Plugin {
  return {
    name: "embedded-schema",
    setup(plugin) {
      plugin.onLoad({ filter: /[\\/]provider[\\/]schema[\\/]committed-schema\.ts$/ }, () => ({
        loader: "js",
        contents: `const schema = ${JSON.stringify(committedSchemaText())};\nexports.committedSchemaText = () => schema;\n`,
      }));
    },
  };
}

/** The plugin's entry with everything it imports, as one CommonJS script. */
export async function bundlePlugin(outfile: string): Promise<void> {
  await build({
    entryPoints: [path.join(repoRoot, "provider", "doors", "plugin", "main.ts")],
    outfile,
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    logLevel: "error",
    plugins: [embeddedManifest(), embeddedSchema()],
    minify: true,
    keepNames: true,
  });
}

/** A Node executable to carry the plugin, with the LICENSE that goes beside it where there is one. */
export interface NodeExecutable {
  executable: string;
  license?: string;
}

/**
 * Node's executable for a platform, at the version this build runs on, as the npm registry serves
 * it (cached), with its LICENSE. Where the registry serves none for this machine's own platform
 * (darwin-arm64 and windows-amd64 at some versions), the Node that runs this build.
 */
function nodeExecutable(target: Platform, cacheDir: string): NodeExecutable {
  const version = process.versions.node;
  const dir = path.join(cacheDir, `node-v${version}-${target.name}`);
  const executable = path.join(dir, "package", "bin", target.node.platform === "win32" ? "node.exe" : "node");
  const license = path.join(dir, "package", "LICENSE");
  const served = () => (existsSync(license) ? { executable, license } : { executable });
  if (existsSync(executable)) return served();
  const download = mkdtempSync(path.join(os.tmpdir(), "pulumi-wandb-node-"));
  try {
    execFileSync("npm", ["pack", `${target.nodePackage}@${version}`, "--pack-destination", download, "--silent"], { stdio: ["ignore", "ignore", "pipe"] });
    const tarball = readdirSync(download).find((file) => file.endsWith(".tgz"));
    mkdirSync(`${dir}.partial`, { recursive: true });
    execFileSync("tar", ["-xzf", path.join(download, tarball!), "-C", `${dir}.partial`]);
    rmSync(dir, { recursive: true, force: true });
    renameSync(`${dir}.partial`, dir);
    return served();
  } catch (error) {
    if (target === hostPlatform()) return { executable: process.execPath };
    throw new Error(
      `the npm registry serves no Node ${version} for ${target.name} (${target.nodePackage}@${version}): ` +
        `build that archive with \`npm run release\` on a ${target.name} machine, where it embeds the Node it runs on\n${String(error)}`,
    );
  } finally {
    rmSync(download, { recursive: true, force: true });
  }
}

/** macOS runs only signed code: the copy's signature is removed before injection and made anew (ad hoc) after, where codesign exists. */
function hasCodesign(): boolean {
  try {
    execFileSync("codesign", ["--help"], { stdio: "ignore" });
    return true;
  } catch (error) {
    return (error as { code?: string }).code !== "ENOENT";
  }
}

export interface BuiltArchive {
  file: string;
  /** What the archive still needs before users can run it, e.g. a signature on macOS. */
  caveat?: string;
}

/**
 * The plugin's executable for `target`, `target.executable` in folder `staged`, from the bundle
 * `bundle`: a copy of `node` with the bundle injected. What it still needs before users can run it
 * (a signature on macOS) is its caveat.
 */
export function pluginExecutable(target: Platform, bundle: string, staged: string, node: NodeExecutable): { executable: string; caveat?: string } {
  const work = mkdtempSync(path.join(os.tmpdir(), `pulumi-wandb-sea-${target.name}-`));
  try {
    const blob = path.join(work, "sea-prep.blob");
    const seaConfig = path.join(work, "sea-config.json");
    // V8's code cache (compiled once here, not at every start) is valid only for the Node that made
    // it: it goes into this machine's own platform's executable; other platforms compile at start.
    const useCodeCache = target === hostPlatform();
    writeFileSync(seaConfig, JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true, useCodeCache, useSnapshot: false }));
    execFileSync(process.execPath, ["--experimental-sea-config", seaConfig], { stdio: ["ignore", "ignore", "inherit"] });

    const executable = path.join(staged, target.executable);
    copyFileSync(node.executable, executable);
    const darwin = target.node.platform === "darwin";
    const sign = darwin && hasCodesign();
    if (sign) execFileSync("codesign", ["--remove-signature", executable]);
    // postject warns of ELF note sections it leaves alone: its output is shown only if it fails.
    execFileSync(bin("postject"), [executable, "NODE_SEA_BLOB", blob, "--sentinel-fuse", SEA_FUSE, ...(darwin ? ["--macho-segment-name", "NODE_SEA"] : [])], { stdio: "pipe" });
    if (sign) execFileSync("codesign", ["--sign", "-", executable]);
    const caveat = darwin && !sign ? "unsigned: macOS runs it only once signed (`codesign --sign -` on a Mac, as the release workflow's macOS runner does)" : undefined;
    return caveat ? { executable, caveat } : { executable };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Builds the archive for `target` into `out`, from the bundle `bundle`. */
export function pluginArchive(version: string, target: Platform, bundle: string, out: string, cacheDir: string): BuiltArchive {
  const staged = mkdtempSync(path.join(os.tmpdir(), `pulumi-wandb-archive-${target.name}-`));
  try {
    const node = nodeExecutable(target, cacheDir);
    const { caveat } = pluginExecutable(target, bundle, staged, node);
    copyFileSync(path.join(repoRoot, "README.md"), path.join(staged, "README.md"));
    if (node.license) copyFileSync(node.license, path.join(staged, "LICENSE-node"));
    const file = path.join(out, pluginArchiveName(version, target));
    execFileSync("tar", ["-czf", file, "-C", staged, ...readdirSync(staged).sort()]);
    return caveat ? { file, caveat } : { file };
  } finally {
    rmSync(staged, { recursive: true, force: true });
  }
}
