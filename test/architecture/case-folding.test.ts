// "Names compare ignoring case" has one home: which keys compare so is model/identity's map, and
// the fold itself is service/case-folding's. A `toLowerCase(` anywhere else is that rule written
// again (or a fold that is no identity rule: a package name, an environment flag), so the sites
// are counted over the real tree, the emulator apart (it stands in for the service).
import * as fs from "node:fs";
import * as path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const FOLDERS = ["service", "model", "provider", "sdk", "scripts", "cli"];
const SOURCE = /\.(ts|js|mjs|cjs|go|py)$/;
const IDENTITY_RULE = "model/identity.ts";
const MOST = 8;

/** Every `toLowerCase(` in the sources of `folder`, as `<file>:<line>`. */
function sitesIn(folder: string): string[] {
  const sites: string[] = [];
  const walk = (directory: string) => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules") walk(full);
        continue;
      }
      const file = path.relative(root, full).split(path.sep).join("/");
      if (!SOURCE.test(entry.name) || file === IDENTITY_RULE) continue;
      fs.readFileSync(full, "utf8")
        .split("\n")
        .forEach((line, i) => {
          for (const _site of line.matchAll(/toLowerCase\(/g)) sites.push(`${file}:${i + 1}`);
        });
    }
  };
  walk(path.join(root, folder));
  return sites;
}

it(`finds a site where there is one (the count is of the real tree)`, () => {
  expect(sitesIn("service")).toContain("service/case-folding.ts:8");
});

it(`folds case in at most ${MOST} places outside the identity rule, cli/ aside`, () => {
  const sites = FOLDERS.filter((folder) => folder !== "cli").flatMap(sitesIn);
  expect(sites.length, `toLowerCase( at:\n${sites.join("\n")}`).toBeLessThanOrEqual(MOST);
});

it(`folds case in at most ${MOST} places outside the identity rule, cli/ included`, () => {
  const sites = FOLDERS.flatMap(sitesIn);
  expect(sites.length, `toLowerCase( at:\n${sites.join("\n")}`).toBeLessThanOrEqual(MOST);
});
