// deactivateInactiveAfterDays through the real engine, on each door (issue 33), on a dedicated
// instance and on the multi-tenant cloud (a self-managed instance deactivates as a dedicated one does):
// on an organization whose users' activity is set through the emulator's control API, a roster of
// 90 days with an ignore glob is refused at preview when the inactive are more than
// wandb:maxRemovalFraction of the users W&B lists, naming them; under it, `up --refresh` deactivates
// exactly the inactive users the glob does not match (one declared, one not), and the next `preview
// --refresh` plans no change: the declared one is not reactivated by its own User. The record's
// verdicts (the review's) name them. The multi-tenant cloud, where deactivation removes a user for
// good, refuses the key at preview before any request: through the plugin's Construct; the dynamic
// door's program refuses it in the same planOrganization (test/model/inactive-deactivation.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { defaultSeed } from "../../emulator/seed";
import { DAY_MS } from "../../model/activity";
import { emulatorApi, readLog, readState } from "../../scripts/emulator-api";
import { DOORS } from "../support/native-resources";
import { emulatorConfig, openStack, repoRoot, type Diagnostic, type StackHandle } from "../support/pulumi";

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const RECENT = { daysActive: 30, lastActiveAt: daysAgo(2) };

/** Beside the seed's three users (recently active): who the roster declares, and who it does not. */
const DECLARED = { bo: { daysActive: 4, lastActiveAt: daysAgo(200) }, cy: RECENT };
const UNDECLARED = {
  dee: { daysActive: 0, lastActiveAt: null },
  eve: { daysActive: 9, lastActiveAt: daysAgo(150) },
  "breakglass-ops": { daysActive: 1, lastActiveAt: daysAgo(300) },
};
const ACTIVITY: Record<string, { daysActive: number; lastActiveAt: string | null }> = {
  admin: RECENT,
  "second-admin": RECENT,
  member: RECENT,
  ...DECLARED,
  ...UNDECLARED,
};

const person = (userName: string, organizationRole = "member") => ({ userName, email: `${userName}@acme.example`, organizationRole });
const ROSTER_USERS = [person("admin", "admin"), person("second-admin", "admin"), person("member"), ...Object.keys(DECLARED).map((name) => person(name))];
/** Every declared user in a team: the multi-tenant cloud holds users through teams. */
const ROSTER_TEAMS = [{ name: "crew", members: ROSTER_USERS.map((user) => user.userName) }];
/**
 * Each door on a dedicated instance; the multi-tenant cloud's refusal through the plugin's Construct
 * (the dynamic door's program refuses it in the same planOrganization, whose refusal
 * test/model/inactive-deactivation.test.ts shows).
 */
const CASES = (["dedicated", "saas"] as const)
  .flatMap((deployment) => Object.entries(DOORS).map(([door, spec]) => ({ deployment, door, ...spec })))
  .filter(({ deployment, door }) => deployment === "dedicated" || door === "plugin");

const errorsOf = (diagnostics: Diagnostic[]) => diagnostics.filter((d) => d.severity === "error").map((d) => d.message).join("\n");

interface HeldUser {
  id: string;
  userName: string;
  active: boolean;
}

describe.each(CASES)("deactivateInactiveAfterDays on $deployment ($door door)", ({ deployment, door, declarer, plugins }) => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let days: number | undefined;

  const users = async () => ((await readState(emulator)) as { users: HeldUser[] }).users;
  const setActivity = async (userName: string, activity: { daysActive: number; lastActiveAt: string | null }) => {
    const held = (await users()).find((user) => user.userName === userName)!;
    await emulatorApi(emulator).control("PUT", `/users/${held.id}/activity`, activity);
  };

  beforeAll(async () => {
    const seed = defaultSeed();
    // Made long ago: someone never active counts as inactive once created more than 90 days ago.
    const made = [...Object.keys(DECLARED), ...Object.keys(UNDECLARED)].map((userName) => ({ ...person(userName), created: daysAgo(400) }));
    emulator = await startEmulator({ port: 0, deployment, seed: { ...seed, users: [...seed.users, ...made] } });
    for (const [userName, activity] of Object.entries(ACTIVITY)) await setActivity(userName, activity);
    stack = await openStack(
      {
        projectName: `inactive-${deployment}-${door}`,
        inline: async () => {
          const roster = { users: ROSTER_USERS, teams: ROSTER_TEAMS, outsideCode: { ignore: ["breakglass-*"] }, ...(days === undefined ? {} : { deactivateInactiveAfterDays: days }) };
          declarer()("Organization", "acme", { roster, adoptExisting: true });
        },
      },
      { config: emulatorConfig(emulator), ...(plugins ? { providerPlugins: [{ name: "wandb", path: repoRoot }] } : {}) },
    );
    if (deployment !== "saas") await stack.up();
    days = 90;
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it.runIf(deployment === "saas")("is refused at preview before any request: deactivation would remove users for good", async () => {
    const before = (await readLog(emulator)).requests.length;
    const refused = await stack.failing("preview");
    expect(errorsOf(refused.diagnostics)).toContain("deactivateInactiveAfterDays is not offered on the multi-tenant cloud (saas)");
    expect((await readLog(emulator)).requests.length).toBe(before);
    expect((await users()).every((user) => user.active)).toBe(true);
  });

  it.skipIf(deployment === "saas")("is refused at preview for 3 of the 8 users W&B lists (38%), naming them and the one-run override", async () => {
    const refused = await stack.failing("preview", { refresh: true });
    const errors = errorsOf(refused.diagnostics);
    expect(errors).toContain("this change removes 3 of the 8 users W&B lists (38%): bo, dee, eve, not active in 90 days (deactivateInactiveAfterDays)");
    expect(errors).toContain("`WANDB_MAX_REMOVAL_FRACTION=1 pulumi up`");
    expect((await users()).every((user) => user.active)).toBe(true);
  });

  it.skipIf(deployment === "saas")("under the fraction, up --refresh deactivates exactly the inactive users the glob does not match; the next preview --refresh plans no change", async () => {
    await setActivity("eve", RECENT);
    await stack.up({ refresh: true });
    // The guard rails' verdicts, which `pulumi-wandb review` prints, name who the run deactivated for inactivity.
    expect(JSON.stringify(await stack.exportState())).toContain(
      "passed: removes 2 of the 8 users W&B lists (25%): bo, dee, not active in 90 days (deactivateInactiveAfterDays)",
    );
    expect((await users()).filter((user) => !user.active).map((user) => user.userName).sort()).toEqual(["bo", "dee"]);
    const preview = await stack.preview({ refresh: true });
    expect(preview.changes).not.toHaveProperty("update");
    expect((await users()).filter((user) => !user.active).map((user) => user.userName).sort()).toEqual(["bo", "dee"]);
  });
});
