// Generated trees against committed ones, file by file: for the tests that keep generated files
// (the SDKs, the schema's converted examples) equal to what generates them.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { repoRoot } from "../../scripts/repo-root";

/** Every file of a generated tree, by path relative to it: its content. */
export type Tree = Map<string, string>;

export function generatedTree(dir: string): Tree {
  const files = execFileSync("find", [dir, "-type", "f"], { encoding: "utf8" }).split("\n").filter(Boolean);
  return new Map(files.map((file) => [path.relative(dir, file), readFileSync(file, "utf8")]));
}

/** The committed tree as the working copy has it: tracked and new files, not what git ignores (a build's output). */
export function committedTree(dir: string): Tree {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", dir], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  const files = listed.split("\0").filter((file) => file && existsSync(path.join(repoRoot, file)));
  return new Map(files.map((file) => [path.relative(dir, path.join(repoRoot, file)), readFileSync(path.join(repoRoot, file), "utf8")]));
}

/** What differs, file by file: "+ f" only generated, "- f" only committed, "~ f" different content. */
export function differences(generated: Tree, committed: Tree): string[] {
  const names = [...new Set([...generated.keys(), ...committed.keys()])].sort();
  return names.flatMap((name) => {
    const [fresh, kept] = [generated.get(name), committed.get(name)];
    if (fresh === kept) return [];
    return [`${fresh === undefined ? "-" : kept === undefined ? "+" : "~"} ${name}`];
  });
}
