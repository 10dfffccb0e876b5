// The `pulumi-wandb` dispatcher: a subcommand by name from its table, help, and a clear refusal
// (exit code 2) of a missing or unknown command, before anything is read or sent.
import { expect, it } from "vitest";
import { runCommand } from "../support/export-command";

const env = {};

it("names its commands in --help and refuses a missing or unknown one with exit code 2", async () => {
  const help = await runCommand(["--help"], env, process.cwd());
  expect(help.code).toBe(0);
  expect(help.out.join("\n")).toMatch(/^ {2}export {3}write the live organization as a roster/m);

  const missing = await runCommand([], env, process.cwd());
  expect(missing.code).toBe(2);
  expect(missing.err[0]).toBe("pulumi-wandb: no command given");

  const unknown = await runCommand(["exprot", "--roster", "r.yaml"], env, process.cwd());
  expect(unknown.code).toBe(2);
  expect(unknown.err[0]).toBe('pulumi-wandb: unknown command "exprot"');
  expect(unknown.err.join("\n")).toContain("export");
});

it("hands export its own arguments: a missing file option is refused before settings are read", async () => {
  const run = await runCommand(["export"], env, process.cwd());
  expect(run.code).toBe(2);
  expect(run.err[0]).toBe("pulumi-wandb export: nothing to write: give --roster <file>, --import-file <file>, or both");
});
