// examples/org-roster as it is, through the real engine against the emulator, on the multi-tenant
// cloud (users write membership; the suite's other programs run on a dedicated instance, where teams
// do). The component's plan on each deployment is shown in-process (organization.test.ts).
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { emulatorConfig, LET_REMOVALS_THROUGH, openStack, repoRoot, type StackHandle } from "../../support/pulumi";

interface EmulatorState {
  users: { userName: string; organizationRole: string; registryRoles: { registryName: string; roleName: string }[] }[];
  teams: { displayName: string; members: ({ user: string; role: string } | { serviceAccount: string })[] }[];
  roles: { name: string; inheritedFrom: string; permissions: string[] }[];
}

async function stateOf(emulator: RunningEmulator): Promise<EmulatorState> {
  const response = await fetch(`${emulator.controlUrl}/state`, { headers: { authorization: `Bearer ${emulator.admin.apiKey}` } });
  if (!response.ok) throw new Error(`GET ${emulator.controlUrl}/state: ${response.status} ${await response.text()}`);
  return (await response.json()) as EmulatorState;
}

const ROSTER_USERS = ["alice", "bob", "carol", "dan", "erin", "frank"];

/** Team → userName → role, for the users of the roster. */
function teamRoles(state: EmulatorState): Record<string, Record<string, string>> {
  return Object.fromEntries(
    state.teams.map((team) => [
      team.displayName,
      Object.fromEntries(team.members.flatMap((m) => ("user" in m && ROSTER_USERS.includes(m.user) ? [[m.user, m.role]] : []))),
    ]),
  );
}

describe("examples/org-roster on a saas emulator", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, deployment: "saas" });
    stack = await openStack({ dir: path.join(repoRoot, "examples", "org-roster") }, { config: emulatorConfig(emulator) });
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("creates the roster; reordering it changes nothing, moving a user updates membership only; unprotected, it destroys", async () => {
    const up = await stack.up();
    // 6 users, 1 custom role, 2 teams, 1 custom org role, 4 team roles, 1 registry role, the component, its roster record.
    expect(up.changes).toMatchObject({ create: 18 });
    expect(Object.keys(up.outputs["userIds"] as object).sort()).toEqual(ROSTER_USERS);
    expect(Object.keys(up.outputs["teamIds"] as object).sort()).toEqual(["ml-platform", "research"]);
    expect(up.outputs["deployment"]).toBe("saas");

    const state = await stateOf(emulator);
    const roleOf = (userName: string) => state.users.find((u) => u.userName === userName)?.organizationRole;
    expect(ROSTER_USERS.map(roleOf)).toEqual(["admin", "Run operator", "member", "member", "member", "member"]);
    expect(teamRoles(state)).toMatchObject({
      "ml-platform": { alice: "admin", bob: "Run operator", carol: "member" },
      research: { carol: "admin", dan: "member", erin: "member", frank: "viewer" },
    });
    expect(state.users.find((u) => u.userName === "carol")?.registryRoles).toEqual([{ registryName: "models", roleName: "admin" }]);
    expect(state.roles).toMatchObject([{ name: "Run operator", inheritedFrom: "member", permissions: ["project:delete", "run:delete"] }]);

    expect((await stack.preview()).changes).toEqual({ same: 18 });

    // Reordering the roster changes nothing; moving a user between teams updates only membership.
    const file = path.join(stack.workDir, "roster.yaml");
    const roster = parse(readFileSync(file, "utf8")) as { users: unknown[]; teams: { name: string; members: string[] }[] };
    roster.users.reverse();
    roster.teams.reverse();
    writeFileSync(file, stringify(roster));
    expect((await stack.preview()).changes).toEqual({ same: 18 });
    const [research, platform] = roster.teams;
    research!.members = research!.members.filter((m) => m !== "erin");
    platform!.members.push("erin");
    writeFileSync(file, stringify(roster));
    // Membership is the users' on saas: erin's update; the roster's record follows it.
    expect((await stack.up()).changes).toEqual({ same: 16, update: 2 });
    expect(teamRoles(await stateOf(emulator))).toMatchObject({ "ml-platform": { erin: "member" }, research: { frank: "viewer" } });
    expect(teamRoles(await stateOf(emulator))["research"]).not.toHaveProperty("erin");

    // Admins are protected: destroying needs them unprotected first.
    await stack.stack.setConfig("org-roster:protectAdmins", { value: "false" });
    await stack.up();
    // Deleting the roster's users is a removal like any other (test/lifecycle/guard-at-writes.test.ts): meant here.
    expect((await stack.withEnv(LET_REMOVALS_THROUGH, () => stack.destroy())).changes).toMatchObject({ delete: 18 });
    const after = await stateOf(emulator);
    expect(after.users.map((u) => u.userName).filter((u) => ROSTER_USERS.includes(u))).toEqual([]);
    expect(after.roles).toEqual([]);
  });
});

describe("examples/org-roster with a mistake in roster.yaml", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stack = await openStack({ dir: path.join(repoRoot, "examples", "org-roster") }, { config: emulatorConfig(emulator) });
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("fails the preview with the file, line, entry and fix, and no stack trace", async () => {
    const file = path.join(stack.workDir, "roster.yaml");
    const roster = readFileSync(file, "utf8");
    writeFileSync(file, roster.replace("members: [carol, dan, erin, frank]", "members: [carol, dan, erin, frank, grace]"));
    const line = roster.split("\n").findIndex((l) => l.includes("members: [carol, dan, erin, frank]")) + 1;
    const { diagnostics } = await stack.failing("preview");
    const errors = diagnostics.filter((d) => d.severity === "error").map((d) => d.message.trim());
    expect(errors).toContain(
      `roster.yaml:${line}: teams[1] "research": members[4] "grace" is not a user of the roster: add a user "grace" under users, or remove "grace" from the team`,
    );
    expect(errors.join("\n")).not.toMatch(/\n\s+at /);
  });
});
