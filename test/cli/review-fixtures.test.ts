// The access review of real previews, recorded from both doors by test/cli/review-recordings.test.ts:
// an adoption, a change of every kind of access, a rename of the component, a guard rail's refusal,
// a program that failed (from Python, with a traceback), and changes made outside code. No engine,
// no emulator: each review is the command run in process on a recorded file.
import { describe, expect, it } from "vitest";
import { UNKNOWN_VALUE } from "../../model/unknown-value";
import { runCommand } from "../support/export-command";
import { fixture, FIXTURES, type Door, type Scenario } from "../support/review-fixtures";

const DOORS = ["dynamic", "plugin"] as const satisfies readonly Door[];

async function reviewOf(door: Door, scenario: Scenario, previewJson = fixture(door, scenario)): Promise<string> {
  const { code, out, err } = await runCommand(["review", ...(FIXTURES[scenario].drift ? ["--drift"] : []), "-"], {}, process.cwd(), previewJson);
  expect(err).toEqual([]);
  expect(code).toBe(0);
  return `${out.join("\n")}\n`;
}

/** Each of these texts is in the review. */
function expectLines(review: string, lines: readonly string[]): void {
  for (const line of lines) expect(review).toContain(line);
}

describe.each(DOORS)("the review of the %s door's previews", (door) => {
  it("tells people adopted as W&B holds them from people joining, and counts the roster's admins", async () => {
    const review = await reviewOf(door, "adopt");
    expectLines(review, [
      "**Totals:** 1 person gains or loses access (1 joining the organization, 0 leaving it); 9 people adopted as W&B holds them; " +
        "1 team with members added or removed; 2 custom roles changed.",
      "- acme: passed: 2 organization admins in the roster (admin, breakglass-admin); wandb:minAdmins is 1",
      "- **ana**\n  - adopted as member: taken over as W&B holds them, else joins the organization\n  - in team research, adopted with it\n",
      "- **breakglass-admin**\n  - adopted as admin: taken over as W&B holds them, else joins the organization\n",
      "- **research**: adopted with its members ana, Bo.Chen, eve, fay, gus, hal\n",
      // lee is the one person who joins: declared on its own, created into a team that names it by an id not known yet.
      "- **lee**\n  - joins the organization\n  - joins team solo\n",
      "- **solo**: added lee\n",
    ]);
    expect(review.match(/joins the organization/g)).toHaveLength(1 + 9);
    expect(review).not.toContain(UNKNOWN_VALUE);
    expect(review).not.toMatch(/organization admins in the roster \(none\)/);
  });

  it("reviews a change of every kind of access, naming users created into a team by the id they will have", async () => {
    const review = await reviewOf(door, "change");
    expectLines(review, [
      "**Totals:** 6 people gain or lose access (1 joining the organization, 1 leaving it); 1 person adopted as W&B holds them; 2 teams with members added or removed; 1 custom role changed. Resources: 4 to create, 1 to delete, 5 to update.",
      "- acme: passed: 3 organization admins in the roster (admin, ana, breakglass-admin); wandb:minAdmins is 1",
      "- acme: passed: removes 1 of 6 members of team research (17%): hal; wandb:maxRemovalFraction is 25%",
      "- **ana**\n  - organization role member → admin\n",
      "- **cy**\n  - registry models: gains role viewer\n",
      "- **dee**\n  - adopted as member: taken over as W&B holds them, else joins the organization\n  - joins team research\n",
      "- **eve**\n  - team research: gains role admin\n",
      "- **hal**\n  - leaves the organization (was member)\n  - leaves team research\n",
      "- **kim**\n  - joins the organization\n  - joins team solo\n",
      "- **research**: added dee; removed hal\n",
      "- **solo**: added kim\n",
      "- **Run operator**: permissions added project:update\n",
    ]);
    expect(review).not.toContain(UNKNOWN_VALUE);
    expect(review).not.toMatch(/VXNlcj/);
  });

  it("reads a renamed component as renames in code, not as everyone leaving and joining", async () => {
    const review = await reviewOf(door, "rename");
    expectLines(review, [
      "15 resources renamed in code. Resources: 16 to create, 16 to delete.",
      "**Totals:** 0 people gain or lose access (0 joining the organization, 0 leaving it); 0 teams with members added or removed;",
      "- User acme/ana → acme-renamed/ana\n",
      "- Team acme/research → acme-renamed/research\n",
      "- RosterGuard acme/guard → acme-renamed/guard\n",
      "No access changes: only renames in code.",
    ]);
    expect(review).not.toMatch(/leaves|joins|### People/);
  });

  it("shows a guard rail's refusal as its message alone", async () => {
    const review = await reviewOf(door, "refused");
    const failed = review.split("**The preview failed; nothing can be applied as it is:**\n\n")[1]?.split("\n\n")[0];
    expect(failed).toMatch(/^- Organization "acme": this change removes 3 of 6 members of team research \(50%\): fay, gus, hal; more than wandb:maxRemovalFraction \(25%\) allows\./);
    expect(failed?.split("\n")).toHaveLength(1);
    expect(review).not.toMatch(/grpc|has a problem|error:/);
  });

  it("leaves out what the engine echoes of a refusal while it shuts the run down, however many echoes it prints", async () => {
    const refused = JSON.parse(fixture(door, "refused")) as { diagnostics: { severity: string; message: string }[] };
    const echoes = ["grpc: the client connection is closing", "resource monitor shut down", "Resource monitor has terminated, shutting down"].map((echo) => ({
      severity: "error",
      message: `error: wandb:index:Organization resource 'acme' has a problem: ${echo}\n`,
    }));
    const withEchoes = JSON.stringify({ ...refused, diagnostics: [...refused.diagnostics, ...echoes] });
    expect(await reviewOf(door, "refused", withEchoes)).toBe(await reviewOf(door, "refused"));
  });

  it("shows a failed program's error as its message alone, without a traceback", async () => {
    const review = await reviewOf(door, "failed-lookup");
    const failed = review.split("**The preview failed; nothing can be applied as it is:**\n\n")[1]?.split("\n\n")[0] ?? "";
    expect(failed).toMatch(/^- getUser: no user with userName "nobody" in the W&amp;B organization at \S+ \(searched 10\)\./);
    expect(failed.split("\n")).toHaveLength(1);
    expect(failed).not.toMatch(/Traceback|File "|line \d+, in|__main__\.py|\bat \S+ \(\S+:\d+:\d+\)|Exception|Error|invoke of|error:/);
  });

  it("reviews changes made outside code, naming members by userName, and says what it cannot see", async () => {
    const review = await reviewOf(door, "drift");
    expectLines(review, [
      "## Access changed outside code",
      "**Not seen here:** on W&B's documented API, reading a user shows none of its roles, so an organization, team or registry role changed in the web application goes unnoticed",
      "- **eve**\n  - joins team research\n",
      "- **cy**\n  - leaves team solo\n",
      "**Totals:** 2 people gain or lose access",
      // The standalone user and team are outside the roster: the refreshed record (shown with --show-sames, as the drift watch runs) names them, cy added by hand.
      "### Outside code",
      "- user lee (lee@example.com)\n- team solo: members cy, lee (and 1 service account)\n",
    ]);
    expect(review).not.toMatch(/VXNlcj/);
  });
});

describe("one change, either door", () => {
  it.each(Object.keys(FIXTURES) as Scenario[])("reviews the %s preview of the dynamic door as that of the native plugin", async (scenario) => {
    expect(await reviewOf("dynamic", scenario)).toBe(await reviewOf("plugin", scenario));
  });
});

describe("names in the review are escaped for Markdown and HTML", () => {
  const HOSTILE = ["<!--", "**x**", "a|b", "`tick`", "[a](https://example.com)", "line\nbreak", "<script>alert(1)</script>", "a\u0007b\u009b\u007f"];

  it.each(DOORS)("a user, a team and a custom role named to forge the %s door's review read as their characters", async (door) => {
    let preview = fixture(door, "change");
    const renamed = { dee: HOSTILE.join(" "), research: "<!-- hidden", "Run operator": "## Guard rails\n- passed" };
    for (const [from, to] of Object.entries(renamed)) preview = preview.replaceAll(`"${from}"`, JSON.stringify(to));
    const review = await reviewOf(door, "change", preview);
    expect(review).toContain(
      "- **&lt;!-- \\*\\*x\\*\\* a\\|b \\`tick\\` \\[a\\](https://example.com) lineU+000Abreak &lt;script&gt;alert(1)&lt;/script&gt; aU+0007bU+009BU+007F**\n",
    );
    expect(review).toContain("- **&lt;!-- hidden**: added");
    expect(review).toContain("- **## Guard railsU+000A- passed**: permissions added project:update\n");
    expect(review).not.toMatch(/<!--|<script>|\n- passed/);
    expect(review.match(/^### Guard rails$/gm)).toHaveLength(1);
  });
});
