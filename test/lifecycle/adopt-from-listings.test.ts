// Adoption at the physical limit (issue 34), through the real engine on each front door: an
// Organization adopting the roster exported from an organization of 300 users, 20 teams and 5
// custom roles made without Pulumi sends at most 5 requests, none of them a write: one listing each
// of /Users, /Groups and /Roles answers every lookup, with no request per object.
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { closeAllPools } from "../../service";
import { readLog, resetLog } from "../../scripts/emulator-api";
import { handMadeOrganization } from "../../scripts/bench/hand-made-organization";
import { RemoteComponent } from "../support/native-resources";
import { emulatorConfig, installedPackage, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { exportEnvironment, runCommand, scratchFolder } from "../support/export-command";

const SIZE = { users: 300, teams: 20, teamSize: 20, roles: 5 };
/** The three listings, and room for the guard's own read of the users. */
const REQUEST_BUDGET = 5;

describe.each(["dynamic", "native"] as const)("adopting %s: 300 users, 20 teams, 5 custom roles from the listings", (door) => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: handMadeOrganization(SIZE) });
    const folder = scratchFolder();
    const exported = await runCommand(["export", "--roster", "roster.yaml"], exportEnvironment(emulator), folder);
    expect(exported.code).toBe(0);
    const roster = path.join(folder, "roster.yaml");
    const wandb = installedPackage();
    stack = await openStack(
      {
        projectName: `adopt-listings-${door}`,
        inline: async () => {
          const args = { roster, adoptExisting: true };
          const userIds = door === "dynamic" ? new wandb.Organization("acme", args).userIds : new RemoteComponent("Organization", "acme", args, ["userIds"]).outputs["userIds"];
          return { userIds };
        },
      },
      { config: emulatorConfig(emulator), ...(door === "native" ? { providerPlugins: [{ name: "wandb", path: repoRoot }] } : {}) },
    );
  });

  afterAll(async () => {
    await stack?.dispose();
    await closeAllPools();
    await emulator?.close();
  });

  it(`adopts every object with at most ${REQUEST_BUDGET} requests and no write`, async () => {
    await resetLog(emulator);
    const result = await stack.up();
    const log = await readLog(emulator);
    expect(log.counters.writes).toBe(0);
    expect(log.counters.total, JSON.stringify(log.counters.byRoute)).toBeLessThanOrEqual(REQUEST_BUDGET);
    // Listings only: not one read of a single object.
    expect(Object.keys(log.counters.byRoute).sort()).toEqual(["GET /scim/Groups", "GET /scim/Roles", "GET /scim/Users"]);
    // The seed's own users are in the export too.
    expect(Object.keys(result.outputs["userIds"] as object).length).toBeGreaterThanOrEqual(SIZE.users);
    expect(result.changes["create"]).toBeGreaterThanOrEqual(SIZE.users + SIZE.teams + SIZE.roles);
  });
});
