// What a roster drops that stays in W&B because the identity provider owns it (issue 41): judged
// from the guard record before and after, no removal for the guard rails, and said so.
import { describe, expect, it } from "vitest";
import type { GuardRailSettings } from "../../service/config";
import { judgeRosterChange } from "../../model/guard-rails";
import { leftToIdentityProvider, leftToIdentityProviderLines, ownershipRecordSchema, type OwnershipRecord } from "../../model/left-to-identity-provider";

const DEFAULTS: GuardRailSettings = { minAdmins: 0, maxRemovalFraction: 0.25, protectSelf: true, selfUnknown: false, self: undefined };

const record = (changes: Partial<OwnershipRecord> = {}): OwnershipRecord => ({
  users: ["ana", "bo", "cy"],
  teams: { lab: ["ana"] },
  idpTeams: { "sso-ml": ["ana", "bo"], "sso-ops": [] },
  outsideCode: { usersFrom: "idp" },
  ...changes,
});

describe("leftToIdentityProvider", () => {
  it("names the identity provider's teams the roster drops, not one it now writes itself, nor a code team", () => {
    const after = record({ teams: {}, idpTeams: {} });
    expect(leftToIdentityProvider(record(), after).teams).toEqual(["sso-ml", "sso-ops"]);
    const toCode = record({ teams: { lab: ["ana"], "sso-ml": ["ana", "bo"] }, idpTeams: {} });
    expect(leftToIdentityProvider(record(), toCode).teams).toEqual(["sso-ops"]);
  });

  it("with usersFrom: idp, names the users the roster drops (userNames ignoring case); with usersFrom: code, none", () => {
    expect(leftToIdentityProvider(record(), record({ users: ["ANA"] })).users).toEqual(["bo", "cy"]);
    const code = record({ outsideCode: { usersFrom: "code" } });
    expect(leftToIdentityProvider(code, record({ users: ["ana"] })).users).toEqual([]);
  });

  it("a destroy leaves every one of them; a first run, or an earlier release's record, leaves nothing", () => {
    expect(leftToIdentityProvider(record(), undefined)).toEqual({ users: ["ana", "bo", "cy"], teams: ["sso-ml", "sso-ops"] });
    expect(leftToIdentityProvider(undefined, record())).toEqual({ users: [], teams: [] });
    const earlier = ownershipRecordSchema.parse({ users: ["ana"], admins: [], teams: {} });
    expect(leftToIdentityProvider(earlier, undefined)).toEqual({ users: [], teams: [] });
  });

  it("says what is left and why: a line per team, one for the users, at most ten named", () => {
    const users = Array.from({ length: 12 }, (_, i) => `u${String(i).padStart(2, "0")}`);
    expect(leftToIdentityProviderLines("acme", { teams: ["sso-ml"], users })).toEqual([
      'Organization "acme": team sso-ml is no longer in the roster, and is left in W&B as it is, with its members: they are the identity ' +
        "provider's (membersFrom: idp); nothing is written to it. The W&B API cannot delete teams: delete it in the W&B web application if it is no longer needed.",
      'Organization "acme": 12 users u00, u01, u02, u03, u04, u05, u06, u07, u08, u09 and 2 more, no longer in the roster, stay in the ' +
        "organization: the identity provider creates and removes the users (usersFrom: idp); deprovision them there if they should go. " +
        "Only the roles the roster gave them are taken back.",
    ]);
    expect(leftToIdentityProviderLines("acme", { teams: [], users: [] })).toEqual([]);
  });
});

describe("the guard rails", () => {
  const access = { users: ["ana", "bo", "cy"], admins: [], teams: {} };
  it("count no removal of a user the roster drops and W&B keeps (usersFrom: idp); a user removed beside it still counts", () => {
    const left = judgeRosterChange("acme", access, { ...access, users: ["ana", "bo"] }, DEFAULTS, undefined, ["cy"]);
    expect(left.refusals).toEqual([]);
    expect(left.verdicts).toContain("passed: removes nobody; wandb:maxRemovalFraction is 25%");
    // The same drop where the roster creates the users: 1 of 3 (33%).
    expect(judgeRosterChange("acme", access, { ...access, users: ["ana", "bo"] }, DEFAULTS).refusals).toEqual([expect.stringContaining("removes 1 of 3 users (33%): cy")]);
    const both = judgeRosterChange("acme", access, { ...access, users: ["ana"] }, DEFAULTS, undefined, ["cy"]);
    expect(both.refusals).toEqual([expect.stringContaining("removes 1 of 3 users (33%): bo;")]);
  });
});
