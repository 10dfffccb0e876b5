// A Node.js project's manifest (package.json, or pnpm's package.yaml) and the workspace it may
// belong to, found as pulumi-language-nodejs finds them.
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { parse as parseYaml } from "yaml";
import { z } from "zod";

const MANIFEST_NAMES = ["package.json", "package.yaml"];

const dependencyMap = z.record(z.string(), z.string()).optional();

export const manifestSchema = z.looseObject({
  name: z.string().optional(),
  version: z.string().optional(),
  dependencies: dependencyMap,
  devDependencies: dependencyMap,
  optionalDependencies: dependencyMap,
  peerDependencies: dependencyMap,
});
export type Manifest = z.infer<typeof manifestSchema>;

const workspacesSchema = z.object({
  workspaces: z.union([z.array(z.string()), z.object({ packages: z.array(z.string()).default([]) }).transform((extended) => extended.packages)]).default([]),
});
const pnpmWorkspaceSchema = z.object({ packages: z.array(z.string()).default([]) });

export function manifestIn(directory: string): string | undefined {
  return MANIFEST_NAMES.map((name) => path.join(directory, name)).find((file) => existsSync(file));
}

/** The path of the first of `names` found in `directory` or the nearest folder above it that has one. */
export function findUpwards(directory: string, names: string[]): string | undefined {
  for (let dir = path.resolve(directory); ; dir = path.dirname(dir)) {
    const found = names.map((name) => path.join(dir, name)).find((file) => existsSync(file));
    if (found) return found;
    if (dir === path.dirname(dir)) return undefined;
  }
}

export function nearestManifest(directory: string): string | undefined {
  return findUpwards(directory, MANIFEST_NAMES);
}

/** JSON or YAML by the file's name; throws on a file that is neither. */
export function readStructured(file: string): unknown {
  const text = readFileSync(file, "utf8");
  return file.endsWith(".yaml") ? parseYaml(text) : JSON.parse(text);
}

/**
 * The root of the npm, yarn or pnpm workspace whose member is the project at `directory`, if any:
 * installs run there. A member is matched by the workspace's globs as Go's filepath.Glob matches
 * them (`*` within one folder name).
 */
export function findWorkspaceRoot(directory: string): string | undefined {
  const manifest = nearestManifest(directory);
  if (!manifest) return undefined;
  const member = path.dirname(manifest);
  for (let dir = member; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const rootManifest = manifestIn(dir);
    if (!rootManifest) continue;
    const pnpmWorkspace = path.join(dir, "pnpm-workspace.yaml");
    if (existsSync(pnpmWorkspace) && matchesAny(pnpmWorkspaceSchema.parse(readStructured(pnpmWorkspace) ?? {}).packages, dir, member)) return dir;
    const workspaces = workspacesSchema.safeParse(readStructured(rootManifest));
    if (!workspaces.success) throw new Error(`failed to parse workspaces from ${rootManifest}: ${workspaces.error.issues[0]?.message}`);
    if (matchesAny(workspaces.data.workspaces, dir, member)) return dir;
  }
  return undefined;
}

function matchesAny(globs: string[], root: string, member: string): boolean {
  const relative = path.relative(root, member);
  return globs.some((glob) => globPattern(path.normalize(glob)).test(relative));
}

function globPattern(glob: string): RegExp {
  const source = glob
    .split("")
    .map((char) => (char === "*" ? "[^/]*" : char === "?" ? "[^/]" : /[.+^${}()|\\]/.test(char) ? `\\${char}` : char))
    .join("");
  return new RegExp(`^${source}$`);
}
