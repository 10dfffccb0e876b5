// npm's lock files: package-lock.json (what the project wants installed) and
// node_modules/.package-lock.json (what npm last installed there), for two answers: whether an
// install would change nothing, and which packages a program depends on.
import { existsSync } from "node:fs";
import * as path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { findUpwards, type Manifest, manifestSchema, readStructured } from "./manifests";

const lockSchema = z.looseObject({
  packages: z.record(z.string(), z.looseObject({ version: z.string().optional(), optional: z.boolean().optional() })).default({}),
});
type LockedPackages = z.infer<typeof lockSchema>["packages"];

const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"] as const;

function readLock(file: string): LockedPackages | undefined {
  if (!existsSync(file)) return undefined;
  const parsed = lockSchema.safeParse(readStructured(file));
  return parsed.success ? parsed.data.packages : undefined;
}

/**
 * Whether `npm install` in `directory` would install nothing: package.json asks for what
 * package-lock.json records, and node_modules holds every locked package as locked (optional
 * packages for other platforms aside). Then the host skips npm, which would also prune what setup
 * linked into node_modules by hand.
 */
export function npmInstallIsCurrent(directory: string): boolean {
  const manifestFile = path.join(directory, "package.json");
  const locked = readLock(path.join(directory, "package-lock.json"));
  const root = locked?.[""];
  if (!locked || !root || !existsSync(manifestFile)) return false;
  const manifest: Manifest = manifestSchema.parse(readStructured(manifestFile));
  if (DEPENDENCY_FIELDS.some((field) => !isDeepStrictEqual(manifest[field] ?? {}, root[field] ?? {}))) return false;
  const wanted = Object.entries(locked).filter(([location]) => location !== "");
  if (wanted.length === 0) return true;
  const installed = readLock(path.join(directory, "node_modules", ".package-lock.json")) ?? {};
  return wanted.every(([location, entry]) => (location in installed ? isDeepStrictEqual(installed[location], entry) : entry.optional === true));
}

export interface Dependency {
  name: string;
  version: string;
}

/**
 * The packages package-lock.json (the nearest, upwards from `directory`) records: all of them, or
 * only those the project's package.json names (first found of each).
 */
export function npmLockedPackages(directory: string, transitive: boolean): Dependency[] {
  const lockFile = findUpwards(directory, ["package-lock.json"]);
  if (!lockFile) throw new Error(`no package-lock.json found (searching upwards from ${directory})`);
  const locked = readLock(lockFile);
  if (!locked) throw new Error(`could not parse ${lockFile}`);
  const all = Object.entries(locked)
    .filter(([location]) => location.includes("node_modules/"))
    // Named by where it is installed, as the real host's lock reader names it: an alias (`"x": "npm:@scope/y@1"`) by its alias.
    .map(([location, entry]) => ({ name: location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length), version: entry.version ?? "" }));
  if (transitive) return all;
  const manifest = manifestSchema.parse(readStructured(path.join(path.dirname(lockFile), "package.json")));
  const direct = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]);
  return all.filter((dependency) => direct.delete(dependency.name));
}
