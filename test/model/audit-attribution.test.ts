// Who made a change outside code, from W&B's audit log: the latest entry of the documented action
// about the same user (email, any case) or team; "not in W&B's audit log" for what W&B does not log
// (team roles, custom roles, registry roles); the time read without an entry; nothing where the log
// was not read; and the once-said note, with names shown safely.
import { describe, expect, it } from "vitest";
import { ACCESS_ACTIONS, attributionOf, attributionText, readingLine, readingOf, unreadableReading, type AuditLogReading } from "../../model/audit-attribution";
import { WIRE } from "../support/audit-log-wire";

const reading = (entries: AuditLogReading["entries"]): AuditLogReading => ({ from: "2026-11-20T00:00:00.000Z", until: "2026-11-21T00:00:00.000Z", complete: true, entries });

describe("attribution from W&B's audit log", () => {
  it("every action it reads is one the page documents", () => {
    for (const action of ACCESS_ACTIONS) expect(WIRE.accessActions).toContain(action);
  });

  it("names the latest entry of the documented action about the same person, by email in any case", () => {
    const log = reading([
      { action: "organization:update_member", at: "2026-11-20T09:00:00Z", by: "ops@acme.example", userEmail: "ana@acme.example" },
      { action: "organization:update_member", at: "2026-11-20T14:02:31Z", by: "eve@acme.example", userEmail: "Ana@Acme.example" },
      { action: "organization:update_member", at: "2026-11-20T15:00:00Z", by: "eve@acme.example", userEmail: "bob@acme.example" },
    ]);
    const attribution = attributionOf("adminGranted", { email: "ana@acme.example" }, log);
    expect(attribution).toEqual({ said: "granted admin", by: "eve@acme.example", at: "2026-11-20 14:02 UTC" });
    expect(attributionText(attribution!)).toBe("granted admin by eve@acme.example, 2026-11-20 14:02 UTC");
  });

  it("a team by its exact name; a member by team and email together", () => {
    const log = reading([
      { action: "team:create", at: "2026-11-20T10:00:00Z", by: "eve@acme.example", team: "Research" },
      { action: "team:invite_user", at: "2026-11-20T10:01:00Z", by: "eve@acme.example", team: "Research", userEmail: "ana@acme.example" },
    ]);
    expect(attributionOf("teamMade", { team: "research" }, log)).toEqual({ noEntrySince: "2026-11-20 00:00 UTC" });
    expect(attributionOf("teamMade", { team: "Research" }, log)).toMatchObject({ by: "eve@acme.example" });
    expect(attributionOf("joinedTeam", { team: "Research", email: "ana@acme.example" }, log)).toMatchObject({ said: "added to the team" });
    expect(attributionOf("joinedTeam", { team: "Other", email: "ana@acme.example" }, log)).toEqual({ noEntrySince: "2026-11-20 00:00 UTC" });
  });

  it("says plainly what W&B does not log, read or not; nothing at all with the log off", () => {
    for (const kind of ["teamRoleChanged", "registryRoleChanged", "customRoleChanged"] as const) {
      expect(attributionText(attributionOf(kind, {}, reading([]))!)).toBe("not in W&B's audit log");
      expect(attributionOf(kind, {}, unreadableReading(0, 1, "403"))).toEqual({ notLogged: true });
      expect(attributionOf(kind, {}, undefined)).toBeUndefined();
    }
    expect(attributionOf("deactivated", { email: "a@b.c" }, unreadableReading(0, 1, "403"))).toBeUndefined();
  });

  it("keeps only the entries of access, the actor's email or else its id", () => {
    const kept = readingOf({
      from: Date.parse("2026-11-20T00:00:00Z"),
      until: Date.parse("2026-11-21T00:00:00Z"),
      complete: true,
      requests: 1,
      entries: [
        { action: "project:read", timestamp: "2026-11-20T01:00:00Z", actor_email: "ana@acme.example" },
        { action: "user:deactivate", timestamp: "2026-11-20T02:00:00Z", actor_user_id: "U2VydmljZUFjY291bnQ6MQ", user_email: "bob@acme.example" },
      ],
    });
    expect(kept.entries).toEqual([{ action: "user:deactivate", at: "2026-11-20T02:00:00Z", by: "user id U2VydmljZUFjY291bnQ6MQ", userEmail: "bob@acme.example" }]);
  });

  it("the note said once: the time read, that it may miss entries, or why it could not be read; names shown safely", () => {
    expect(readingLine(reading([]))).toBe("who made each change: W&B's audit log from 2026-11-20 00:00 UTC to 2026-11-21 00:00 UTC");
    expect(readingLine({ ...reading([]), complete: false })).toContain("as far as the requests allowed read it");
    expect(readingLine(unreadableReading(0, 1, "HTTP 403"))).toBe("W&B's audit log could not be read, so who made each change is not told: HTTP 403");
    expect(attributionText({ said: "added", by: "eve\u001b[31m@acme.example", at: "2026-11-20 14:02 UTC" })).toBe(
      "added by eve\\u001b[31m@acme.example (hides characters), 2026-11-20 14:02 UTC",
    );
  });
});
