// The guard rails as the RosterGuard's check judges them (no engine: the engine run is in
// test/lifecycle/guard-rails.test.ts), and the acting user's protection on a User's own check.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GuardRailSettings } from "../../../service/config";
import { judgeRosterChange, liveCountOf, runRemovalsRefusal, stillListed, teamRemovalRefusal, type RosterAccess } from "../../../model/guard-rails";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import type { DynamicProvider } from "../../../provider/doors/dynamic";
import { readLog, resetLog } from "../../../scripts/emulator-api";
import { dynamicProviderWith, stackConfigFor, type Settings } from "../../support/provider";

const DEFAULTS: GuardRailSettings = { minAdmins: 1, maxRemovalFraction: 0.25, protectSelf: true, selfUnknown: false, self: "ops" };
const names = (count: number, prefix = "u") => Array.from({ length: count }, (_, i) => `${prefix}${i}`);

const ROSTER: RosterAccess = { users: ["ops", "ada", ...names(8)], admins: ["ops", "ada"], teams: { research: names(10) } };

describe("judgeRosterChange", () => {
  it("a first run, with nothing recorded, removes nobody and passes", () => {
    const judged = judgeRosterChange("acme", undefined, ROSTER, DEFAULTS);
    expect(judged.refusals).toEqual([]);
    expect(judged.verdicts).toContain("passed: removes nobody; wandb:maxRemovalFraction is 25%");
  });

  it("a team losing 3 of 10 members (30%) is refused with the count and the names; 2 of 10 (20%) is not", () => {
    const thirty = judgeRosterChange("acme", ROSTER, { ...ROSTER, teams: { research: names(10).slice(3) } }, DEFAULTS);
    expect(thirty.refusals).toEqual([
      expect.stringMatching(/^Organization "acme": this change removes 3 of 10 members of team research \(30%\): u0, u1, u2; more than wandb:maxRemovalFraction \(25%\) allows\. .*WANDB_MAX_REMOVAL_FRACTION=1 pulumi up/),
    ]);
    const twenty = judgeRosterChange("acme", ROSTER, { ...ROSTER, teams: { research: names(10).slice(2) } }, DEFAULTS);
    expect(twenty.refusals).toEqual([]);
    expect(twenty.verdicts).toContain("passed: removes 2 of 10 members of team research (20%): u0, u1; wandb:maxRemovalFraction is 25%");
  });

  it("removing more than the fraction of the users is refused; a team dropped from the roster counts all its members", () => {
    const after = { ...ROSTER, users: ROSTER.users.filter((user) => !["u0", "u1", "u2"].includes(user)), teams: {} };
    const judged = judgeRosterChange("acme", ROSTER, after, DEFAULTS);
    expect(judged.refusals).toEqual([
      expect.stringContaining("removes 3 of 10 users (30%): u0, u1, u2"),
      expect.stringContaining("removes 10 of 10 members of team research (100%)"),
    ]);
    expect(judgeRosterChange("acme", ROSTER, after, { ...DEFAULTS, maxRemovalFraction: 1 }).refusals).toEqual([]);
  });

  it("users an earlier run removed already (W&B no longer lists them) are no removal of this change", () => {
    const after = { ...ROSTER, users: ROSTER.users.filter((user) => !["u0", "u1", "u2"].includes(user)), teams: { research: names(10).slice(3) } };
    const gone = new Set(["u0", "u1", "u2"]);
    const before = stillListed(ROSTER, (userName) => !gone.has(userName));
    expect(before).toEqual({ users: ["ops", "ada", ...names(8).slice(3)], admins: ["ops", "ada"], teams: { research: names(10).slice(3) } });
    const judged = judgeRosterChange("acme", before, after, DEFAULTS);
    expect(judged.refusals).toEqual([]);
    expect(judged.verdicts).toContain("passed: removes nobody; wandb:maxRemovalFraction is 25%");
  });

  it("userNames compare ignoring case, as W&B compares them", () => {
    const recased = { ...ROSTER, users: ROSTER.users.map((user) => user.toUpperCase()), admins: ["OPS", "ADA"] };
    expect(judgeRosterChange("acme", ROSTER, recased, DEFAULTS).refusals).toEqual([]);
  });

  it("taking away admins below wandb:minAdmins is refused, naming them and the setting; keeping enough is not", () => {
    const settings = { ...DEFAULTS, self: undefined, minAdmins: 2 };
    const judged = judgeRosterChange("acme", ROSTER, { ...ROSTER, admins: ["ops"] }, settings);
    expect(judged.refusals).toEqual([
      expect.stringMatching(/removes or demotes the admin ada, leaving 1 organization admin in the roster \(ops\), fewer than wandb:minAdmins \(2\)\. .*WANDB_MIN_ADMINS=0 pulumi up/),
    ]);
    expect(judged.verdicts[0]).toBe("refused: leaves 1 organization admin in the roster (ops), fewer than wandb:minAdmins (2)");
    expect(judgeRosterChange("acme", ROSTER, { ...ROSTER, admins: ["ops"] }, { ...settings, minAdmins: 1 }).refusals).toEqual([]);
    // A roster that never declared admins (a service account runs it) is not refused for declaring none.
    const noAdmins = { ...ROSTER, admins: [] };
    expect(judgeRosterChange("acme", noAdmins, noAdmins, settings).refusals).toEqual([]);
  });

  // Issue 46: with a bearer key and no username, the acting admin was deactivated for inactivity, and the next run got 401.
  describe("while a bearer key's owner cannot be told (no wandb:username)", () => {
    const bearer = { ...DEFAULTS, self: undefined, selfUnknown: true };
    const outside = (deactivating: { userName: string; organizationRole?: string }[], inactive: { userName: string; organizationRole?: string }[] = []) => ({
      deactivating,
      deletingRoles: [],
      live: { users: 40 },
      inactive: { days: 90, users: inactive },
    });

    it("refuses deactivations for inactivity and of undeclared users, naming the settings that make them and wandb:username", () => {
      const judged = judgeRosterChange("acme", ROSTER, ROSTER, bearer, outside([{ userName: "dee" }], [{ userName: "old-admin" }]));
      expect(judged.refusals).toEqual([
        expect.stringMatching(
          /^Organization "acme": this change deactivates old-admin, not active in 90 days \(deactivateInactiveAfterDays\); deactivates dee, who the roster does not declare \(outsideCode\.users: deactivate\); the provider cannot tell which user its bearer key belongs to.*Set wandb:username \(WANDB_USERNAME\) to the key's owner.*WANDB_PROTECT_SELF=false pulumi up/,
        ),
      ]);
      expect(judged.verdicts).toContain("refused: the user the provider acts as (a bearer key's owner, no wandb:username) cannot be told, and this change may take away its access");
    });

    it("refuses a roster change that removes or demotes an admin; one that keeps every admin passes", () => {
      const demoted = judgeRosterChange("acme", ROSTER, { ...ROSTER, admins: ["ops"] }, bearer);
      expect(demoted.refusals).toEqual([expect.stringContaining("this change removes or demotes the admin ada; the provider cannot tell")]);
      const keeps = judgeRosterChange("acme", ROSTER, { ...ROSTER, users: ROSTER.users.filter((user) => user !== "u0") }, bearer);
      expect(keeps.refusals).toEqual([]);
      expect(keeps.verdicts).toContain(
        "passed: the user the provider acts as (a bearer key's owner, no wandb:username) cannot be told, and this change removes, deactivates or demotes no one who may be an admin",
      );
    });

    it("lets through deactivations of users W&B shows as non-admins, and everything with wandb:protectSelf false", () => {
      const members = outside([{ userName: "dee", organizationRole: "member" }], [{ userName: "eve", organizationRole: "Run operator" }]);
      expect(judgeRosterChange("acme", ROSTER, ROSTER, bearer, members).refusals).toEqual([]);
      const unshown = outside([{ userName: "dee" }]);
      expect(judgeRosterChange("acme", ROSTER, ROSTER, { ...bearer, protectSelf: false }, unshown).refusals).toEqual([]);
      expect(judgeRosterChange("acme", ROSTER, ROSTER, { ...bearer, protectSelf: false }, unshown).verdicts).toContain(
        "not judged: wandb:protectSelf is false, and the user the provider acts as (a bearer key's owner, no wandb:username) cannot be told",
      );
    });

    it("a service-account key (basic, no username) names no user: nothing to keep", () => {
      const judged = judgeRosterChange("acme", ROSTER, { ...ROSTER, admins: ["ops"] }, { ...DEFAULTS, self: undefined }, outside([{ userName: "dee" }]));
      expect(judged.refusals).toEqual([]);
      expect(judged.verdicts).toContain("passed: the provider acts with a key that names no user (service account): no user to keep");
    });
  });

  it("the user the provider acts as is never removed nor demoted; wandb:protectSelf false lets it through", () => {
    const removed = { ...ROSTER, users: ROSTER.users.filter((user) => user !== "ops"), admins: ["ada"] };
    expect(judgeRosterChange("acme", ROSTER, removed, DEFAULTS).refusals).toEqual([
      expect.stringMatching(/this change removes ops, the user the provider acts as \(wandb:username\).*WANDB_PROTECT_SELF=false pulumi up/),
    ]);
    const demoted = { ...ROSTER, admins: ["ada"] };
    expect(judgeRosterChange("acme", ROSTER, demoted, DEFAULTS).refusals).toEqual([expect.stringContaining("this change demotes ops")]);
    expect(judgeRosterChange("acme", ROSTER, demoted, { ...DEFAULTS, protectSelf: false }).refusals).toEqual([]);
    // A key that names no user (a service account's) has no user to protect.
    expect(judgeRosterChange("acme", ROSTER, demoted, { ...DEFAULTS, self: undefined }).refusals).toEqual([]);
  });
});

