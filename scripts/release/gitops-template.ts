// examples/gitops is a template: copied out of this repository it installs pulumi-wandb from the
// registry at the release's version, through its own package-lock.json (the workflows run `npm ci`).
// The lock is written here from the release's tarball, with the registry's address in place of the
// file's; a test installs a copy from the tarball by putting the file's address back.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { z } from "zod";
import { repoRoot } from "../repo-root";
import { packageTarball } from "./npm-tarballs";

export const TEMPLATE = path.join(repoRoot, "examples", "gitops");
const PACKAGE = "pulumi-wandb";

const manifestSchema = z.looseObject({ dependencies: z.record(z.string(), z.string()) });
const lockSchema = z.looseObject({
  packages: z.looseObject({
    "": z.looseObject({ dependencies: z.record(z.string(), z.string()) }),
    [`node_modules/${PACKAGE}`]: z.looseObject({ version: z.string(), resolved: z.string() }),
  }),
});

/**
 * A JSON file rewritten by `edit`, which is handed each object under its key (JSON.parse's reviver),
 * so that every key keeps its place, as npm wrote it; then checked against `schema`.
 */
function rewriteJson(file: string, schema: z.ZodType, edit: (key: string, value: Record<string, unknown>) => Record<string, unknown>): void {
  const text = JSON.stringify(
    JSON.parse(readFileSync(file, "utf8"), (key, value: unknown) => (typeof value === "object" && value !== null && !Array.isArray(value) ? edit(key, { ...value }) : value)),
    null,
    2,
  );
  schema.parse(JSON.parse(text));
  writeFileSync(file, `${text}\n`);
}

/** Points the folder's package.json and package-lock.json at pulumi-wandb by `spec`, fetched from `resolved`. */
function pointAt(folder: string, spec: string, resolved: string): void {
  const withSpec = (key: string, value: Record<string, unknown>) => (key === "dependencies" && PACKAGE in value ? { ...value, [PACKAGE]: spec } : value);
  rewriteJson(path.join(folder, "package.json"), manifestSchema, withSpec);
  rewriteJson(path.join(folder, "package-lock.json"), lockSchema, (key, value) => {
    if (key !== `node_modules/${PACKAGE}`) return withSpec(key, value);
    // No integrity: the tarball changes with every build, and npm checks the one it fetches.
    const { integrity: _integrity, ...entry } = value;
    return { ...entry, resolved };
  });
}

/** A copy of the template (in `folder`) installs pulumi-wandb from the release's tarball instead of the registry. */
export function installFromTarball(folder: string, tarball: string): void {
  pointAt(folder, `file:${tarball}`, `file:${tarball}`);
}

/** Writes examples/gitops/package-lock.json for the package's version, as the registry will serve it. */
export function writeTemplateLock(): void {
  const { version } = z.object({ version: z.string() }).parse(JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")));
  const scratch = mkdtempSync(path.join(os.tmpdir(), "pulumi-wandb-template-lock-"));
  try {
    const tarball = packageTarball(scratch);
    const manifest = manifestSchema.parse(JSON.parse(readFileSync(path.join(TEMPLATE, "package.json"), "utf8")));
    writeFileSync(path.join(scratch, "package.json"), JSON.stringify({ ...manifest, dependencies: { ...manifest.dependencies, [PACKAGE]: `file:${tarball}` } }));
    execFileSync("npm", ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund", "--silent"], { cwd: scratch, stdio: "inherit" });
    writeFileSync(path.join(scratch, "package.json"), readFileSync(path.join(TEMPLATE, "package.json")));
    pointAt(scratch, version, `https://registry.npmjs.org/${PACKAGE}/-/${PACKAGE}-${version}.tgz`);
    writeFileSync(path.join(TEMPLATE, "package-lock.json"), readFileSync(path.join(scratch, "package-lock.json")));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (require.main === module) writeTemplateLock();
