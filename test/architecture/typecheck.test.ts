// The compiler over everything, tests and examples included: the examples run transpile-only
// through the engine, so their types are checked here.
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

it("type-checks the provider, the SDK, the emulator, the tests and the examples", () => {
  const tsc = path.join(root, "node_modules", ".bin", "tsc");
  let output = "";
  try {
    execFileSync(tsc, ["-p", path.join(root, "tsconfig.test.json")], { cwd: root, encoding: "utf8" });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  expect(output).toBe("");
}, 120_000);
