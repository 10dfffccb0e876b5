// Who `deactivateInactiveAfterDays` deactivates, from the listings alone: the active users, declared
// or not, not active in N days (someone never active only once created N days ago); never an ignored
// one, a service account, the user the provider acts as, or one whose activity W&B does not report.
// How the guard rails judge them with the roster's removals, how the roster key is checked, and why
// a User the roster deactivated is not reactivated by its own diff.
import { describe, expect, it } from "vitest";
import { DAY_MS } from "../../model/activity";
import { judgeRosterChange, rosterAccessOf } from "../../model/guard-rails";
import { declaredOf, inactiveUsersToDeactivate, outsideCodeLines, outsideCodeRecordOf, outsideCodeUnder, type ListedOrganization } from "../../model/outside-code";
import { parseRoster } from "../../model/roster/roster";
import { declaredActivity, userInputs } from "../../model/shapes/user";
import type { ScimUser } from "../../service/model";

const NOW = Date.parse("2025-06-01T00:00:00Z");
const daysAgo = (days: number) => new Date(NOW - days * DAY_MS).toISOString();

const ROSTER = `users:
  - { userName: ana, email: ana@acme.example, organizationRole: admin }
  - { userName: bo, email: bo@acme.example }
deactivateInactiveAfterDays: 90
outsideCode:
  ignore: ["breakglass-*"]
`;

const user = (userName: string, activity: Pick<ScimUser, "lastActiveAt" | "created">, active = true): ScimUser => ({
  id: `id-${userName}`,
  userName,
  email: `${userName}@acme.example`,
  active,
  organizationRole: "member",
  ...activity,
});

const LISTED: ListedOrganization = {
  users: [
    user("ana", { lastActiveAt: daysAgo(3), created: daysAgo(400) }),
    user("bo", { lastActiveAt: daysAgo(120), created: daysAgo(400) }),
    user("dee", { lastActiveAt: null, created: daysAgo(200) }),
    user("fresh", { lastActiveAt: null, created: daysAgo(2) }),
    user("unborn", { lastActiveAt: null }),
    user("breakglass-ops", { lastActiveAt: daysAgo(300), created: daysAgo(400) }),
    user("quiet", {}),
    user("gone", { lastActiveAt: daysAgo(300), created: daysAgo(400) }, false),
    user("self", { lastActiveAt: daysAgo(100), created: daysAgo(400) }),
  ],
  // sa1, a member no listing of users shows, is a service account.
  teams: [{ id: "t1", name: "research", members: [{ id: "id-ana" }, { id: "sa1" }] }],
  roles: [],
};

function recordOf(text = ROSTER) {
  const roster = parseRoster(text, "roster.yaml");
  return { ...rosterAccessOf(roster), ...outsideCodeRecordOf(roster) };
}

describe("who deactivateInactiveAfterDays deactivates", () => {
  const record = recordOf();
  const report = outsideCodeUnder(declaredOf(record), LISTED, record.outsideCode, NOW);

  it("lists the active users not active in 90 days, declared or not, and someone never active once created 90 days ago", () => {
    expect(report.inactive).toEqual([
      { userName: "bo", email: "bo@acme.example", organizationRole: "member", lastActiveAt: daysAgo(120), createdAt: daysAgo(400), declared: true },
      { userName: "dee", email: "dee@acme.example", organizationRole: "member", createdAt: daysAgo(200), declared: false },
      { userName: "self", email: "self@acme.example", organizationRole: "member", lastActiveAt: daysAgo(100), createdAt: daysAgo(400), declared: false },
    ]);
  });

  it("leaves alone the ignored, the deactivated, someone created 2 days ago or at an unknown time, and says whose activity W&B does not report", () => {
    const names = report.inactive.map((each) => each.userName);
    for (const kept of ["breakglass-ops", "gone", "fresh", "unborn", "quiet", "ana", "sa1"]) expect(names).not.toContain(kept);
    expect(report.activityUnreported).toEqual(["quiet"]);
    const { notes } = outsideCodeLines("acme", report);
    expect(notes).toContain('Organization "acme": inactive: W&B does not report the activity of quiet: deactivateInactiveAfterDays leaves them alone');
    expect(notes).toContain(
      `Organization "acme": inactive: user bo (bo@acme.example, organization role member), last active ${daysAgo(120)}, declared: deactivated by deactivateInactiveAfterDays`,
    );
    expect(notes).toContain('Organization "acme": inactive: user dee (dee@acme.example, organization role member), never active: deactivated by deactivateInactiveAfterDays');
  });

  it("never deactivates the user the provider acts as, nor one an ignore glob added since the report matches", () => {
    expect(inactiveUsersToDeactivate(report, record.outsideCode, "SELF", NOW).map((each) => each.userName)).toEqual(["bo", "dee"]);
    const ignoringDee = { ...record.outsideCode, ignore: ["breakglass-*", "d*"] };
    expect(inactiveUsersToDeactivate(report, ignoringDee, "self", NOW).map((each) => each.userName)).toEqual(["bo"]);
  });

  it("finds no one without the key", () => {
    const without = recordOf(ROSTER.replace("deactivateInactiveAfterDays: 90\n", ""));
    const plain = outsideCodeUnder(declaredOf(without), LISTED, without.outsideCode, NOW);
    expect(plain.inactive).toEqual([]);
    expect(plain.activityUnreported).toEqual([]);
    expect(inactiveUsersToDeactivate(report, without.outsideCode, undefined, NOW)).toEqual([]);
  });

  it("judges a key the roster adds since the report from the activity it found", () => {
    const without = recordOf(ROSTER.replace("deactivateInactiveAfterDays: 90\n", ""));
    const plain = outsideCodeUnder(declaredOf(without), LISTED, without.outsideCode, NOW);
    expect(inactiveUsersToDeactivate(plain, record.outsideCode, "self", NOW).map((each) => each.userName)).toEqual(["bo", "dee"]);
    expect(inactiveUsersToDeactivate(plain, { ...record.outsideCode, deactivateInactiveAfterDays: 150 }, "self", NOW).map((each) => each.userName)).toEqual(["dee"]);
  });
});

