// The converted examples committed beside the schema's YAML examples (examples/schema) are exactly
// what Pulumi's converters make of them today: a changed example, schema or converter without
// `npm run gen-examples` fails here.
import { mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, expect, it } from "vitest";
import { CONVERTED_LANGUAGES, exampleSources } from "../../../provider/schema/schema-examples";
import { convertExamples, EXAMPLES_ROOT } from "../../../scripts/sdk/schema-examples";
import { committedTree, differences, generatedTree, type Tree } from "../../support/generated-tree";

const scratch = mkdtempSync(path.join(os.tmpdir(), "converted-examples-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it("every YAML example converts to what is committed beside it (else run `npm run gen-examples`)", () => {
  convertExamples(scratch);
  expect(differences(generatedTree(scratch), conversions(committedTree(EXAMPLES_ROOT))), "examples/schema is stale: run `npm run gen-examples` and commit the result").toEqual([]);
});

it("converts each YAML example to TypeScript, Python, Go and C#", () => {
  const converted = [...conversions(generatedTree(EXAMPLES_ROOT)).keys()].sort();
  const expected = exampleSources().flatMap((source) => CONVERTED_LANGUAGES.map(({ file }) => path.join(source.replace(/\.yaml$/, ""), file)));
  expect(converted).toEqual(expected.sort());
});

/** The conversions, `<Name>/<example>/<file>`: not the YAML sources beside them, nor the folder's tsconfig.json and go.mod. */
function conversions(tree: Tree): Tree {
  return new Map([...tree].filter(([file]) => file.split(path.sep).length === 3));
}
