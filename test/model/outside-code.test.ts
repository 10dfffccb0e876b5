// The outside-code report as a pure function of a roster and the three listings: what it names and
// what it leaves out (ignored names, service accounts, deactivated users), what `outsideCode` would
// deactivate or delete, and how the guard rails judge the deactivations at preview.
import { describe, expect, it } from "vitest";
import { judgeRosterChange, rosterAccessOf } from "../../model/guard-rails";
import {
  accessPlanOf,
  declaredOf,
  keptReportOf,
  reactivationsOf,
  newsBasisOf,
  outsideCodeAddedSince,
  outsideCodeLines,
  outsideCodeRecordOf,
  outsideCodeUnder,
  rolesToDelete,
  usersToDeactivate,
  withoutDroppedThisRun,
  withoutHeldByStack,
  type HeldByStack,
  type ListedOrganization,
} from "../../model/outside-code";
import { parseRoster, RosterError } from "../../model/roster/roster";
import type { ScimUser } from "../../service/model";

const ROSTER = `users:
  - { userName: ana, email: ana@acme.example, organizationRole: admin }
  - { userName: bo, email: bo@acme.example }
  - { userName: cy, email: cy@acme.example }
customRoles:
  - { name: Operator, inheritedFrom: member, permissions: [run:stop] }
teams:
  - { name: research, members: [ana, bo] }
  - { name: sso-ml, membersFrom: idp, members: [bo, cy] }
outsideCode:
  users: deactivate
  customRoles: delete
  ignore: ["breakglass-*"]
`;

const user = (id: string, userName: string, organizationRole = "member", active = true): ScimUser => ({
  id,
  userName,
  email: `${userName}@acme.example`,
  active,
  organizationRole,
});

const LISTED: ListedOrganization = {
  users: [
    user("u1", "ana", "admin"),
    user("u2", "BO"),
    user("u3", "cy", "admin"),
    user("u4", "dee"),
    user("u5", "eve", "admin"),
    user("u6", "breakglass-ops", "admin"),
    user("u7", "gone", "member", false),
  ],
  teams: [
    { id: "t1", name: "research", members: [{ id: "u1" }, { id: "u2" }, { id: "sa1" }] },
    { id: "t2", name: "sso-ml", members: [{ id: "u2" }, { id: "u4" }, { id: "sa1" }] },
    { id: "t3", name: "by-hand", members: [{ id: "u4" }, { id: "u6" }, { id: "sa1" }] },
  ],
  roles: [
    { id: "r1", name: "Operator", description: "", inheritedFrom: "member", permissions: ["run:stop"], inheritedPermissions: [] },
    { id: "r2", name: "Deleter", description: "", inheritedFrom: "member", permissions: ["project:delete", "run:delete"], inheritedPermissions: [] },
  ],
};

function declared(text = ROSTER) {
  const roster = parseRoster(text, "roster.yaml");
  const record = { ...rosterAccessOf(roster), ...outsideCodeRecordOf(roster) };
  return { roster, record, declared: declaredOf(record) };
}

