// The RosterGuard's diff is its table's (model/shapes/roster-guard): sets compare as sets (each
// team's members too), records and policies by value whatever their order, and what the provider
// sets at check (verdicts, the plan's parts it does not act on) is never a change.
import { describe, expect, it } from "vitest";
import { rosterGuardOutputs, type RosterGuardOutputs } from "../../../model/shapes/roster-guard";
import { rosterGuard } from "../../../provider/resources/roster-guard";
import { unconfiguredOperation } from "../../support/provider";

const RECORD = rosterGuardOutputs.parse({
  organization: "acme",
  users: ["ana", "bo", "cy"],
  admins: ["ana", "bo"],
  teams: { ml: ["ana", "bo"], research: ["cy"] },
  emails: { ana: "ana@example.com", bo: "bo@example.com" },
  customRoles: ["auditor", "editor"],
  idpTeams: { platform: ["cy", "bo"] },
  outsideCode: { users: "report", teams: "report", customRoles: "report", ignore: ["ci-*"], usersFrom: "code" },
  verdicts: ["no admin removed"],
});

const changes = async (news: Partial<RosterGuardOutputs>) => (await rosterGuard.diff(unconfiguredOperation(), "acme", RECORD, { ...RECORD, ...news })).changes;

describe("the RosterGuard's diff", () => {
  it("sees no change in another order: of users, admins, custom roles, each team's members, the emails, the policy's keys", async () => {
    expect(
      await changes({
        users: ["cy", "bo", "ana"],
        admins: ["bo", "ana"],
        customRoles: ["editor", "auditor"],
        teams: { research: ["cy"], ml: ["bo", "ana"] },
        idpTeams: { platform: ["bo", "cy"] },
        emails: { bo: "bo@example.com", ana: "ana@example.com" },
        outsideCode: { usersFrom: "code", ignore: ["ci-*"], customRoles: "report", teams: "report", users: "report" },
      }),
    ).toBe(false);
  });

  it("sees a change of each set, of a team's members, of an email and of the policy", async () => {
    expect(await changes({ users: ["ana", "bo"] })).toBe(true);
    expect(await changes({ admins: ["ana"] })).toBe(true);
    expect(await changes({ customRoles: ["auditor"] })).toBe(true);
    expect(await changes({ teams: { ml: ["ana"], research: ["cy"] } })).toBe(true);
    expect(await changes({ teams: { ml: ["ana", "bo"], research: ["cy"], new: [] } })).toBe(true);
    expect(await changes({ idpTeams: {} })).toBe(true);
    expect(await changes({ emails: { ana: "ana@example.com", bo: "bo@example.org" } })).toBe(true);
    expect(await changes({ outsideCode: { ...RECORD.outsideCode, users: "deactivate" } })).toBe(true);
  });

  it("sees no change in what the provider sets at check alone", async () => {
    expect(await changes({ verdicts: ["another verdict"], stackUsers: ["dee"] })).toBe(false);
  });
});
