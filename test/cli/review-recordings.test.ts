// The recorded `pulumi preview --json` files the access review's fast tests read (test/cli/fixtures),
// made by the real engine against the emulator, through both doors: the dynamic resources from
// TypeScript and the native plugin from Python. Each door's program adopts an organization made by
// hand, then previews a change of every kind of access, a rename of the component, a change the
// guard rails refuse, a program that fails, and changes made outside code. With CAPTURE_REVIEW_FIXTURES=1 every
// file is written again, both doors previewing every scenario; without it, each scenario is previewed on
// the one door FIXTURES names `live` (three each), and its fresh preview must be reviewed exactly as its
// recorded file is: every scenario, and each door's JSON, are still checked against the live engine in
// every run, and the other door's file of a scenario is read by the fast tests as recorded
// (test/cli/review-fixtures.test.ts, which reviews all twelve).
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { rosterSchema, type ShapedRoster } from "../../model/roster/schema";
import { seedSchema, startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorApi, readState } from "../../scripts/emulator-api";
import { exportEnvironment, runCommand } from "../support/export-command";
import { organizationMadeByHand } from "../support/organization-by-hand";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { capturingFixtures, checkedAgainstRecord, FIXTURES, fixtureText, type Door, type Scenario } from "../support/review-fixtures";

const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

const PROGRAMS: Record<Door, string> = {
  dynamic: path.join(repoRoot, "test", "programs", "reviewed-org"),
  plugin: path.join(repoRoot, "test", "programs", "python-reviewed-org"),
};

/** The organization made by hand, with four more people in research: one of them may leave without a guard rail refusing. */
function seed() {
  const madeByHand = organizationMadeByHand();
  const extra = ["eve", "fay", "gus", "hal"];
  return {
    ...madeByHand,
    users: [...madeByHand.users, ...extra.map((userName) => ({ userName, email: `${userName}@example.com` }))],
    teams: (madeByHand.teams ?? []).map((team) => (team.displayName === "research" ? { ...team, members: [...team.members, ...extra.map((user) => ({ user }))] } : team)),
  };
}