describe("the outside-code report", () => {
  const { record, declared: declaredOrganization } = declared();
  const report = outsideCodeUnder(declaredOrganization, LISTED, record.outsideCode);

  it("names each undeclared user, admin, team and custom role; not the ignored admin, the service account or a deactivated user", () => {
    expect(report.users.map((each) => each.userName)).toEqual(["dee", "eve"]);
    expect(report.admins).toEqual([
      { userName: "cy", email: "cy@acme.example", organizationRole: "admin", declared: true },
      { userName: "eve", email: "eve@acme.example", organizationRole: "admin", declared: false },
    ]);
    expect(report.teams).toEqual([{ name: "by-hand", members: ["dee"], serviceAccounts: 1 }]);
    expect(report.customRoles).toEqual([{ name: "Deleter", inheritedFrom: "member", permissions: ["project:delete", "run:delete"] }]);
    expect(report.ignored).toBe(1);
    expect(report.listed).toEqual({ users: 6, admins: 4 });
    expect(JSON.stringify(report)).not.toContain("breakglass");
    expect(JSON.stringify(report)).not.toContain("sa1");
  });

  it("reads an identity provider's team and tells how it differs from the roster's list", () => {
    expect(report.idpTeams).toEqual([{ name: "sso-ml", members: ["BO", "dee"], notInRoster: ["dee"], notInTeam: ["cy"] }]);
    expect(record.teams).not.toHaveProperty("sso-ml");
  });

  it("deactivates the undeclared users but the acting user, and deletes the undeclared custom roles", () => {
    expect(usersToDeactivate(report, record.outsideCode, declaredOrganization, "EVE").map((each) => each.userName)).toEqual(["dee"]);
    expect(usersToDeactivate(report, record.outsideCode, declaredOrganization, undefined).map((each) => each.userName)).toEqual(["dee", "eve"]);
    expect(rolesToDelete(report, record.outsideCode, declaredOrganization)).toEqual(["Deleter"]);
    const reportOnly = { ...record.outsideCode, users: "report" as const, customRoles: "report" as const };
    expect(usersToDeactivate(report, reportOnly, declaredOrganization, undefined)).toEqual([]);
    expect(rolesToDelete(report, reportOnly, declaredOrganization)).toEqual([]);
  });

  it("spares a user the roster now declares, though the report was made before", () => {
    const now = declared(ROSTER.replace("customRoles:\n  - { name", "  - { userName: dee, email: dee@acme.example }\ncustomRoles:\n  - { name"));
    expect(usersToDeactivate(report, now.record.outsideCode, now.declared, undefined).map((each) => each.userName)).toEqual(["eve"]);
  });

  it("tells the admins first, as warnings, then the rest by name, kind and what it grants", () => {
    const { warnings, notes } = outsideCodeLines("acme", report);
    expect(warnings).toEqual([
      'Organization "acme": outside code: cy (cy@acme.example) is an organization admin the roster declares with another role',
      'Organization "acme": outside code: eve (eve@acme.example) is an organization admin the roster does not declare',
    ]);
    expect(notes).toContain('Organization "acme": outside code: team by-hand, not declared, members: dee');
    expect(notes).toContain('Organization "acme": outside code: custom role Deleter, not declared, member plus project:delete, run:delete');
    expect(notes).toContain(
      'Organization "acme": outside code: team sso-ml (members from the identity provider) differs from the roster\'s list: in the team, not listed: dee; listed, not in the team: cy',
    );
  });
});

describe("what a refresh finds new since the record was written", () => {
  const { record, declared: declaredOrganization } = declared();
  const written = outsideCodeUnder(declaredOrganization, LISTED, record.outsideCode);
  const refreshed = (listed: Partial<ListedOrganization>) => outsideCodeUnder(declaredOrganization, { ...LISTED, ...listed }, record.outsideCode);

  it("is nothing when W&B holds the same", () => {
    expect(outsideCodeAddedSince(written, refreshed({}))).toEqual([]);
  });

  it("is compared with the written report without its activity lists, which new logins change and which are never news", () => {
    const activeOn = (lastActiveAt: string) => LISTED.users.map((each) => ({ ...each, lastActiveAt, daysActive: 3 }));
    const writtenWithActivity = refreshed({ users: activeOn("2026-08-01T00:00:00Z") });
    expect(writtenWithActivity.activity.length).toBeGreaterThan(0);
    const basis = newsBasisOf(writtenWithActivity);
    expect(basis).toEqual({ ...writtenWithActivity, activity: [], inactive: [], activityUnreported: [] });
    const loggedIn = refreshed({ users: activeOn("2026-11-26T10:00:00Z") });
    expect(loggedIn.activity).not.toEqual(writtenWithActivity.activity);
    expect(outsideCodeAddedSince(basis, loggedIn)).toEqual([]);
    expect(outsideCodeAddedSince(basis, refreshed({ users: [...activeOn("2026-11-26T10:00:00Z"), user("u8", "fay")] }))).toEqual([
      "user fay (fay@acme.example, organization role member)",
    ]);
  });

  it("names a new user, a new admin, a new team member, a new custom role and a new permission", () => {
    const now = refreshed({
      users: [...LISTED.users.map((each) => (each.userName === "dee" ? { ...each, organizationRole: "admin" } : each)), user("u8", "fay")],
      teams: LISTED.teams.map((team) => (team.name === "by-hand" ? { ...team, members: [...team.members, { id: "u8" }] } : team)),
      roles: [
        ...LISTED.roles.map((role) => (role.name === "Deleter" ? { ...role, permissions: [...role.permissions, "artifact:delete"] } : role)),
        { id: "r3", name: "Auditor", description: "", inheritedFrom: "viewer", permissions: [], inheritedPermissions: [] },
      ],
    });
    expect(outsideCodeAddedSince(written, now)).toEqual([
      "admin dee",
      "user dee (dee@acme.example, organization role admin)",
      "user fay (fay@acme.example, organization role member)",
      "member fay of team by-hand",
      "custom role Auditor",
      "artifact:delete in custom role Deleter",
    ]);
  });

  it("leaves out what the stack's other resources hold: a standalone user, team or custom role is code, not news", () => {
    const now = refreshed({
      users: [...LISTED.users, user("u8", "fay")],
      teams: [...LISTED.teams, { id: "t9", name: "standalone", members: [{ id: "u8" }] } as ListedOrganization["teams"][number]],
      roles: [...LISTED.roles, { id: "r3", name: "Auditor", description: "", inheritedFrom: "viewer", permissions: [], inheritedPermissions: [] }],
    });
    const heldByStack: HeldByStack = (kind, name) => (kind === "User" && name === "fay") || (kind === "Team" && name === "standalone") || (kind === "CustomRole" && name === "Auditor");
    expect(outsideCodeAddedSince(written, withoutHeldByStack(now, heldByStack))).toEqual([]);
    expect(outsideCodeAddedSince(written, withoutHeldByStack(now, () => false))).toEqual([
      "user fay (fay@acme.example, organization role member)",
      "team standalone",
      "custom role Auditor",
    ]);
  });

  it("leaves out what was taken away since: a deactivated user, a member gone, a custom role deleted", () => {
    const now = refreshed({
      users: LISTED.users.map((each) => (each.userName === "dee" ? { ...each, active: false } : each)),
      roles: LISTED.roles.filter((role) => role.name !== "Deleter"),
    });
    expect(now.users.map((each) => each.userName)).toEqual(["eve"]);
    expect(outsideCodeAddedSince(written, now)).toEqual([]);
  });

  it("at a write, leaves out the users and custom roles the roster dropped in that run: their own deletes remove them", () => {
    const before = declared(ROSTER.replace("customRoles:\n  - { name", "  - { userName: dee, email: dee@acme.example }\ncustomRoles:\n  - { name"));
    const dropped = withoutDroppedThisRun(written, { ...before.declared, customRoles: [...before.declared.customRoles, "Deleter"] }, declaredOrganization);
    expect(dropped.users.map((each) => each.userName)).toEqual(["eve"]);
    expect(dropped.customRoles).toEqual([]);
    expect(dropped.teams).toEqual(written.teams);
  });
});

