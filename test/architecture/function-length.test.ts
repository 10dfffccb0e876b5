// Every function of the command (cli/) fits on a screen: no function, method, accessor or arrow
// longer than 60 lines, measured by the TypeScript compiler over the real files, and shown to catch one.
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";

const MAX_LINES = 60;
const cli = path.resolve(__dirname, "../../cli");

/** Each function-like node of `source` longer than MAX_LINES, as `<file>:<line> <name> (<lines> lines)`. */
function longFunctions(file: string, source: string): string[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body !== undefined) {
      const first = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line;
      const last = sourceFile.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      const name = node.name !== undefined && ts.isIdentifier(node.name) ? node.name.text : ts.SyntaxKind[node.kind];
      if (lines > MAX_LINES) found.push(`${file}:${first + 1} ${name} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

it(`no function in cli/ is longer than ${MAX_LINES} lines`, () => {
  const files = readdirSync(cli, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));
  expect(files.length).toBeGreaterThan(5);
  expect(files.flatMap((file) => longFunctions(path.join("cli", file), readFileSync(path.join(cli, file), "utf8")))).toEqual([]);
});

it(`catches a function, a method and an arrow of ${MAX_LINES + 1} lines, not one of ${MAX_LINES}`, () => {
  const body = (lines: number) => Array.from({ length: lines - 2 }, (_, i) => `  const line${i} = ${i};`).join("\n");
  const source = [
    `function tooLong() {\n${body(MAX_LINES + 1)}\n}`,
    `function fits() {\n${body(MAX_LINES)}\n}`,
    `class Holder {\n  method() {\n${body(MAX_LINES + 1)}\n  }\n}`,
    `const arrow = () => {\n${body(MAX_LINES + 1)}\n};`,
  ].join("\n");
  expect(longFunctions("sample.ts", source).map((found) => found.split(" ")[1])).toEqual(["tooLong", "method", "ArrowFunction"]);
});