describe("the roster key deactivateInactiveAfterDays", () => {
  const rosterWith = (value: string) => `users: [{ userName: ana, email: ana@acme.example }]\ndeactivateInactiveAfterDays: ${value}\n`;

  it.each(["0", "-3", "1.5", '"90"'])("refuses %s, naming the key and what it takes", (value) => {
    expect(() => parseRoster(rosterWith(value), "roster.yaml")).toThrow(/roster\.yaml:2: top level: deactivateInactiveAfterDays .*a positive whole number of days/);
  });

  it("is carried in the guard record's policy", () => {
    expect(recordOf().outsideCode.deactivateInactiveAfterDays).toBe(90);
  });

  it("is refused with usersFrom: idp, and on the multi-tenant cloud", () => {
    expect(() => parseRoster(`${rosterWith("90")}usersFrom: idp\n`, "roster.yaml")).toThrow(/deactivateInactiveAfterDays deactivates inactive users, but usersFrom: idp/);
    expect(() => parseRoster(rosterWith("90"), "roster.yaml", { deployment: "saas" })).toThrow(/deactivateInactiveAfterDays is not offered on the multi-tenant cloud/);
  });
});

describe("the guard rails on deactivating the inactive", () => {
  const settings = { minAdmins: 1, maxRemovalFraction: 0.25, protectSelf: true, selfUnknown: false, self: "ana" };
  const access = { users: ["ana", "b1", "b2", "b3", "b4"], admins: ["ana"], teams: {} };
  const judged = (inactive: string[], after = access) =>
    judgeRosterChange("acme", access, after, settings, {
      deactivating: [],
      deletingRoles: [],
      live: { users: 8, admins: 1 },
      inactive: { days: 90, users: inactive.map((userName) => ({ userName })) },
    });

  it("refuses 3 of 8 users, naming them and the one-run override; passes 2 of 8", () => {
    expect(judged(["b1", "b2", "dee"]).refusals).toEqual([
      'Organization "acme": this change removes 3 of the 8 users W&B lists (38%): b1, b2, dee, not active in 90 days (deactivateInactiveAfterDays); ' +
        "more than wandb:maxRemovalFraction (25%) allows. Match the ones to keep with outsideCode.ignore, raise deactivateInactiveAfterDays, or deactivate fewer at a time. " +
        "If it is meant, let this one run through with `WANDB_MAX_REMOVAL_FRACTION=1 pulumi up` (when the stack config does not set wandb:maxRemovalFraction; " +
        "`pulumi config set wandb:maxRemovalFraction <value>` changes it for good).",
    ]);
    expect(judged(["b1", "dee"]).refusals).toEqual([]);
    expect(judged(["b1", "dee"]).verdicts).toContain(
      "passed: removes 2 of the 8 users W&B lists (25%): b1, dee, not active in 90 days (deactivateInactiveAfterDays); wandb:maxRemovalFraction is 25%",
    );
  });

  it("counts them with the users the roster drops, in one judgement", () => {
    const dropping = { ...access, users: ["ana", "b2", "b3", "b4"] };
    expect(judged(["b1", "dee"], dropping).refusals).toEqual([]);
    expect(judged(["b2", "dee"], dropping).refusals[0]).toContain("3 of the 8 users W&B lists (38%): b1, dropped from the roster; b2, dee, not active in 90 days");
  });
});

describe("a User the roster deactivated for inactivity", () => {
  const inputs = userInputs.parse({ userName: "bo", email: "bo@acme.example", deactivateInactiveAfterDays: 90 });
  const state = { active: false, createdAt: daysAgo(400), lastActiveAt: daysAgo(120), daysActive: 3 };

  it("is declared inactive while its recorded activity says so, so that its diff does not reactivate it", () => {
    expect(declaredActivity(state, inputs, NOW).active).toBe(false);
  });

  it("is reactivated once the roster no longer asks for it, or once its activity is recent", () => {
    const { deactivateInactiveAfterDays: _days, ...withoutSetting } = inputs;
    expect(declaredActivity(state, withoutSetting, NOW).active).toBe(true);
    expect(declaredActivity({ ...state, lastActiveAt: daysAgo(5) }, inputs, NOW).active).toBe(true);
  });

  it("refuses a setting that is not a positive whole number, naming it", () => {
    expect(userInputs.safeParse({ userName: "bo", email: "bo@acme.example", deactivateInactiveAfterDays: 0 }).error?.issues[0]?.message).toMatch(
      /^deactivateInactiveAfterDays must be at least 1 day/,
    );
  });
});