/** A User's state as recorded. */
const recordedUser = (userName: string) => ({
  userName,
  email: `${userName}@example.com`,
  active: true,
  adoptExisting: false,
  deletionPolicy: "delete",
  etag: "",
  createdAt: "",
  teamRoles: [],
  registryRoles: [],
  __stateVersion: 1,
});

describe("a User that is the user the provider acts as, at check", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
  });
  afterAll(async () => emu?.close());

  let provider: DynamicProvider;
  const configure = async (settings: Settings = {}) => {
    provider = await dynamicProviderWith(stackConfigFor(emu, settings));
  };
  const failuresOf = async (olds: Record<string, unknown>, news: Record<string, unknown>) =>
    ((await provider.dispatch("User", "check", [olds, { ...news, __provider: "shim" }])) as { failures?: { property: string; reason: string }[] }).failures ?? [];

  it("is never deactivated, demoted or renamed (which replaces it), before any request", async () => {
    await configure();
    await resetLog(emu);
    const self = { userName: emu.admin.username, email: "admin@example.com" };
    expect(await failuresOf(self, { ...self, active: false })).toEqual([
      { property: "active", reason: expect.stringContaining(`this would deactivate ${emu.admin.username}, the user the provider acts as`) },
    ]);
    expect(await failuresOf(self, { ...self, organizationRole: "member" })).toEqual([
      { property: "organizationRole", reason: expect.stringContaining("WANDB_PROTECT_SELF=false pulumi up") },
    ]);
    expect(await failuresOf(self, { ...self, userName: "someone-else" })).toEqual([
      { property: "userName", reason: expect.stringContaining(`this would delete ${emu.admin.username}`) },
    ]);
    expect(await failuresOf(self, { ...self, organizationRole: "admin" })).toEqual([]);
    expect((await readLog(emu)).counters.total).toBe(0);
  });

  it("is refused at delete before any request; wandb:protectSelf false lets a check through", async () => {
    await configure();
    await resetLog(emu);
    await expect(provider.dispatch("User", "delete", ["some-id", recordedUser(emu.admin.username)])).rejects.toThrow(
      /this would delete .*, the user the provider acts as/,
    );
    expect((await readLog(emu)).counters.total).toBe(0);
    await configure({ protectSelf: "false" });
    const self = { userName: emu.admin.username, email: "admin@example.com" };
    expect(await failuresOf(self, { ...self, active: false })).toEqual([]);
  });

  // Issue 46: a bearer key's owner cannot be told without wandb:username; any admin, or a user whose role W&B does not show, may be it.
  it("with a bearer key and no wandb:username: a user who may be an admin is never deactivated, demoted, replaced or deleted; a member, or a new user, is", async () => {
    await configure({ authScheme: "bearer", username: undefined });
    await resetLog(emu);
    const mayBeIt = { userName: "ops", email: "ops@example.com" };
    const tellIt = /the provider cannot tell which user its bearer key belongs to.*Set wandb:username \(WANDB_USERNAME\) to the key's owner/;
    expect(await failuresOf(mayBeIt, { ...mayBeIt, active: false })).toEqual([{ property: "active", reason: expect.stringMatching(/^this would deactivate ops, whose organization role W&B does not show/) }]);
    expect(await failuresOf({ ...mayBeIt, organizationRole: "admin" }, { ...mayBeIt, organizationRole: "member" })).toEqual([
      { property: "organizationRole", reason: expect.stringMatching(/^this would demote ops, an organization admin, .*WANDB_PROTECT_SELF=false pulumi up/) },
    ]);
    expect(await failuresOf(mayBeIt, { ...mayBeIt, userName: "ops2" })).toEqual([{ property: "userName", reason: expect.stringMatching(tellIt) }]);
    expect(await failuresOf({}, { ...mayBeIt, adoptExisting: true, active: false })).toEqual([{ property: "active", reason: expect.stringMatching(tellIt) }]);
    await expect(provider.dispatch("User", "delete", ["some-id", recordedUser("ops")])).rejects.toThrow(tellIt);
    await expect(provider.dispatch("User", "delete", ["some-id", { ...recordedUser("ops"), organizationRole: "admin" }])).rejects.toThrow(tellIt);

    const member = { ...mayBeIt, organizationRole: "member" };
    expect(await failuresOf(member, { ...member, active: false })).toEqual([]);
    expect(await failuresOf({}, { ...mayBeIt, active: false })).toEqual([]);
    expect((await readLog(emu)).counters.total).toBe(0);

    await configure({ authScheme: "bearer", username: "someone-else" });
    expect(await failuresOf(mayBeIt, { ...mayBeIt, active: false })).toEqual([]);
  });
});

