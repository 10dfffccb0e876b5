// No hidden state behind the provider's calls: the kit keeps nothing at module level that a call
// could change (each call is handed its operation, which carries its output), and only the
// operation's directory (provider/membership/) holds its clients, so that every write goes through
// the methods that keep the directory truthful. Checked over the real tree, and shown to catch each.
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

/** The TypeScript files under `folder`, as paths from the root. */
function sources(folder: string): string[] {
  return (readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" }) as string[])
    .filter((file) => file.endsWith(".ts"))
    .map((file) => path.join(folder, file).split(path.sep).join("/"));
}

/** Each variable declared with `let` or `var` at the top level of `source`, as `<file>:<line> <name>`. */
function moduleLevelLets(file: string, source: string): string[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  return sourceFile.statements.flatMap((statement) => {
    if (!ts.isVariableStatement(statement) || (statement.declarationList.flags & ts.NodeFlags.Const) !== 0) return [];
    return statement.declarationList.declarations.map((declaration) => {
      const line = sourceFile.getLineAndCharacterOfPosition(declaration.getStart(sourceFile)).line + 1;
      return `${file}:${line} ${declaration.name.getText(sourceFile)}`;
    });
  });
}

/** Each call of an operation's clients in `source`, as `<file>:<line>`. */
function clientCalls(file: string, source: string): string[] {
  return source.split("\n").flatMap((line, i) => (/\.clients\(\)/.test(line) ? [`${file}:${i + 1}`] : []));
}

it("provider/kit/ declares nothing with let or var at module level", () => {
  const files = sources("provider/kit");
  expect(files.length).toBeGreaterThan(10);
  expect(files.flatMap((file) => moduleLevelLets(file, readFileSync(path.join(root, file), "utf8")))).toEqual([]);
});

it("catches a module-level let and var, not a const nor a let inside a function", () => {
  const source = ["let sink = 1;", "var old = 2;", "const kept = 3;", "function f() {\n  let local = 4;\n  return local;\n}", "export let shared = 5;"].join("\n");
  expect(moduleLevelLets("sample.ts", source)).toEqual(["sample.ts:1 sink", "sample.ts:2 old", "sample.ts:8 shared"]);
});

it("asks an operation for its clients only under provider/membership/, where the directory and the functions' access live", () => {
  // provider/operation.ts defines `clients()` and hands them to its directory.
  const files = sources("provider").filter((file) => !file.startsWith("provider/membership/") && file !== "provider/operation.ts");
  expect(files.flatMap((file) => clientCalls(file, readFileSync(path.join(root, file), "utf8")))).toEqual([]);
  expect(sources("provider/membership").flatMap((file) => clientCalls(file, readFileSync(path.join(root, file), "utf8"))).length).toBeGreaterThan(0);
});

it("catches a call of an operation's clients", () => {
  expect(clientCalls("sample.ts", "const a = 1;\nawait operation.clients().scim.patchUser(id, ops);\n")).toEqual(["sample.ts:2"]);
});
