// The committed SDKs (sdk/nodejs, sdk/python, sdk/go, sdk/dotnet) are exactly what the generator writes from
// the schema today: a schema or generator change without `npm run gen-sdk` fails here.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { repoRoot } from "../../../scripts/repo-root";
import { generateSdks, SDK_LANGUAGES, SDK_ROOT } from "../../../scripts/sdk/sdk-generation";

const scratch = mkdtempSync(path.join(os.tmpdir(), "generated-sdks-"));
beforeAll(() => generateSdks(path.join(scratch, "first")));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every file of a generated tree, by path relative to it: its content. */
type Tree = Map<string, string>;

function generatedTree(dir: string): Tree {
  const files = execFileSync("find", [dir, "-type", "f"], { encoding: "utf8" }).split("\n").filter(Boolean);
  return new Map(files.map((file) => [path.relative(dir, file), readFileSync(file, "utf8")]));
}

/** The committed tree as the working copy has it: tracked and new files, not what git ignores (a build's output). */
function committedTree(dir: string): Tree {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", dir], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  const files = listed.split("\0").filter((file) => file && existsSync(path.join(repoRoot, file)));
  return new Map(files.map((file) => [path.relative(dir, path.join(repoRoot, file)), readFileSync(path.join(repoRoot, file), "utf8")]));
}

/** What differs, file by file: "+ f" only generated, "- f" only committed, "~ f" different content. */
function differences(generated: Tree, committed: Tree): string[] {
  const names = [...new Set([...generated.keys(), ...committed.keys()])].sort();
  return names.flatMap((name) => {
    const [fresh, kept] = [generated.get(name), committed.get(name)];
    if (fresh === kept) return [];
    return [`${fresh === undefined ? "-" : kept === undefined ? "+" : "~"} ${name}`];
  });
}

it("generating twice writes the same files", () => {
  generateSdks(path.join(scratch, "second"));
  for (const language of SDK_LANGUAGES) {
    expect(differences(generatedTree(path.join(scratch, "first", language)), generatedTree(path.join(scratch, "second", language)))).toEqual([]);
  }
});

it.each(SDK_LANGUAGES)("sdk/%s is what the schema generates (else run `npm run gen-sdk`)", (language) => {
  const changed = differences(generatedTree(path.join(scratch, "first", language)), committedTree(path.join(SDK_ROOT, language)));
  expect(changed, `sdk/${language} is stale: run \`npm run gen-sdk\` and commit the result`).toEqual([]);
});