describe.each(["dynamic", "plugin"] as const)("recorded previews for the access review: %s door", (door) => {
  /** Whether this run previews `scenario` on this door: on its live door, or on both when recording. */
  const previewed = (scenario: Scenario) => capturingFixtures() || FIXTURES[scenario].live === door;
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let adopted: ShapedRoster;

  const rosterFile = () => path.join(stack.workDir, "roster.yaml");
  const writeRoster = (roster: ShapedRoster) => writeFileSync(rosterFile(), stringify(roster));
  const edited = (edit: (roster: ShapedRoster) => void) => {
    const roster = structuredClone(adopted);
    edit(roster);
    return roster;
  };

  /** Runs `run` with one stack config key set, then unsets it. */
  async function withConfig(key: string, value: string, run: () => Promise<void>): Promise<void> {
    await stack.stack.setConfig(key, { value });
    try {
      await run();
    } finally {
      await stack.stack.removeConfig(key);
    }
  }

  /** Records (or checks against its record) the preview of `scenario`, as `pulumi preview --json` prints it. */
  async function recorded(scenario: Scenario, args: string[] = []): Promise<void> {
    const { json, code } = await stack.previewJson(args);
    expect(code !== 0, `whether the ${scenario} preview fails`).toBe(FIXTURES[scenario].fails);
    const fresh = fixtureText(json, emulator.url);
    const { users, serviceAccounts } = seedSchema.parse(seed());
    for (const key of [emulator.admin.apiKey, ...users.flatMap((user) => user.apiKey ?? []), ...serviceAccounts.map((account) => account.apiKey)]) {
      expect(fresh).not.toContain(key);
    }
    await checkedAgainstRecord(`${door}-${scenario}`, fresh, FIXTURES[scenario].drift ? ["--drift"] : []);
  }

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: seed(), userRolesOnGet: "omitted" });
    stack = await openStack({ dir: PROGRAMS[door] }, { config: emulatorConfig(emulator) });
    const exported = await runCommand(["export", "--roster", "roster.yaml"], exportEnvironment(emulator), stack.workDir);
    expect(exported.code, exported.err.join("\n")).toBe(0);
    // The README's step 2: the roles the documented wire hides, filled in by hand, as W&B holds them.
    adopted = rosterSchema.parse(parse(readFileSync(rosterFile(), "utf8")));
    for (const user of adopted.users) if (["admin", "breakglass-admin"].includes(user.userName)) user.organizationRole = "admin";
    adopted.users.find((user) => user.userName === "Bo.Chen")!.organizationRole = "Run operator";
    adopted.teams.find((team) => team.name === "research")!.roles = { ana: "admin" };
    adopted.teams.find((team) => team.name === "ML Platform")!.roles = { cy: "Run operator" };
    adopted.registryRoles = [{ user: "Bo.Chen", registry: "models", role: "admin" }];
    writeRoster(adopted);
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("adopts the organization made by hand", async () => {
    if (previewed("adopt")) await recorded("adopt");
    await stack.up();
  });

  it.runIf(previewed("change"))("changes every kind of access", async () => {
    writeRoster(
      edited((roster) => {
        roster.users.push({ userName: "dee", email: "dee@example.com" });
        roster.users = roster.users.filter((user) => user.userName !== "hal");
        roster.users.find((user) => user.userName === "ana")!.organizationRole = "admin";
        const research = roster.teams.find((team) => team.name === "research")!;
        research.members = [...research.members.filter((member) => member !== "hal"), "dee"];
        research.roles = { ...research.roles, eve: "admin" };
        // A team W&B does not hold, under adoptExisting: created, its members joining.
        roster.teams.push({ name: "vision", members: ["dee", "cy"], roles: {}, membersFrom: "code" });
        roster.customRoles.find((role) => role.name === "Run operator")!.permissions.push("project:update");
        roster.registryRoles = [...(roster.registryRoles ?? []), { user: "cy", registry: "models", role: "viewer" }];
      }),
    );
    await withConfig("kim", "true", () => recorded("change")).finally(() => writeRoster(adopted));
  });

  it.runIf(previewed("rename"))("renames the component", async () => {
    await withConfig("organization", "acme-renamed", () => recorded("rename"));
  });

  it.runIf(previewed("refused"))("is refused by a guard rail", async () => {
    writeRoster(
      edited((roster) => {
        const research = roster.teams.find((team) => team.name === "research")!;
        research.members = research.members.filter((member) => typeof member !== "string" || !["fay", "gus", "hal"].includes(member));
      }),
    );
    await recorded("refused").finally(() => writeRoster(adopted));
  });

  it.runIf(previewed("failed-lookup"))("fails on a lookup of nobody", async () => {
    await withConfig("lookUp", "nobody", () => recorded("failed-lookup"));
  });

  it.runIf(previewed("drift"))("finds changes made outside code", async () => {
    const state = (await readState(emulator)) as { users: { id: string; userName: string }[]; teams: { id: string; displayName: string }[] };
    const idOf = (userName: string) => state.users.find((user) => user.userName === userName)!.id;
    const teamId = (name: string) => state.teams.find((team) => team.displayName === name)!.id;
    const scim = emulatorApi(emulator).scim;
    await scim("PATCH", `/Groups/${teamId("research")}`, { schemas: [PATCH_OP], Operations: [{ op: "remove", path: `members[value eq "${idOf("eve")}"]` }] });
    await scim("PATCH", `/Groups/${teamId("solo")}`, { schemas: [PATCH_OP], Operations: [{ op: "add", path: "members", value: [{ value: idOf("cy") }] }] });
    await recorded("drift", ["--refresh", "--expect-no-changes", "--show-sames"]);
  });
});
