// A ServiceAccount through the real engine, on both front doors: made (team-scoped, in the seed's
// team) and a roster's `serviceAccounts:` entry, made by the Organization after the roster's team it
// joins, never counted as one of the roster's users nor reported as outside code. Then each door
// goes on alone: the dynamic door's rename replaces the account (the old one left in W&B, as no
// documented SCIM request deletes one); the native plugin imports by id an account made outside
// Pulumi, which the program then declares with no change, and its destroy sends nothing. The same
// calls through both doors, in process: test/provider/doors/parity.test.ts (check, diff, create,
// delete); each kind's own rules: test/provider/resources/service-account.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { adminRequest, readLog, readState, resetLog } from "../../scripts/emulator-api";
import { emulatorConfig, installedPackage, openStack, repoRoot, type OpenStackOptions, type StackHandle } from "../support/pulumi";
import { DOORS as DECLARERS } from "../support/native-resources";

const TEAMS_EXTENSION = "urn:ietf:params:scim:schemas:extension:teams:2.0:User";
const SEED_TEAM = "seed-team";
const BOTS_TEAM = "bots";
const ROSTER_BOT = "roster-bot";

const DOORS: [string, keyof typeof DECLARERS, Partial<OpenStackOptions>][] = [
  ["dynamic resources", "dynamic", {}],
  ["native plugin", "plugin", { providerPlugins: [{ name: "wandb", path: repoRoot }] }],
];

const accountsNamed = async (emulator: RunningEmulator, name: string): Promise<{ id: string; accountType: string }[]> =>
  (await readState(emulator)).serviceAccounts.filter((account: { name: string }) => account.name === name);

describe.each(DOORS)("ServiceAccount: %s", (_door, declarer, options) => {
  const plugin = declarer === "plugin";
  let emulator: RunningEmulator;
  let stack: StackHandle;
  /** What the program declares now: the test renames it between runs. */
  let accountName = `ci-bot-${plugin ? "plugin" : "dynamic"}`;
  /** Made outside Pulumi and imported (the native plugin's run only). */
  const outsider = "made-in-the-app";

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stack = await openStack(
      {
        projectName: `service-account-${plugin ? "plugin" : "dynamic"}`,
        inline: async () => {
          const declare = DECLARERS[declarer].declarer();
          declare("ServiceAccount", "ci-bot", { name: accountName, scope: "team", defaultTeam: SEED_TEAM });
          if (plugin) declare("ServiceAccount", "outsider", { name: outsider, scope: "organization", defaultTeam: SEED_TEAM });
          declare("Organization", "acme", {
            roster: { teams: [{ name: BOTS_TEAM, members: [] }], serviceAccounts: [{ name: ROSTER_BOT, scope: "team", defaultTeam: BOTS_TEAM }] },
          });
        },
      },
      { config: emulatorConfig(emulator), ...options },
    );
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it(plugin ? "is imported, made, unchanged on a second run, and a destroy sends nothing" : "is made, and replaced by a rename (the old one left in W&B)", async () => {
    if (plugin) {
      const made = await adminRequest(emulator, "POST", "/scim/Users", {
        schemas: ["urn:ietf:params:scim:schemas:core:2.0:User", TEAMS_EXTENSION],
        userName: outsider,
        accountType: "ORG_SERVICE",
        [TEAMS_EXTENSION]: { defaultTeam: SEED_TEAM },
      });
      const imported = await stack.stack.import({
        resources: [{ type: "wandb:index:ServiceAccount", name: "outsider", id: made.body.id }],
        protect: false,
        generateCode: false,
      });
      expect(imported.summary.result).toBe("succeeded");
    }

    const first = await stack.up();
    expect(await accountsNamed(emulator, accountName)).toEqual([expect.objectContaining({ accountType: "SERVICE" })]);
    // The roster's service account, in the roster's team; the guard's record lists it among no users.
    expect(await accountsNamed(emulator, ROSTER_BOT)).toEqual([expect.objectContaining({ accountType: "SERVICE" })]);
    const bots = (await readState(emulator)).teams.find((team: { displayName: string }) => team.displayName === BOTS_TEAM);
    expect(bots.members.map((member: { user?: string; serviceAccount?: string }) => member.serviceAccount ?? member.user)).toContain(ROSTER_BOT);
    expect(first.log).not.toMatch(new RegExp(`outside code:[^\n]*${ROSTER_BOT}`));
    const { resources } = (await stack.exportState()) as { resources: { urn: string; outputs?: { users?: string[] } }[] };
    expect(resources.find((resource) => resource.urn.endsWith("::acme/guard"))?.outputs?.users).toEqual([]);
    if (plugin) {
      // The imported account, declared as imported: W&B shows no scope, so the declaration is taken as it is.
      expect(await stack.previewSteps()).toEqual([]);
      await resetLog(emulator);
      const destroyed = await stack.destroy();
      expect(destroyed.log).toContain(`service account "${accountName}"`);
      const writes = (await readLog(emulator)).requests.filter((request) => request.method !== "GET");
      expect(writes).toEqual([]);
      expect(await accountsNamed(emulator, accountName)).toHaveLength(1);
      return;
    }

    const oldName = accountName;
    accountName = `${oldName}-2`;
    const renamed = await stack.up();
    expect(renamed.changes).toMatchObject({ replace: 1 });
    expect(renamed.log).toContain(`service account "${oldName}"`);
    expect(renamed.log).toContain("no documented SCIM request deletes a service account. Delete it in the W&B App");
    expect(await accountsNamed(emulator, accountName)).toHaveLength(1);
    expect(await accountsNamed(emulator, oldName)).toHaveLength(1);
  });
});
