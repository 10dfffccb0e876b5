// Adoption at the physical limit (issue 34), through the real engine on each front door: an
// Organization adopting the roster exported from an organization of 100 users, 5 teams and 5
// custom roles made without Pulumi sends at most 5 requests, none of them a write: one listing each
// of /Users, /Groups and /Roles answers every lookup, with no request per object (a listing's page
// holds 9,999 objects: more of them would only make the run longer). The roster has
// the roles W&B's documented API does not show filled in by hand, as the README's onboarding says
// (issue 41), one team role other than W&B's: adopting them writes none, and the component says
// what it recorded once per kind of role, not once per person.
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { parse, stringify } from "yaml";
import { rosterSchema } from "../../model/roster/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { closeAllPools } from "../../service";
import { readLog, readState, resetLog } from "../../scripts/emulator-api";
import { handMadeOrganization, handMadeUserName } from "../../scripts/bench/hand-made-organization";
import { RemoteComponent } from "../support/native-resources";
import { emulatorConfig, installedPackage, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { exportEnvironment, runCommand, scratchFolder } from "../support/export-command";

const SIZE = { users: 100, teams: 5, teamSize: 20, roles: 5 };
/** The three listings, and room for the guard's own read of the users. */
const REQUEST_BUDGET = 5;

/** The organization made by hand, with roles W&B's documented API does not show: two team roles, a registry role, a custom organization role. */
function withHiddenRoles() {
  const seed = handMadeOrganization(SIZE);
  const [first, second] = seed.teams ?? [];
  first!.members[0] = { user: handMadeUserName(0), role: "admin" };
  second!.members[0] = { user: handMadeUserName(SIZE.teamSize), role: "Role 0" };
  const users = seed.users.map((user) =>
    user.userName === handMadeUserName(2)
      ? { ...user, registryRoles: [{ registryName: "models", roleName: "admin" }] }
      : user.userName === handMadeUserName(3)
        ? { ...user, organizationRole: "Role 1" }
        : user,
  );
  return { ...seed, users, registries: ["models"] };
}

/** The README's onboarding step 2: the roles the export could not show, written into the roster by hand; the first team role differs from W&B's. */
function fillInRoles(file: string): void {
  const roster = rosterSchema.parse(parse(readFileSync(file, "utf8")));
  roster.teams[0]!.roles = { [handMadeUserName(0)]: "viewer" };
  roster.teams[1]!.roles = { [handMadeUserName(SIZE.teamSize)]: "Role 0" };
  roster.registryRoles = [{ user: handMadeUserName(2), registry: "models", role: "admin" }];
  roster.users.find((user) => user.userName === handMadeUserName(3))!.organizationRole = "Role 1";
  writeFileSync(file, stringify(roster));
}

/** The kinds of role the component names once each, how many, and a holder it names. */
const NAMED_ONCE = [
  ["organization roles", SIZE.users + 1, `as member: member, ${handMadeUserName(0)}, `],
  ["custom organization roles", 1, `as Role 1: ${handMadeUserName(3)})`],
  ["team roles", 2, `as viewer: ${handMadeUserName(0)} in team team-0000; as Role 0: ${handMadeUserName(SIZE.teamSize)} in team team-0001)`],
  ["registry roles", 1, `as admin: ${handMadeUserName(2)} in registry models)`],
] as const;

describe.each(["dynamic", "native"] as const)("adopting %s: 300 users, 20 teams, 5 custom roles from the listings", (door) => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: withHiddenRoles() });
    const folder = scratchFolder();
    const exported = await runCommand(["export", "--roster", "roster.yaml"], exportEnvironment(emulator), folder);
    expect(exported.code).toBe(0);
    const roster = path.join(folder, "roster.yaml");
    fillInRoles(roster);
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

  it(`adopts every object, the roles W&B does not show included, with at most ${REQUEST_BUDGET} requests and no write, naming the roles once per kind`, async () => {
    await resetLog(emulator);
    const result = await stack.up();
    const log = await readLog(emulator);
    expect(log.counters.writes).toBe(0);
    expect(log.counters.total, JSON.stringify(log.counters.byRoute)).toBeLessThanOrEqual(REQUEST_BUDGET);
    // Listings only: not one read of a single object.
    expect(Object.keys(log.counters.byRoute).sort()).toEqual(["GET /scim/Groups", "GET /scim/Roles", "GET /scim/Users"]);
    // The seed's own users are in the export too.
    expect(Object.keys(result.outputs["userIds"] as object).length).toBeGreaterThanOrEqual(SIZE.users);
    expect(result.changes["create"]).toBeGreaterThanOrEqual(SIZE.users + SIZE.teams + SIZE.roles + 4);
    // W&B holds research's admin where the roster says viewer: adopting leaves it so.
    const held = (await readState(emulator)).teams.find((team: { displayName: string }) => team.displayName === "team-0000");
    expect(held.members).toContainEqual({ user: handMadeUserName(0), role: "admin" });
    // Said once per kind of role, by the component, naming the people; never once per person.
    const warnings = result.diagnostics.filter((each) => each.severity === "warning").map((each) => each.message);
    for (const [kind, count, holders] of NAMED_ONCE) {
      const said = warnings.filter((message) => message.includes(`Organization "acme" adopted ${count} ${kind} that W&B does not show`));
      expect(said, `${kind}:\n${warnings.join("\n")}`).toHaveLength(1);
      expect(said[0]).toContain(holders);
    }
    expect(warnings.filter((message) => /taken over: W&B does not show/.test(message))).toEqual([]);
  });
});