describe("live admins, where the service shows roles, when the roster's record is written", () => {
  let shown: RunningEmulator;
  let documented: RunningEmulator;
  beforeAll(async () => {
    shown = await startEmulator({ port: 0, userRolesOnGet: "shown" });
    documented = await startEmulator({ port: 0 });
  });
  afterAll(async () => {
    await shown?.close();
    await documented?.close();
  });

  let provider: DynamicProvider;
  const configureFor = async (emu: RunningEmulator, minAdmins: string) => {
    provider = await dynamicProviderWith(stackConfigFor(emu, { minAdmins }));
  };
  // The seed's admins are "admin" and "second-admin": this roster manages second-admin, as a member.
  const demoting = { organization: "acme", users: ["second-admin", "ana"], admins: [], teams: {} };
  const create = () => provider.dispatch("RosterGuard", "create", [{ ...demoting, __provider: "shim" }]);

  it("refuses, before any write, a change that leaves fewer live admins than wandb:minAdmins, naming them", async () => {
    await configureFor(shown, "2");
    await resetLog(shown);
    await expect(create()).rejects.toThrow(
      'Organization "acme": this change removes or demotes the admin second-admin, leaving 1 organization admin in the organization as W&B lists it (admin), fewer than wandb:minAdmins (2). Nothing was written.',
    );
    expect((await readLog(shown)).counters.writes).toBe(0);
    await configureFor(shown, "1");
    await expect(create()).resolves.toMatchObject({ id: "acme" });
  });

  it("where the service shows no roles, the roster's count judged at preview is all there is", async () => {
    await configureFor(documented, "2");
    await expect(create()).resolves.toMatchObject({ id: "acme" });
  });
});

