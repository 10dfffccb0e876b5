// The committed SDKs (sdk/nodejs, sdk/python, sdk/go, sdk/dotnet) are exactly what the generator writes from
// the schema today: a schema or generator change without `npm run gen-sdk` fails here.
import { mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { generateSdks, SDK_LANGUAGES, SDK_ROOT } from "../../../scripts/sdk/sdk-generation";
import { committedTree, differences, generatedTree } from "../../support/generated-tree";

const scratch = mkdtempSync(path.join(os.tmpdir(), "generated-sdks-"));
beforeAll(() => generateSdks(path.join(scratch, "first")));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

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
