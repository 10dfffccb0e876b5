// A URN is taken apart in one place, model/urn.ts, as the engine does it. A `split("::")` or a
// `lastIndexOf("::")` anywhere else is a second reading, and the usual one gets names with `::`
// wrong, so the sites are looked for over the real tree, tests included.
import * as fs from "node:fs";
import * as path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const FOLDERS = ["service", "model", "provider", "sdk", "cli", "scripts", "test", "emulator"];
const GENERATED = /^sdk\/(python|go|nodejs|dotnet)\//;
const URN_TYPE = "model/urn.ts";
const SOURCE = /\.(ts|js|mjs|cjs|go|py)$/;
const HAND_SPLIT = /(split|lastIndexOf|indexOf)\(\s*["'`]::["'`]/g;

/** Every hand split of a URN in `text` (the file `file`), as `<file>:<line>`. */
function handSplitsIn(file: string, text: string): string[] {
  return text.split("\n").flatMap((line, i) => [...line.matchAll(HAND_SPLIT)].map(() => `${file}:${i + 1}`));
}

function sourcesUnder(folder: string): string[] {
  const directory = path.join(root, folder);
  if (!fs.existsSync(directory)) return [];
  return (fs.readdirSync(directory, { recursive: true, encoding: "utf8" }) as string[])
    .map((file) => `${folder}/${file.split(path.sep).join("/")}`)
    .filter((file) => SOURCE.test(file) && !file.includes("node_modules/") && !GENERATED.test(file));
}

it("splits URNs by hand nowhere but in the URN type", () => {
  const files = FOLDERS.flatMap(sourcesUnder).filter((file) => file !== URN_TYPE && file !== "test/architecture/urn.test.ts");
  expect(files.length).toBeGreaterThan(100);
  expect(files.flatMap((file) => handSplitsIn(file, fs.readFileSync(path.join(root, file), "utf8")))).toEqual([]);
});

it("catches a split, a lastIndexOf and an indexOf of `::`, in either quotes", () => {
  const text = ['const a = urn.split("::");', "const b = urn.lastIndexOf('::');", "const c = urn.indexOf(`::`);", 'const d = text.split(":");'].join("\n");
  expect(handSplitsIn("sample.ts", text)).toEqual(["sample.ts:1", "sample.ts:2", "sample.ts:3"]);
});
