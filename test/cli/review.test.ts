// `pulumi-wandb review` as a command: what it says about its arguments and input. What it makes of a
// real preview is tested on the engine's own output (test/lifecycle/guard-rails.test.ts,
// test/examples/python-org.test.ts, test/examples/gitops.test.ts).
import { describe, expect, it } from "vitest";
import { runCommand } from "../support/export-command";

async function command(argv: string[], stdin = "") {
  const { code, out, err } = await runCommand(argv, {}, process.cwd(), stdin);
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}

describe("pulumi-wandb", () => {
  it("names its subcommands when given none or an unknown one", async () => {
    expect(await command([])).toMatchObject({ code: 2, stderr: expect.stringMatching(/usage: pulumi-wandb <command>[\s\S]*\n  review /) });
    expect(await command(["reveiw"])).toMatchObject({ code: 2 });
  });

  it("review: a usage line for a missing file or an unknown option, and a plain error for what is not a preview's JSON", async () => {
    expect(await command(["review"])).toMatchObject({ code: 2, stderr: expect.stringContaining("usage: pulumi-wandb review [--drift]") });
    expect(await command(["review", "--diff", "preview.json"])).toMatchObject({ code: 2, stderr: expect.stringContaining("unknown option --diff") });
    expect(await command(["review", "/nonexistent/preview.json"])).toMatchObject({ code: 1, stderr: expect.stringContaining("cannot read /nonexistent/preview.json") });
    expect(await command(["review", "-"], "Previewing update (dev):")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("is not the output of `pulumi preview --json`"),
    });
  });

  it("review: a preview that changes nothing says so, and a failed one quotes its errors", async () => {
    const quiet = await command(["review", "-"], JSON.stringify({ steps: [], diagnostics: [], changeSummary: { same: 3 } }));
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).toContain("No access changes.");
    const failed = await command(
      ["review", "-"],
      JSON.stringify({ steps: [], diagnostics: [{ severity: "error", message: "error: removes 3 of 10 members of team research (30%)\n" }] }),
    );
    expect(failed.stdout).toContain("**The preview failed; nothing can be applied as it is:**\n\n- error: removes 3 of 10 members of team research (30%)");
  });
});