describe("usersFrom: idp", () => {
  const text = `usersFrom: idp
users:
  - { userName: ana, email: ana@acme.example, organizationRole: admin }
  - { userName: zed, email: zed@acme.example }
`;

  it("reports a declared user W&B does not list, and deactivates no one", () => {
    const { record, declared: declaredOrganization } = declared(text);
    const report = outsideCodeUnder(declaredOrganization, LISTED, record.outsideCode);
    expect(report.missingUsers).toEqual([{ userName: "zed", email: "zed@acme.example" }]);
    expect(usersToDeactivate(report, { ...record.outsideCode, users: "deactivate" }, declaredOrganization, undefined)).toEqual([]);
  });

  it("cannot be written with users: deactivate", () => {
    expect(() => parseRoster(`${text}outsideCode: { users: deactivate }\n`, "roster.yaml")).toThrow(
      "roster.yaml:5: outsideCode: users: deactivate deactivates the users the roster does not declare, but usersFrom: idp leaves every user to your identity provider",
    );
  });
});

describe("the roster's outside-code keys", () => {
  it("name the key and what it takes when misspelt or wrong", () => {
    let error: unknown;
    try {
      parseRoster(`users: []\noutsideCode: { users: remove, ignor: [] }\nteams:\n  - { name: t, membersFrom: okta }\n`, "roster.yaml");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RosterError);
    const message = (error as RosterError).message;
    expect(message).toContain('roster.yaml:2: outsideCode: unknown key "ignor": did you mean "ignore"?');
    expect(message).toContain('roster.yaml:2: outsideCode: users "remove" is not "report" or "deactivate"');
    expect(message).toContain('roster.yaml:4: teams[0] "t": membersFrom "okta" is not "code" or "idp"');
  });

  it("refuses deactivation and identity-provider teams on the multi-tenant cloud", () => {
    const text = `users: [{ userName: ana, email: ana@acme.example }]\nteams: [{ name: t, members: [ana], membersFrom: idp }]\noutsideCode: { users: deactivate }\n`;
    expect(() => parseRoster(text, "roster.yaml", { deployment: "saas" })).toThrow(/membersFrom: idp is not offered on the multi-tenant cloud[\s\S]*users: deactivate is not offered/);
  });
});

