// The guard rails on what a roster's expiries take away and on its required admins, as the
// RosterGuard's check judges them (no engine: test/lifecycle/expiry.test.ts runs them through it).
import { describe, expect, it } from "vitest";
import type { GuardRailSettings } from "../../../service/config";
import { judgeRosterChange, liveCountOf, rosterAccessOf, type RosterAccess } from "../../../model/guard-rails";
import type { JudgedExpiry } from "../../../model/expiry";
import { rosterAsOf } from "../../../model/roster/as-of";
import { validateRoster } from "../../../model/roster/roster";

const SETTINGS: GuardRailSettings = { minAdmins: 1, maxRemovalFraction: 1, protectSelf: true, selfUnknown: false, self: "ops" };
const BEFORE: RosterAccess = { users: ["ops", "ada", "bob", "cy"], admins: ["ops", "ada", "cy"], teams: { ml: ["ops", "ada", "bob", "cy"] } };
const expired = (more: Partial<JudgedExpiry>): JudgedExpiry => ({ grant: "team", user: "ops", scope: "ml", expires: "2025-03-01", at: 'teams "ml", member "ops": expires', expired: true, ...more });

describe("the acting user's access never expires by itself", () => {
  it("an expired grant of the acting user is refused, naming the user, each grant and where it is declared", () => {
    const after = { ...BEFORE, teams: { ml: ["ada", "bob", "cy"] }, expiries: [expired({})] };
    const judged = judgeRosterChange("acme", BEFORE, after, SETTINGS);
    expect(judged.refusals).toEqual([
      'Organization "acme": this change takes away access of ops, the user the provider acts as (wandb:username), whose grants expired: ' +
        'membership of team ml, expired on 2025-03-01 (teams "ml", member "ops": expires). The acting user\'s access never expires by itself: the run ' +
        "could lose its own access. Remove the expiry (or the grant) from the roster. If it is meant, let this one run through with `WANDB_PROTECT_SELF=false pulumi up` " +
        "(when the stack config does not set wandb:protectSelf; `pulumi config set wandb:protectSelf <value>` changes it for good).",
    ]);
    expect(judged.verdicts).toContain("refused: an expiry takes access away from ops, the user the provider acts as");
  });

  it("said once for a user whose own access and admin grant expired, not again as a removal or a demotion", () => {
    const after = { users: ["ada", "bob", "cy"], admins: ["ada", "cy"], teams: BEFORE.teams, expiries: [expired({ grant: "user", scope: undefined, at: 'users[0] "ops": expires' })] };
    const judged = judgeRosterChange("acme", BEFORE, after, SETTINGS);
    expect(judged.refusals).toHaveLength(1);
    expect(judged.refusals[0]).toContain("whose grants expired: access to the organization (deactivated then), expired on 2025-03-01");
  });

  it("let through with wandb:protectSelf false; another user's expiry is no refusal", () => {
    const after = { ...BEFORE, teams: { ml: ["ada", "bob", "cy"] }, expiries: [expired({})] };
    expect(judgeRosterChange("acme", BEFORE, after, { ...SETTINGS, protectSelf: false }).refusals).toEqual([]);
    const others = { ...BEFORE, teams: { ml: ["ops", "ada", "cy"] }, expiries: [expired({ user: "bob" })] };
    expect(judgeRosterChange("acme", BEFORE, others, SETTINGS).refusals).toEqual([]);
  });
});

describe("what expires is judged as any other removal", () => {
  const roster = validateRoster({
    users: [
      { userName: "ops", email: "ops@example.com", organizationRole: "admin" },
      { userName: "ada", email: "ada@example.com", organizationRole: "admin", organizationRoleExpires: "2025-03-01" },
      { userName: "bob", email: "bob@example.com", expires: "2025-03-01" },
      { userName: "cy", email: "cy@example.com" },
    ],
    teams: [{ name: "ml", members: ["ops", "ada", { user: "bob", expires: "2025-03-01" }, "cy"] }],
  });
  const judge = (settings: Partial<GuardRailSettings>) => {
    const asOf = rosterAsOf(roster, Date.parse("2025-03-02T00:00:00Z"));
    return judgeRosterChange("acme", rosterAccessOf(roster), { ...rosterAccessOf(asOf.roster), expiries: asOf.expiries }, { ...SETTINGS, ...settings });
  };

  it("a deactivated user and a left membership count against wandb:maxRemovalFraction; a lost admin grant against wandb:minAdmins", () => {
    expect(judge({ maxRemovalFraction: 0.2 }).refusals).toEqual([
      expect.stringContaining("this change removes 1 of 4 users (25%): bob"),
      expect.stringContaining("this change removes 1 of 4 members of team ml (25%): bob"),
    ]);
    expect(judge({ minAdmins: 2 }).refusals).toEqual([expect.stringContaining("this change removes or demotes the admin ada, leaving 1 organization admin in the roster (ops)")]);
    expect(judge({}).refusals).toEqual([]);
  });
});

describe("requiredAdmins", () => {
  const after = (more: Partial<RosterAccess>) => ({ ...BEFORE, ...more, requiredAdmins: ["ada", "cy"] });

  it("passes while each is an active admin, and says so", () => {
    expect(judgeRosterChange("acme", BEFORE, after({}), SETTINGS).verdicts).toContain("passed: the required admins (requiredAdmins) stay organization admins: ada, cy");
  });

  it("a change that demotes one or takes away its access is refused, naming each and why, even on a first run", () => {
    const judged = judgeRosterChange("acme", undefined, after({ users: ["ops", "ada", "bob"], admins: ["ops"] }), SETTINGS);
    expect(judged.refusals).toEqual([
      'Organization "acme": this change demotes or deactivates ada (no longer an admin in the roster), cy (no longer an active user of the roster), listed in ' +
        "requiredAdmins: each must stay an active organization admin. Keep them admins, match them with outsideCode.ignore where deactivateInactiveAfterDays " +
        "would take them, or remove them from requiredAdmins first.",
    ]);
    expect(judged.verdicts).toContain("refused: takes organization admin away from required admins: ada (no longer an admin in the roster), cy (no longer an active user of the roster)");
  });

  it("one the run deactivates for inactivity is refused too", () => {
    const live = liveCountOf([{ userName: "cy", active: true, organizationRole: "admin" }]);
    const outside = { deactivating: [], deletingRoles: [], live, inactive: { days: 90, users: [{ userName: "cy", organizationRole: "admin" }] } };
    expect(judgeRosterChange("acme", BEFORE, after({}), SETTINGS, outside).refusals).toContain(
      'Organization "acme": this change demotes or deactivates cy (deactivated by this run), listed in requiredAdmins: each must stay an active organization admin. ' +
        "Keep them admins, match them with outsideCode.ignore where deactivateInactiveAfterDays would take them, or remove them from requiredAdmins first.",
    );
  });
});
