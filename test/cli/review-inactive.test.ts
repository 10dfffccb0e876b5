// The drift review's "Not active in N days" section, on a recorded refreshing preview
// (test/cli/fixtures, recorded with `--show-sames` as the drift watch runs it) without its `same`
// steps, as it prints without `--show-sames`, and with `same` steps made to start from the states
// the refresh read, with the activity each case needs.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fixture } from "../support/review-fixtures";
import { reviewOf } from "../support/review";

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().replace(/\.\d+Z$/, "Z");

const recorded = z.looseObject({
  steps: z.array(z.looseObject({ op: z.string(), urn: z.string(), oldState: z.looseObject({ type: z.string(), outputs: z.record(z.string(), z.unknown()).default({}) }).nullish() })),
});

/** The recorded drift preview as `pulumi preview` prints it without `--show-sames`. */
function withoutSames() {
  const preview = recorded.parse(JSON.parse(fixture("dynamic", "drift")));
  return { ...preview, steps: preview.steps.filter((step) => step.op !== "same") };
}

/** The recorded drift preview, with a `same` step after each user's refresh, its state holding the activity `activity` gives the user. */
function withSames(activity: Record<string, Record<string, unknown> | undefined>, renamed: Record<string, string> = {}): string {
  const preview = withoutSames();
  const sames = preview.steps.flatMap((step) => {
    const state = step.oldState;
    const userName = state?.outputs["userName"];
    if (step.op !== "refresh" || state === undefined || state === null || !state.type.endsWith(":User") || typeof userName !== "string") return [];
    const outputs = { ...state.outputs, ...activity[userName], userName: renamed[userName] ?? userName };
    return [{ op: "same", urn: step.urn, oldState: { ...state, outputs }, newState: { type: state.type, inputs: {} } }];
  });
  return JSON.stringify({ ...preview, steps: [...preview.steps, ...sames] });
}

const section = (review: string) => review.split(/^### Not active in \d+ days$/m)[1] ?? "";

describe("review --drift: the people not active lately", () => {
  it("without --show-sames the preview prints no refreshed user: it says so, and lists nobody", async () => {
    const review = await reviewOf(JSON.stringify(withoutSames()), ["--drift"]);
    expect(review).toContain("### Not active in 90 days");
    expect(section(review)).toContain("- nobody\n");
    expect(section(review)).toMatch(/\*\*Not seen here:\*\* 10 users whose refreshed state the preview does not print: run it with `--show-sames`/);
  });

  it("lists those last active before N days ago and those never active, by userName, escaped; not the active, the deactivated or the unreported", async () => {
    // Each made before its last activity: a time before the creation tells nothing (model/activity).
    const activity = (days: number) => ({ daysActive: 12, lastActiveAt: daysAgo(days), createdAt: daysAgo(500) });
    const preview = withSames(
      {
        ana: activity(200),
        "Bo.Chen": activity(10),
        cy: { daysActive: 0 },
        eve: activity(45),
        fay: { ...activity(400), active: false },
        admin: activity(1),
        "breakglass-admin": activity(100),
        gus: activity(2),
        hal: activity(3),
        // As an older W&B answers: no activity reported (undefined drops out of the recorded JSON).
        lee: { daysActive: undefined, lastActiveAt: undefined },
      },
      { cy: "cy <!-- *x*" },
    );
    const defaults = section(await reviewOf(preview, ["--drift"]));
    expect(defaults.split("\n").filter((line) => line.startsWith("- "))).toEqual([
      `- **ana**: last active ${daysAgo(200).slice(0, 10)} (200 days ago)`,
      `- **breakglass-admin**: last active ${daysAgo(100).slice(0, 10)} (100 days ago)`,
      "- **cy &lt;!-- \\*x\\***: never active",
    ]);
    // lee is the one user whose state carries no activity (not reported by W&B).
    expect(defaults).toContain("1 user with no activity reported by W&B, not listed.");
    expect(defaults).not.toContain("Not seen here");

    const month = await reviewOf(preview, ["--drift", "--inactive-days", "30"]);
    expect(month).toContain("### Not active in 30 days");
    expect(section(month).match(/^- \*\*[^*]+(\\\*x\\\*)?\*\*/gm)).toEqual(["- **ana**", "- **breakglass-admin**", "- **cy &lt;!-- \\*x\\***", "- **eve**"]);
  });

  it("is only in the drift review", async () => {
    expect(await reviewOf(withSames({ ana: { daysActive: 0 } }))).not.toContain("Not active in");
  });

  it("reads the people of an OrganizationMembers as it reads Users: each by their own activity", async () => {
    const type = "wandb:index:OrganizationMembers";
    const urn = "urn:pulumi:prod::org::wandb:index:OrganizationMembers::people";
    const person = (id: string, activity: Record<string, unknown>) => ({ id, email: `${id}@acme.example`, active: true, createdAt: daysAgo(500), ...activity });
    const members = {
      old: person("id-old", { daysActive: 3, lastActiveAt: daysAgo(200) }),
      recent: person("id-recent", { daysActive: 9, lastActiveAt: daysAgo(2) }),
      never: person("id-never", { daysActive: 0 }),
      gone: person("id-gone", { daysActive: 1, lastActiveAt: daysAgo(300), active: false }),
    };
    const state = { type, inputs: { members: {} }, outputs: { members } };
    const preview = JSON.stringify({ steps: [{ op: "refresh", urn, oldState: state }, { op: "same", urn, oldState: state, newState: { type, inputs: {} } }], changeSummary: { same: 1 } });
    const lines = section(await reviewOf(preview, ["--drift"])).split("\n").filter((line) => line.startsWith("- "));
    expect(lines).toEqual([`- **never**: never active`, `- **old**: last active ${daysAgo(200).slice(0, 10)} (200 days ago)`]);
  });
});