describe("the guard rails at the writes of one run", () => {
  const none = { users: [], admins: [] };
  const live = { users: 20, admins: 2 };

  it("refuses a wave that takes the run past wandb:maxRemovalFraction of the users W&B lists, counting what the run removed before", () => {
    expect(runRemovalsRefusal(["acme"], none, { users: names(5), admins: [] }, live, DEFAULTS)).toBeUndefined();
    expect(runRemovalsRefusal(["acme"], none, { users: names(6), admins: [] }, live, DEFAULTS)).toBe(
      'Organization "acme": this run removes 6 of the 20 users W&B lists (30%): u0, u1, u2, u3, u4, u5; more than wandb:maxRemovalFraction (25%) ' +
        "allows in one run. The guard rails judge each removal at its own write, however the run is invoked; nothing more is removed in this run. " +
        "If it is meant, let this one run through with `WANDB_MAX_REMOVAL_FRACTION=1 pulumi up` (or `pulumi destroy`) (when the stack config does not set " +
        "wandb:maxRemovalFraction; `pulumi config set wandb:maxRemovalFraction <value>` changes it for good).",
    );
    expect(runRemovalsRefusal(["acme"], { users: names(4), admins: [] }, { users: ["v0", "v1"], admins: [] }, live, DEFAULTS)).toContain(
      "this run removes 6 of the 20 users W&B lists (30%) (4 of them removed earlier in this run): u0, u1, u2, u3, v0, v1;",
    );
    expect(runRemovalsRefusal(["acme"], none, { users: names(6), admins: [] }, live, { ...DEFAULTS, maxRemovalFraction: 1 })).toBeUndefined();
  });

  it("refuses demotions that leave fewer than wandb:minAdmins of the admins W&B lists; where it shows no roles, they are not judged here", () => {
    expect(runRemovalsRefusal(["acme"], none, { users: [], admins: ["ada"] }, live, DEFAULTS)).toBeUndefined();
    expect(runRemovalsRefusal(["acme"], { users: [], admins: ["ada"] }, { users: [], admins: ["ops"] }, live, DEFAULTS)).toContain(
      'Organization "acme": this run removes or demotes the admins ada, ops (1 of them removed earlier in this run), leaving 0 of the 2 organization admins W&B lists, fewer than wandb:minAdmins (1).',
    );
    expect(runRemovalsRefusal(["acme"], none, { users: [], admins: ["ada", "ops"] }, { users: 20 }, DEFAULTS)).toBeUndefined();
  });

  it("counts the active users W&B lists, and its admins only where every one of them shows a role", () => {
    const ada = { userName: "ada", active: true, organizationRole: "admin" };
    const bo = { userName: "bo", active: true, organizationRole: "member" };
    const gone = { userName: "cy", active: false, organizationRole: "admin" };
    expect(liveCountOf([ada, bo, gone])).toEqual({ users: 2, admins: 1 });
    expect(liveCountOf([ada, { userName: "bo", active: true }])).toEqual({ users: 2 });
  });

  it("a team that loses more than wandb:maxRemovalFraction of its members refuses, saying when it is emptied", () => {
    const members = names(10);
    expect(teamRemovalRefusal("research", "acme", members, members.slice(2), DEFAULTS)).toBeUndefined();
    expect(teamRemovalRefusal("research", "acme", members, members.slice(3), DEFAULTS)).toContain(
      'Organization "acme": this change removes 3 of 10 members of team research (30%); more than wandb:maxRemovalFraction (25%) allows.',
    );
    expect(teamRemovalRefusal("research", "acme", ["U1@x.io"], ["u1@x.io"], DEFAULTS)).toBeUndefined();
    expect(teamRemovalRefusal("research", "acme", members, [], DEFAULTS)).toContain("removes 10 of 10 members of team research (100%), emptying it;");
    expect(teamRemovalRefusal("research", "acme", [], [], DEFAULTS)).toBeUndefined();
  });
});