describe("the guard rails on deactivating what the roster does not declare", () => {
  const settings = { minAdmins: 1, maxRemovalFraction: 0.25, protectSelf: true, selfUnknown: false, self: "ana" };
  const roster = (users: string[], admins = ["ana"]) => ({ users: [...admins, ...users].sort(), admins, teams: {} });
  const TEN = roster(["b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9"]);
  const judged = (after: typeof TEN, deactivating: { userName: string; organizationRole?: string }[], live: { users: number; admins?: number }) =>
    judgeRosterChange("acme", TEN, after, settings, { deactivating, deletingRoles: [], live });

  it("refuses 3 of 10 users, naming them and the one-run override; passes 2 of 10", () => {
    const three = ["dee", "eve", "fay"].map((userName) => ({ userName }));
    expect(judged(TEN, three, { users: 10, admins: 2 }).refusals).toEqual([
      'Organization "acme": this change removes 3 of the 10 users W&B lists (30%): dee, eve, fay, who the roster does not declare (outsideCode.users: deactivate); ' +
        "more than wandb:maxRemovalFraction (25%) allows. Declare the ones to keep in the roster, or match them with outsideCode.ignore. " +
        "If it is meant, let this one run through with `WANDB_MAX_REMOVAL_FRACTION=1 pulumi up` (when the stack config does not set wandb:maxRemovalFraction; " +
        "`pulumi config set wandb:maxRemovalFraction <value>` changes it for good).",
    ]);
    expect(judged(TEN, three.slice(1), { users: 10, admins: 2 }).refusals).toEqual([]);
  });

  it("counts them with the users the roster drops, as the writes do: each passes alone, together they are refused", () => {
    // The roster drops 2 of its 10 users (20%); 2 more of the 12 W&B lists are undeclared (17%); together 4 of 12 (33%).
    const dropping = roster(["b1", "b2", "b3", "b4", "b5", "b6", "b7"]);
    const two = [{ userName: "dee" }, { userName: "eve" }];
    expect(judgeRosterChange("acme", TEN, dropping, settings).refusals).toEqual([]);
    expect(judged(TEN, two, { users: 12 }).refusals).toEqual([]);
    const together = judged(dropping, two, { users: 12 });
    expect(together.refusals).toHaveLength(1);
    expect(together.refusals[0]).toContain(
      "this change removes 4 of the 12 users W&B lists (33%): b8, b9, dropped from the roster; dee, eve, who the roster does not declare (outsideCode.users: deactivate); " +
        "more than wandb:maxRemovalFraction (25%) allows",
    );
    expect(together.verdicts).toContain("passed: removes 2 of 10 users (20%): b8, b9; wandb:maxRemovalFraction is 25%");
  });

  it("never lets the deactivations weaken the roster's own judgement", () => {
    const dropping = roster(["b1", "b2", "b3", "b4", "b5", "b6"]);
    expect(judged(dropping, [{ userName: "dee" }], { users: 100 }).refusals.join("\n")).toContain("this change removes 3 of 10 users (30%): b7, b8, b9");
  });

  it("refuses deactivating the last admins", () => {
    const admins = [{ userName: "eve", organizationRole: "admin" }];
    expect(judged(TEN, admins, { users: 10, admins: 1 }).refusals.join("\n")).toContain(
      "this change removes or deactivates the admin eve, leaving 0 of the 1 organization admins W&B lists, fewer than wandb:minAdmins (1)",
    );
    expect(judged(TEN, admins, { users: 10, admins: 2 }).refusals).toEqual([]);
  });

  it("names the custom roles it deletes in the verdicts, and refuses none: no guard rail counts custom roles", () => {
    const judgement = judgeRosterChange("acme", TEN, TEN, settings, { deactivating: [], deletingRoles: ["Deleter", "Exporter"], live: { users: 10 } });
    expect(judgement.refusals).toEqual([]);
    expect(judgement.verdicts).toContain(
      "not judged: deletes the custom roles Deleter, Exporter, which the roster does not declare (outsideCode.customRoles: delete); " +
        "no guard rail counts custom roles: each holder falls back to the role it inherits from",
    );
  });
});

