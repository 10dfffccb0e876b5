// `pulumi-wandb review` as a command: its help, what it says about its arguments, and what it
// refuses to read. What it makes of real previews is in review-fixtures.test.ts.
import { describe, expect, it } from "vitest";
import { runCommand } from "../support/export-command";
import { repoRoot } from "../../scripts/repo-root";

async function command(argv: string[], stdin = "") {
  const { code, out, err } = await runCommand(argv, {}, repoRoot, stdin);
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}

describe("pulumi-wandb", () => {
  it("names its subcommands when given none or an unknown one", async () => {
    expect(await command([])).toMatchObject({ code: 2, stderr: expect.stringMatching(/usage: pulumi-wandb <command>[\s\S]*\n  review /) });
    expect(await command(["reveiw"])).toMatchObject({ code: 2 });
  });

  it.each([["--help"], ["-h"]])("review %s prints the review's usage, and nothing else", async (flag) => {
    const help = await command(["review", flag]);
    expect(help).toMatchObject({ code: 0, stderr: "" });
    expect(help.stdout).toMatch(/^usage: pulumi-wandb review \[--drift \[--inactive-days N\]\] \[--whole\] <preview\.json \| ->\n/);
    expect(help.stdout).toContain("--drift");
    expect(help.stdout).toMatch(/--inactive-days N +with --drift: list the people not active in the last N days, never active included \(default 90\)/);
    expect(help.stdout).toContain("Activity is never drift");
    expect(help.stdout).toContain("pulumi preview --json");
  });

  it("review: a usage line for a missing file or an unknown option", async () => {
    expect(await command(["review"])).toMatchObject({ code: 2, stderr: expect.stringContaining("usage: pulumi-wandb review [--drift [--inactive-days N]] [--whole]") });
    expect(await command(["review", "--diff", "preview.json"])).toMatchObject({ code: 2, stderr: expect.stringContaining("unknown option --diff") });
    expect(await command(["review", "--inactive-days", "30", "preview.json"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--inactive-days goes with --drift"),
    });
    for (const days of ["0", "ninety", "1.5"]) {
      expect(await command(["review", "--drift", "--inactive-days", days, "preview.json"])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("--inactive-days takes a whole number of days, 1 or more, e.g. --inactive-days 90"),
      });
    }
    expect(await command(["review", "/nonexistent/preview.json"])).toMatchObject({ code: 1, stderr: expect.stringContaining("cannot read /nonexistent/preview.json") });
  });

  it.each([
    ["{}", "it is an empty object, {}, with neither \"steps\" nor \"diagnostics\""],
    ["[]", "it is JSON, but an array, not an object"],
    ["null", "it is JSON, but a null, not an object"],
    ["Previewing update (dev):\n", 'it is not JSON: it starts with "Previewing update (dev):"'],
    ["", "it is empty"],
    ['{"steps": "none"}', "its steps is not as a preview prints it"],
  ])("review refuses %j from standard input, saying what it got", async (stdin, got) => {
    const refused = await command(["review", "-"], stdin);
    expect(refused).toMatchObject({ code: 1, stdout: "" });
    expect(refused.stderr).toContain(`pulumi-wandb review: standard input is not the output of \`pulumi preview --json\`: ${got}`);
  });

  it("review refuses a JSON file that is not a preview, naming its keys", async () => {
    const refused = await command(["review", "package.json"]);
    expect(refused).toMatchObject({ code: 1, stdout: "" });
    expect(refused.stderr).toContain(
      'package.json is not the output of `pulumi preview --json`: it is an object with the keys name, version, description, license, type, main, ..., with neither "steps" nor "diagnostics"',
    );
  });

  it("review: a preview that changes nothing says so", async () => {
    const quiet = await command(["review", "-"], JSON.stringify({ steps: [], diagnostics: [], changeSummary: { same: 3 } }));
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).toContain("**Totals:** 0 people gain or lose access (0 joining the organization, 0 leaving it)");
    expect(quiet.stdout).toContain("No access changes.");
  });
});
