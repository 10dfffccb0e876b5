// The access review of what an Organization's record plans to change in W&B (issue 41): each
// person deactivated, with why, counted among those who lose access; each custom role deleted, with
// its holders and the role they fall back to; each reactivation; the acting user kept, not counted.
import { describe, expect, it } from "vitest";
import type { AccessPlan } from "../../model/outside-code";
import { reviewOf } from "../support/review";

const URN = "urn:pulumi:prod::org::wandb:index:Organization$wandb:index:RosterGuard::acme/guard";
const RECORD = { organization: "acme", users: ["ana"], admins: [], teams: {}, emails: { ana: "ana@acme.example" }, customRoles: [], idpTeams: {} };

function previewPlanning(planned: AccessPlan, days?: number): string {
  const outsideCode = { users: "deactivate", teams: "report", customRoles: "delete", ignore: [], usersFrom: "code", ...(days === undefined ? {} : { deactivateInactiveAfterDays: days }) };
  const state = (inputs: Record<string, unknown>) => ({ type: "wandb:index:RosterGuard", id: "acme", inputs, outputs: inputs });
  return JSON.stringify({
    steps: [{ op: "update", urn: URN, oldState: state({ ...RECORD, outsideCode }), newState: state({ ...RECORD, outsideCode, planned, verdicts: ["passed: removes 2 of the 10 users W&B lists (20%)"] }) }],
    changeSummary: { update: 1, same: 3 },
  });
}

const section = (markdown: string, heading: string) => markdown.split(/^### /m).find((each) => each.startsWith(heading)) ?? "";

describe("review: what an Organization's record plans to change", () => {
  it("names and counts each person it deactivates, with why; the acting user is kept and not counted", async () => {
    const markdown = await reviewOf(
      previewPlanning(
        {
          deactivate: [
            { userName: "dee", email: "dee@acme.example", reason: "outsideCode" },
            { userName: "old", email: "old@acme.example", reason: "inactive", lastActiveAt: "2026-05-01T10:00:00Z" },
          ],
          waiting: [{ userName: "new", email: "new@acme.example", reason: "outsideCode" }],
          reactivate: [],
          deleteRoles: [],
          kept: [{ userName: "admin", reason: "the user the provider acts as: never deactivated" }],
        },
        90,
      ),
    );
    const people = section(markdown, "People");
    expect(people).toContain("- **dee**\n  - is deactivated: not declared in the roster (outsideCode.users: deactivate)");
    expect(people).toContain("- **old**\n  - is deactivated: not active in 90 days (last active 2026-05-01)");
    expect(people).toMatch(/- \*\*new\*\*\n {2}- qualifies for deactivation since the last run \(not declared in the roster .*\): left for the next run/);
    expect(people).toContain("- **admin**\n  - kept: the user the provider acts as: never deactivated");
    expect(markdown).toMatch(/\*\*Totals:\*\* 2 people gain or lose access \(0 joining the organization, 2 leaving it\)/);
  });

  it("names each custom role it deletes, its holders and the role they fall back to; and each reactivation", async () => {
    const markdown = await reviewOf(
      previewPlanning({
        deactivate: [],
        waiting: [],
        reactivate: [{ userName: "bo", email: "bo@acme.example" }],
        deleteRoles: [{ name: "Deleter", inheritedFrom: "member", holders: ["hal"] }],
        kept: [],
      }),
    );
    expect(section(markdown, "Custom roles")).toMatch(/- \*\*Deleter\*\*: deleted; not declared in the roster \(outsideCode.customRoles: delete\); held by hal; each holder falls back to member/);
    expect(section(markdown, "People")).toContain("- **hal**\n  - organization role Deleter → member (the custom role is deleted)");
    expect(section(markdown, "People")).toContain("- **bo**\n  - is reactivated");
    expect(markdown).toMatch(/1 custom role changed/);
  });

  it("past GitHub's 65,536 characters, lists each section's first entries, counts the rest, and says how to print it whole", async () => {
    const deactivate = Array.from({ length: 3_000 }, (_, i) => ({ userName: `contractor-${i}`, email: `contractor-${i}@acme.example`, reason: "outsideCode" as const }));
    const preview = previewPlanning({ deactivate, waiting: [], reactivate: [], deleteRoles: [], kept: [] });
    const fitted = await reviewOf(preview);
    expect(fitted.length).toBeLessThanOrEqual(65_536);
    expect(fitted).toMatch(/^> This review has [\d,]+ characters, past the 65,536 a GitHub comment takes: .*`npx pulumi-wandb review --whole -` prints it whole\./);
    expect(fitted).toMatch(/\*\*Totals:\*\* 3000 people gain or lose access \(0 joining the organization, 3000 leaving it\)/);
    expect(section(fitted, "People")).toMatch(/- … and 2950 more, in the full review/);
    const whole = await reviewOf(preview, ["--whole"]);
    expect(whole.length).toBeGreaterThan(65_536);
    expect(section(whole, "People")).toContain("- **contractor-999**");
  });
});

describe("review: a failed preview", () => {
  it("says each distinct error once, with how many resources reported it; the drift review's inactive people could not be read", async () => {
    const message = "error: wandb:index:User resource 'u' has a problem: W&B SCIM GET /scim/Users failed with HTTP 401. Authentication failed.";
    const preview = JSON.stringify({ diagnostics: Array.from({ length: 80 }, () => ({ severity: "error", message })), steps: [] });
    const pullRequest = await reviewOf(preview);
    expect(pullRequest.match(/HTTP 401/g)).toHaveLength(1);
    expect(pullRequest).toContain("(reported 80 times, by as many resources)");
    const drift = await reviewOf(preview, ["--drift"]);
    expect(drift).toContain("- could not be read: the preview failed before it read the users (above)");
    expect(drift).not.toContain("- nobody");
  });
});
