// The package's published declarations (sdk/index.d.ts and what it refers to) serve a program that
// declares every resource, an Organization and every function, under the TypeScript 3.8.3 that
// @pulumi/pulumi falls back to when a project has no typescript (checked as its ts-node checks a
// program: the program's own file) and under this project's TypeScript 5, strictly. The release
// test (test/release/install.test.ts) runs such a program through the engine.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as ts5 from "typescript";
import { repoRoot } from "../../scripts/repo-root";
import { everyDeclarationProgram } from "../support/every-declaration";

/** The compiler API of the TypeScript @pulumi/pulumi vendors, as much of it as this test uses (the same in 3.8 and 5). */
type Compiler = Pick<typeof ts5, "createProgram" | "flattenDiagnosticMessageText" | "version"> & {
  ScriptTarget: { ES2020: number };
  ModuleKind: { CommonJS: number };
  ModuleResolutionKind: { NodeJs: number };
};

const VENDORED_TYPESCRIPT = path.join(repoRoot, "node_modules", "@pulumi", "pulumi", "vendor", "typescript@3.8.3", "typescript.js");
// Inside the repository, so that the declarations resolve @pulumi/pulumi and zod as an installed package's do.
mkdirSync(path.join(repoRoot, ".work"), { recursive: true });
const scratch = mkdtempSync(path.join(repoRoot, ".work", "typescript-versions-"));
const program = path.join(scratch, "program", "index.ts");

beforeAll(() => {
  emitDeclarations(path.join(scratch, "dist"));
  mkdirSync(path.dirname(program));
  // The program imports the package by its folder: what it resolves to is the published index.d.ts.
  writeFileSync(program, everyDeclarationProgram({ module: "../dist/sdk", prefix: "typed", dynamic: true }));
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The declarations `tsc -p tsconfig.json` publishes for the SDK's entry point, into `outDir`. */
function emitDeclarations(outDir: string): void {
  const config = ts5.getParsedCommandLineOfConfigFile(path.join(repoRoot, "tsconfig.json"), {}, { ...ts5.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (config === undefined) throw new Error("tsconfig.json cannot be read");
  const options = { ...config.options, outDir, emitDeclarationOnly: true, sourceMap: false, incremental: false };
  const emitted = ts5.createProgram([path.join(repoRoot, "sdk", "index.ts")], options).emit();
  expect(emitted.diagnostics.map((d) => ts5.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
}

/** Each problem the compiler finds in `files` of the program rooted at the user's program, as `file:line message`. */
function problems(compiler: Compiler, options: ts5.CompilerOptions, files: (fileName: string) => boolean): string[] {
  const built = compiler.createProgram([program], options);
  return built
    .getSourceFiles()
    .filter((file) => files(file.fileName))
    .flatMap((file) => [...built.getSyntacticDiagnostics(file), ...built.getSemanticDiagnostics(file)])
    .map((d) => {
      const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
      return `${path.relative(scratch, d.file?.fileName ?? "")}:${line} ${compiler.flattenDiagnosticMessageText(d.messageText, "\n")}`;
    });
}

it("under TypeScript 3.8.3, as @pulumi/pulumi's ts-node compiles a program with no typescript of its own", () => {
  const ts38 = require(VENDORED_TYPESCRIPT) as Compiler;
  expect(ts38.version).toBe("3.8.3");
  // @pulumi/pulumi's options for a TypeScript older than 4.7 (cmd/run/run.js).
  const options = { target: ts38.ScriptTarget.ES2020, module: ts38.ModuleKind.CommonJS, moduleResolution: ts38.ModuleResolutionKind.NodeJs };
  const published = path.join(scratch, "dist", "sdk") + path.sep;
  expect(problems(ts38, options, (file) => file === program || file.startsWith(published))).toEqual([]);
}, 120_000);

it("under TypeScript 5, strictly", () => {
  const options = { target: ts5.ScriptTarget.ES2022, module: ts5.ModuleKind.CommonJS, moduleResolution: ts5.ModuleResolutionKind.Node10, strict: true, noUncheckedIndexedAccess: true, types: ["node"] };
  expect(problems(ts5 as Compiler, options, (file) => !file.includes(`${path.sep}node_modules${path.sep}`))).toEqual([]);
}, 120_000);
