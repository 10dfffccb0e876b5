// The access review of real previews, recorded from both doors by test/cli/review-recordings.test.ts:
// an adoption, a change of every kind of access, a rename of the component, a guard rail's refusal,
// a program that failed (from Python, with a traceback), and changes made outside code. No engine,
// no emulator: each review is the command run in process on a recorded file.
import { describe, expect, it } from "vitest";
import { UNKNOWN_VALUE } from "../../model/unknown-value";
import { runCommand } from "../support/export-command";
import { expectShownSafely, HOSTILE } from "../support/hostile-names";
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
  it("tells people adopted as W&B holds them from people joining, counts the roster's admins, and names the roles it could not verify", async () => {
    const review = await reviewOf(door, "adopt");
    expectLines(review, [
      "**Totals:** 1 person gains or loses access (1 joining the organization, 0 leaving it); 9 people adopted as W&B holds them; " +
        "1 team with members added or removed; 0 custom roles changed.",
      "- acme: passed: 2 organization admins in the roster (admin, breakglass-admin); wandb:minAdmins is 1",
      "- **ana**\n  - adopted as member: taken over as W&B holds them\n  - in team research, adopted with it\n" +
        "  - team research: role admin, adopted with them as declared (not verified)\n",
      "- **breakglass-admin**\n  - adopted as admin: taken over as W&B holds them\n",
      "- **research**: adopted with its members ana, Bo.Chen, eve, fay, gus, hal\n",
      // lee is the one person who joins: declared on its own, created into a team that names it by an id not known yet.
      "- **lee**\n  - joins the organization\n  - joins team solo\n",
      "- **solo**: added lee\n",
      // Custom roles W&B holds are adopted, not created.
      "- **Auditor**: adopted as W&B holds it\n- **Run operator**: adopted as W&B holds it\n",
      // The roles W&B's documented API does not show, which the roster declares: recorded as declared, one line per kind.
      "### Roles recorded as declared, not verified",
      "- organization roles: admin as admin, ana as member, breakglass-admin as admin, cy as member, eve as member, fay as member, gus as member, hal as member\n" +
        "- custom organization roles: Bo.Chen as Run operator\n" +
        "- team roles: ana in team research as admin, cy in team ML Platform as Run operator\n" +
        "- registry roles: Bo.Chen in registry models as admin\n",
    ]);
    expect(review.match(/joins the organization/g)).toHaveLength(1);
    expect(review).not.toMatch(/gains role|else joins/);
    expect(review).not.toContain(UNKNOWN_VALUE);
    expect(review).not.toMatch(/organization admins in the roster \(none\)/);
  });

  it("words an adoption the preview could not look up in W&B (its check left `adopted` out) as either, and counts it apart", async () => {
    const recorded = JSON.parse(fixture(door, "adopt")) as { steps: { newState?: { inputs?: Record<string, unknown> } }[] };
    for (const step of recorded.steps) delete step.newState?.inputs?.["adopted"];
    const review = await reviewOf(door, "adopt", JSON.stringify(recorded));
    expectLines(review, [
      "**Totals:** 1 person gains or loses access (1 joining the organization, 0 leaving it); 9 people adopted if W&B holds them, else joining (the preview could not look); " +
        "1 team with members added or removed; 2 custom roles changed.",
      "- **ana**\n  - adopted as member: taken over if W&B holds them, else joins the organization\n" +
        "  - in team research, adopted with it if W&B holds it, else joins it\n" +
        "  - team research: role admin, adopted with them if W&B holds them (as declared, not verified), else gained\n",
      "- **Auditor**: adopted if W&B holds it, else created; permissions added project:update\n",
    ]);
    expect(review).not.toMatch(/taken over as W&B holds them/);
  });

  it("reviews a change of every kind of access, naming users created into a team by the id they will have; under adoptExisting, a new user and team are created", async () => {
    const review = await reviewOf(door, "change");
    expectLines(review, [
      "**Totals:** 6 people gain or lose access (2 joining the organization, 1 leaving it); 3 teams with members added or removed; 1 custom role changed. Resources: 5 to create, 1 to delete, 5 to update.",
      "- acme: passed: 3 organization admins in the roster (admin, ana, breakglass-admin); wandb:minAdmins is 1",
      "- acme: passed: removes 1 of 6 members of team research (17%): hal; wandb:maxRemovalFraction is 25%",
      "- **ana**\n  - organization role member → admin\n",
      "- **cy**\n  - joins team vision\n  - registry models: gains role viewer\n",
      // dee is new to W&B: declared with adoptExisting, created, joining; vision likewise, its members joining.
      "- **dee**\n  - joins the organization as member\n  - joins team research\n  - joins team vision\n",
      "- **eve**\n  - team research: gains role admin\n",
      "- **hal**\n  - leaves the organization (was member)\n  - leaves team research\n",
      "- **kim**\n  - joins the organization\n  - joins team solo\n",
      "- **research**: added dee; removed hal\n",
      "- **solo**: added kim\n",
      "- **vision**: added cy, dee\n",
      "- **Run operator**: permissions added project:update\n",
    ]);
    expect(review).not.toMatch(/adopted|not verified/);
    expect(review).not.toContain(UNKNOWN_VALUE);
    expect(review).not.toMatch(/VXNlcj/);
  });

  it("reads a renamed component as renames in code, not as everyone leaving and joining", async () => {
    const review = await reviewOf(door, "rename");
    expectLines(review, [
      "19 resources renamed in code. Resources: 20 to create, 20 to delete.",
      "**Totals:** 0 people gain or lose access (0 joining the organization, 0 leaving it); 0 teams with members added or removed;",
      "- User acme/ana → acme-renamed/ana\n",
      "- Team acme/research → acme-renamed/research\n",
      "- RosterGuard acme/guard → acme-renamed/guard\n",
      // Their assignments too, though the new ones name their users by ids not known yet.
      "- TeamRoleAssignment acme/research/ana → acme-renamed/research/ana\n",
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
      "- **&lt;!-- \\*\\*x\\*\\* a\\|b \\`tick\\` \\[a\\](https://example.com) line\\\\u000abreak &lt;script&gt;alert(1)&lt;/script&gt; a\\\\u0007b\\\\u009b\\\\u007f (hides characters)**\n",
    );
    expect(review).toContain("- **&lt;!-- hidden**: added");
    expect(review).toContain("- **## Guard rails\\\\u000a- passed (hides characters)**: permissions added project:update\n");
    expect(review).not.toMatch(/<!--|<script>|\n- passed/);
    expect(review.match(/^### Guard rails$/gm)).toHaveLength(1);
  });
});

describe("names made in the web application read safely in the review's Outside code", () => {
  // A report as the roster's record keeps it, naming what people made by hand with names the roster's check never saw.
  const report = {
    admins: [{ userName: HOSTILE.escape, email: "esc@acme.example", organizationRole: "admin", declared: false }],
    users: [
      { userName: HOSTILE.bell, email: "bell@acme.example", organizationRole: "member" },
      { userName: HOSTILE.mention, email: "team@acme.example" },
      { userName: HOSTILE.html, email: "html@acme.example" },
    ],
    teams: [{ name: HOSTILE.bidi, members: [HOSTILE.zeroWidth, HOSTILE.mention, HOSTILE.escape], serviceAccounts: 1 }],
    customRoles: [{ name: HOSTILE.issue, inheritedFrom: "member", permissions: ["run:stop"] }],
    idpTeams: [{ name: HOSTILE.mention, members: [HOSTILE.bidi], notInRoster: [HOSTILE.bidi], notInTeam: [] }],
    missingUsers: [{ userName: HOSTILE.zeroWidth, email: "zw@acme.example" }],
    inactive: [],
    activity: [],
    activityUnreported: [],
    ignored: 0,
    listed: { users: 12 },
  };

  /** The recorded preview with this report in every state of the roster's record (a refresh's too). */
  function withReport(door: Door, scenario: Scenario): string {
    const preview = JSON.parse(fixture(door, scenario)) as { steps: { oldState?: { urn: string; outputs?: Record<string, unknown> }; newState?: { urn: string; outputs?: Record<string, unknown> } }[] };
    let recorded = 0;
    for (const step of preview.steps) {
      for (const state of [step.oldState, step.newState]) {
        if (state?.urn.endsWith("::acme/guard") && state.outputs?.outside !== undefined) {
          state.outputs.outside = report;
          recorded += 1;
        }
      }
    }
    expect(recorded).toBeGreaterThan(0);
    return JSON.stringify(preview);
  }

  it.each([
    ["change", "review"],
    ["drift", "review --drift"],
  ] as const)("the %s preview's %s: no control, zero-width or bidi character raw, no HTML, no @mention, no issue reference", async (scenario, command) => {
    expect(command.endsWith("--drift")).toBe(FIXTURES[scenario].drift);
    for (const door of DOORS) {
      const review = await reviewOf(door, scenario, withReport(door, scenario));
      const outside = review.slice(review.indexOf("### Outside code"));
      expectShownSafely(review, { markdown: true });
      expect(outside).toContain(
        "- **Warning:** red\\\\u001b\\[31mteam (hides characters) (esc@acme.example) is an organization admin the roster does not declare\n",
      );
      expect(outside).toContain("- user ding\\\\u0007dong (hides characters) (bell@acme.example, organization role member)\n");
      // In a code span GitHub neither notifies @team nor links issue 123.
      expect(outside).toContain("- user `@team` (team@acme.example)\n");
      expect(outside).toContain("- user &lt;img src=x onerror=alert(1)&gt; (html@acme.example)\n");
      expect(outside).toContain(
        "- team admin\\\\u202enimda (hides characters): members ana\\\\u200blee (hides characters), `@team`, red\\\\u001b\\[31mteam (hides characters) (and 1 service account)\n",
      );
      expect(outside).toContain("- custom role fix `#123`: member plus run:stop\n");
      expect(outside).toContain("- team `@team`: in the team, not in the roster's list: admin\\\\u202enimda (hides characters)\n");
      expect(outside).toContain("- user ana\\\\u200blee (hides characters) (zw@acme.example) is declared, and W&B does not list it");
    }
  });

  it("a person, a team and a custom role of the change named so read safely where the review names them", async () => {
    for (const door of DOORS) {
      let preview = fixture(door, "change");
      const renamed = { dee: HOSTILE.mention, research: HOSTILE.bidi, "Run operator": `${HOSTILE.escape} ${HOSTILE.bell} ${HOSTILE.zeroWidth}` };
      for (const [from, to] of Object.entries(renamed)) preview = preview.replaceAll(`"${from}"`, JSON.stringify(to));
      const review = await reviewOf(door, "change", preview);
      expectShownSafely(review, { markdown: true });
      expect(review).toContain("- **`@team`**\n");
      expect(review).toContain("- **admin\\\\u202enimda (hides characters)**: ");
      expect(review).toContain("- **red\\\\u001b\\[31mteam ding\\\\u0007dong ana\\\\u200blee (hides characters)**: permissions added project:update\n");
    }
  });
});
