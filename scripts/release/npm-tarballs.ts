// The npm packages as the registry will serve them:
// - @pulumi-wandb/wandb, the SDK generated for Node.js (sdk/nodejs), compiled as Pulumi's providers
//   publish theirs: JavaScript and declarations beside a copy of its package.json, packed from there;
// - pulumi-wandb itself (the dynamic resources, the emulator), packed from dist/ as the release's
//   setup compiled it, beside a package.json of the runtime fields only (publishedManifest): no
//   scripts, so no `prepare` for npm to flag on install, and no devDependencies. The repository's
//   own package.json keeps `prepare`: installing from a git URL (`npm install <git url>`,
//   `pulumi package add <git url>`) compiles dist/ through it.
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { repoRoot } from "../repo-root";

/** `npm pack <folder>` into `out` (its scripts not run: what it packs is built already); the file npm wrote. */
function pack(folder: string, out: string): string {
  const written = execFileSync("npm", ["pack", folder, "--pack-destination", out, "--silent", "--ignore-scripts"], { cwd: folder, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  return path.join(out, written.trim().split("\n").pop()!);
}

function generatedNodeSdk(out: string): string {
  const sdk = path.join(repoRoot, "sdk", "nodejs");
  const staged = mkdtempSync(path.join(os.tmpdir(), "pulumi-wandb-nodejs-sdk-"));
  try {
    // Compiled where it lies, so that @pulumi/pulumi and @types/node resolve from this package's node_modules.
    execFileSync(path.join(repoRoot, "node_modules", ".bin", "tsc"), ["-p", path.join(sdk, "tsconfig.json"), "--outDir", staged], { stdio: "inherit" });
    copyFileSync(path.join(sdk, "package.json"), path.join(staged, "package.json"));
    copyFileSync(path.join(sdk, "README.md"), path.join(staged, "README.md"));
    return pack(staged, out);
  } finally {
    rmSync(staged, { recursive: true, force: true });
  }
}

/**
 * The fields of package.json that an installed package uses, in this order: what npm, Node and
 * TypeScript read to install, resolve and type it, and what the package reads of itself
 * (model/package-manifest.ts). Scripts and devDependencies are the development tree's.
 */
const PUBLISHED_FIELDS = ["name", "version", "description", "license", "type", "main", "types", "exports", "bin", "files", "engines", "dependencies"] as const;

/** package.json as the release's tarball carries it: `manifest` with only PUBLISHED_FIELDS. */
export function publishedManifest(manifest: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(PUBLISHED_FIELDS.filter((field) => field in manifest).map((field) => [field, manifest[field]]));
}

/** pulumi-wandb's own tarball: package.json's `files` (dist/ as it stands) copied beside the published manifest, and packed from there. */
export function packageTarball(out: string): string {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { files: string[] } & Record<string, unknown>;
  const staged = mkdtempSync(path.join(os.tmpdir(), "pulumi-wandb-package-"));
  try {
    for (const file of manifest.files) cpSync(path.join(repoRoot, file), path.join(staged, file), { recursive: true });
    writeFileSync(path.join(staged, "package.json"), `${JSON.stringify(publishedManifest(manifest), null, 2)}\n`);
    return pack(staged, out);
  } finally {
    rmSync(staged, { recursive: true, force: true });
  }
}

export function npmTarballs(out: string): string[] {
  return [generatedNodeSdk(out), packageTarball(out)];
}