describe("the plan of access a run makes (issue 41)", () => {
  const DAY = 86_400_000;
  const now = Date.parse("2026-11-28T12:00:00Z");
  const at = (days: number) => new Date(now - days * DAY).toISOString();
  const made = (userName: string, created: string, extra: Partial<ScimUser> = {}): ScimUser => ({ ...user(`id-${userName}`, userName), created, ...extra });
  const { record, declared: declaredOrganization } = declared();

  it("deactivates who qualified at the last look; who qualifies only since waits; the acting user is kept, named", () => {
    const listed: ListedOrganization = { ...LISTED, users: [...LISTED.users.filter((u) => u.userName !== "dee"), made("dee", at(30)), made("fay", at(0.5))] };
    const report = outsideCodeUnder(declaredOrganization, listed, record.outsideCode, now);
    const plan = accessPlanOf(report, record.outsideCode, declaredOrganization, "eve", listed.users, { asOf: now - DAY, now });
    expect(plan.deactivate.map((each) => [each.userName, each.reason])).toEqual([["dee", "outsideCode"]]);
    expect(plan.waiting.map((each) => each.userName)).toEqual(["fay"]);
    expect(plan.kept).toEqual([{ userName: "eve", reason: "the user the provider acts as: never deactivated" }]);
  });

  it("names each custom role it deletes, with its holders where the listing shows roles, and the role they fall back to", () => {
    const listed: ListedOrganization = { ...LISTED, users: [...LISTED.users, user("u9", "hal", "Deleter")] };
    const report = outsideCodeUnder(declaredOrganization, listed, record.outsideCode, now);
    const plan = accessPlanOf(report, record.outsideCode, declaredOrganization, undefined, listed.users, { asOf: now, now });
    expect(plan.deleteRoles).toEqual([{ name: "Deleter", inheritedFrom: "member", holders: ["hal"] }]);
  });

  it("judges inactivity as of the last look, and reactivates the declared users a removed or raised key no longer keeps inactive", () => {
    const policy = { ...record.outsideCode, users: "report" as const, customRoles: "report" as const, deactivateInactiveAfterDays: 90 };
    const listed: ListedOrganization = {
      ...LISTED,
      users: [made("bo", at(400), { lastActiveAt: at(200) }), made("cy", at(400), { lastActiveAt: at(90.5) }), made("ana", at(400), { lastActiveAt: at(1) })],
    };
    const report = outsideCodeUnder(declaredOrganization, listed, policy, now);
    const plan = accessPlanOf(report, policy, declaredOrganization, undefined, listed.users, { asOf: now - DAY, now });
    expect(plan.deactivate.map((each) => [each.userName, each.reason])).toEqual([["bo", "inactive"]]);
    expect(plan.waiting.map((each) => each.userName)).toEqual(["cy"]);

    const inactive = listed.users.map((each) => ({ ...each, active: each.userName === "ana" }));
    const withoutKey = { ...policy, deactivateInactiveAfterDays: undefined };
    expect(reactivationsOf(90, declaredOrganization, withoutKey, inactive, now).map((each) => each.userName)).toEqual(["bo", "cy"]);
    expect(reactivationsOf(90, declaredOrganization, { ...policy, deactivateInactiveAfterDays: 180 }, inactive, now).map((each) => each.userName)).toEqual(["cy"]);
    expect(reactivationsOf(90, declaredOrganization, policy, inactive, now)).toEqual([]);
    expect(reactivationsOf(undefined, declaredOrganization, withoutKey, inactive, now)).toEqual([]);
  });

  it("keeps no activity list in the record, nor an identity provider's team that agrees with the roster", () => {
    const report = outsideCodeUnder(declaredOrganization, { ...LISTED, users: LISTED.users.map((each) => ({ ...each, lastActiveAt: at(1) })) }, record.outsideCode, now);
    expect(report.activity.length).toBeGreaterThan(0);
    const kept = keptReportOf(report);
    expect(kept.activity).toEqual([]);
    expect(kept.idpTeams.map((team) => team.name)).toEqual(["sso-ml"]);
    expect(keptReportOf({ ...report, idpTeams: [{ name: "agrees", members: ["bo"], notInRoster: [], notInTeam: [] }] }).idpTeams).toEqual([]);
  });

  it("names at most 20 objects of a kind in the engine's output, one line each, and counts the rest in one line", () => {
    const many: ListedOrganization = { ...LISTED, users: [...LISTED.users, ...Array.from({ length: 45 }, (_, i) => user(`c${i}`, `contractor-${String(i).padStart(2, "0")}`))] };
    const { notes } = outsideCodeLines("acme", outsideCodeUnder(declaredOrganization, many, record.outsideCode, now));
    const users = notes.filter((line) => / user |more users/.test(line));
    expect(users).toHaveLength(21);
    expect(users[20]).toBe('Organization "acme": outside code: and 27 more users, not declared (the access review lists them all)');
  });
});
