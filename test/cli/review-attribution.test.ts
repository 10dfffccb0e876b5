// `review --drift` with the W&B audit log a drift preview's roster record read (wandb:auditLog): each
// change outside code says who made it and when where the log has an entry, the time read once
// above; a log that could not be read is said once and the review is otherwise the same. The
// recorded drift preview (test/cli/fixtures) with a reading put in its refreshed record's state.
import { describe, expect, it } from "vitest";
import type { AuditLogReading } from "../../model/audit-attribution";
import { runCommand } from "../support/export-command";
import { fixture } from "../support/review-fixtures";

interface Step {
  op: string;
  newState?: { type: string; outputs?: Record<string, unknown> };
}

/** The dynamic door's drift preview, its refreshed roster record holding `reading`. */
function driftWith(reading: AuditLogReading): string {
  const preview = JSON.parse(fixture("dynamic", "drift")) as { steps: Step[] };
  const refreshed = preview.steps.find((step) => step.op === "refresh" && step.newState?.type.endsWith("RosterGuard"));
  if (refreshed?.newState?.outputs === undefined) throw new Error("the drift fixture has no refreshed roster record");
  refreshed.newState.outputs["auditLog"] = reading;
  return JSON.stringify(preview);
}

async function driftReview(previewJson: string): Promise<string> {
  const { code, out, err } = await runCommand(["review", "--drift", "-"], {}, process.cwd(), previewJson);
  expect(err).toEqual([]);
  expect(code).toBe(0);
  return `${out.join("\n")}\n`;
}

const WINDOW = { from: "2026-11-20T09:00:00.000Z", until: "2026-11-20T16:00:00.000Z" };

describe("review --drift with W&B's audit log", () => {
  it("says who made each change and when where the log has an entry, and since when where it has none", async () => {
    const review = await driftReview(
      driftWith({
        ...WINDOW,
        complete: true,
        entries: [
          { action: "team:uninvite", at: "2026-11-20T14:02:31Z", by: "ops@acme.example", userEmail: "eve@example.com", team: "research" },
          { action: "user:create", at: "2026-11-20T10:00:00Z", by: "eve@acme.example", userEmail: "lee@example.com" },
          { action: "team:create", at: "2026-11-20T10:05:00Z", by: "eve@acme.example", team: "solo" },
        ],
      }),
    );
    expect(review).toContain("**Who made each change:** W&B's audit log from 2026-11-20 09:00 UTC to 2026-11-20 16:00 UTC\n");
    expect(review).toContain("- **eve**\n  - joins team research (removed from the team by ops@acme.example, 2026-11-20 14:02 UTC)\n");
    expect(review).toContain("- **cy**\n  - leaves team solo (no entry in W&B's audit log since 2026-11-20 09:00 UTC)\n");
    expect(review).toContain("- user lee (lee@example.com) (added by eve@acme.example, 2026-11-20 10:00 UTC)\n");
    expect(review).toContain("- team solo: members cy, lee (and 1 service account) (made by eve@acme.example, 2026-11-20 10:05 UTC)\n");
  });

  it("a log that could not be read is said once, and nothing is attributed", async () => {
    const why = "W&B audit log GET /admin/audit_logs failed with HTTP 403. Organization-level admins can fetch audit logs";
    const review = await driftReview(driftWith({ ...WINDOW, complete: false, entries: [], unreadable: why }));
    expect(review.match(/could not be read/g)).toHaveLength(1);
    expect(review).toContain(`**W&B's audit log could not be read, so who made each change is not told:** ${why.replace("&", "&amp;").replace("_", "\\_")}\n`);
    const plain = await driftReview(fixture("dynamic", "drift"));
    expect(review.replace(/\*\*W&B's audit log could not be read[^\n]*\n\n/, "")).toBe(plain);
  });
});
