// `npm run gitops-lock [-- --tarball <file>] [--check]`: examples/gitops is a template a team copies
// into a repository of its own. Its package.json names pulumi-wandb at the release's version; its
// package-lock.json, written here, installs it from the release's tarball put beside package.json
// (`resolved: file:pulumi-wandb-<version>.tgz`) and pins that tarball's integrity, so that `npm ci`
// refuses any other file (EINTEGRITY), before the package is published and after. The registry
// serves the very file the release publishes, so the published route (`npm install --save-exact
// pulumi-wandb@<version>`) installs the same bytes. The tarball: `--tarball` (the release's), else
// dist/ packed as the release packs it (npm packs the same files to the same bytes). `--check`: fails
// unless the committed lock pins `--tarball` (by default release/'s), as the release workflow runs
// it before publishing.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { packageManifest } from "../../model/package-manifest";
import { repoRoot } from "../repo-root";
import { packageTarball } from "./npm-tarballs";

export const TEMPLATE = path.join(repoRoot, "examples", "gitops");
const PACKAGE = "pulumi-wandb";
const ENTRY = `node_modules/${PACKAGE}`;

/** The release's tarball of pulumi-wandb at `version`, as npm pack names it, and as the template's lock expects it beside package.json. */
export const tarballName = (version: string) => `${PACKAGE}-${version}.tgz`;

const manifestSchema = z.looseObject({ dependencies: z.record(z.string(), z.string()) });
const lockSchema = z.looseObject({
  packages: z.looseObject({
    "": z.looseObject({ dependencies: z.record(z.string(), z.string()) }),
    [ENTRY]: z.looseObject({ version: z.string(), resolved: z.string(), integrity: z.string() }),
  }),
});
export type TemplateLock = z.output<typeof lockSchema>;

/** The integrity npm records and checks for a file: sha512, in Subresource Integrity form. */
export function integrityOf(file: string): string {
  return `sha512-${createHash("sha512").update(readFileSync(file)).digest("base64")}`;
}

export function readTemplateLock(folder: string): TemplateLock {
  return lockSchema.parse(JSON.parse(readFileSync(path.join(folder, "package-lock.json"), "utf8")));
}

/**
 * A JSON file rewritten by `edit`, which is handed each object under its key (JSON.parse's reviver),
 * so that every key keeps its place, as npm wrote it.
 */
function rewriteJson(file: string, edit: (key: string, value: Record<string, unknown>) => Record<string, unknown>): void {
  const text = JSON.stringify(
    JSON.parse(readFileSync(file, "utf8"), (key, value: unknown) => (typeof value === "object" && value !== null && !Array.isArray(value) ? edit(key, { ...value }) : value)),
    null,
    2,
  );
  writeFileSync(file, `${text}\n`);
}

/**
 * Points the lock in `folder` at `tarball` as the file beside package.json, named as the release
 * names it, pinning its integrity; package.json and the lock's root name pulumi-wandb by its version.
 */
export function pinTarball(folder: string, tarball: string, version: string): void {
  const bySpec = (key: string, value: Record<string, unknown>) => (key === "dependencies" && PACKAGE in value ? { ...value, [PACKAGE]: version } : value);
  rewriteJson(path.join(folder, "package.json"), bySpec);
  rewriteJson(path.join(folder, "package-lock.json"), (key, value) =>
    key === ENTRY ? { ...value, resolved: `file:${tarballName(version)}`, integrity: integrityOf(tarball) } : bySpec(key, value),
  );
  readTemplateLock(folder);
}

/** A copy of the template (in `folder`) with `tarball` beside its package.json, as its lock pins it: what a team does before the package is published. */
export function installFromTarball(folder: string, tarball: string): void {
  const { version } = packageManifest();
  copyFileSync(tarball, path.join(folder, tarballName(version)));
  pinTarball(folder, tarball, version);
}

/** Writes examples/gitops/package-lock.json: every dependency resolved by npm for the template's package.json, pulumi-wandb pinned to `tarball`. */
function writeTemplateLock(tarball: string): void {
  const { version } = packageManifest();
  const scratch = mkdtempSync(path.join(os.tmpdir(), "pulumi-wandb-template-lock-"));
  try {
    const manifest = manifestSchema.parse(JSON.parse(readFileSync(path.join(TEMPLATE, "package.json"), "utf8")));
    const beside = path.join(scratch, tarballName(version));
    copyFileSync(tarball, beside);
    writeFileSync(path.join(scratch, "package.json"), JSON.stringify({ ...manifest, dependencies: { ...manifest.dependencies, [PACKAGE]: `file:${tarballName(version)}` } }));
    execFileSync("npm", ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund", "--silent"], { cwd: scratch, stdio: "inherit" });
    copyFileSync(path.join(TEMPLATE, "package.json"), path.join(scratch, "package.json"));
    pinTarball(scratch, beside, version);
    copyFileSync(path.join(scratch, "package-lock.json"), path.join(TEMPLATE, "package-lock.json"));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Why the committed lock does not pin `tarball` (the release's): undefined when it does. */
export function templateLockMismatch(tarball: string): string | undefined {
  const pinned = readTemplateLock(TEMPLATE).packages[ENTRY];
  const { version } = packageManifest();
  const expected = { version, resolved: `file:${tarballName(version)}`, integrity: integrityOf(tarball) };
  const found = { version: pinned.version, resolved: pinned.resolved, integrity: pinned.integrity };
  if (JSON.stringify(found) === JSON.stringify(expected)) return undefined;
  return (
    `examples/gitops/package-lock.json pins ${JSON.stringify(found)}, not ${path.basename(tarball)} (${JSON.stringify(expected)}): ` +
    "teams installing the template from this release would be refused. Run `npm run gitops-lock` on this commit and commit the lock."
  );
}

function main(): void {
  const { values } = parseArgs({ options: { tarball: { type: "string" }, check: { type: "boolean" } } });
  const { version } = packageManifest();
  if (values.check) {
    const mismatch = templateLockMismatch(path.resolve(values.tarball ?? path.join(repoRoot, "release", tarballName(version))));
    if (mismatch !== undefined) throw new Error(mismatch);
    return;
  }
  if (values.tarball !== undefined) return writeTemplateLock(path.resolve(values.tarball));
  const scratch = mkdtempSync(path.join(os.tmpdir(), "pulumi-wandb-template-tarball-"));
  try {
    writeTemplateLock(packageTarball(scratch));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    process.stderr.write(`gitops-lock: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
