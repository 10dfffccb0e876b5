// Issue 5's acceptance run through the real engine: every resource kind, drift made outside
// Pulumi found by refresh and repaired by up, no 412 between resources sharing a user (in the same
// up as the repairs), a preview of zero changes that sends no write, and a destroy that leaves the
// organization as seeded (teams as their deletion policy says).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, openStack, type StackHandle } from "../support/pulumi";
import { emulatorApi, heldUser, type EmulatorApi } from "../../scripts/emulator-api";
import { organizationProgram } from "../programs/organization";

interface OrgState {
  users: { id: string; userName: string }[];
  teams: { id: string; displayName: string; members: ({ user: string } | { serviceAccount: string })[] }[];
  roles: { id: string; name: string }[];
}

// On W&B's documented wire (no roles on GET). A service that shows roles on GET reads a team role
// changed outside Pulumi as drift, and a user's write and its assignment's in one run still pass:
// each resource's read and write on that wire is shown in-process (the "emulator, roles shown"
// project runs test/provider/resources/role-assignments.test.ts against it).
describe("an organization declared in code, through the real engine", () => {
  let emulator: RunningEmulator;
  let api: EmulatorApi;
  let stack: StackHandle;
  let seeded: OrgState;
  let userIds: Record<string, string>;
  let teamIds: Record<string, string>;
  /** The stack's outputs after the first up. */
  let created: Record<string, unknown>;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, userRolesOnGet: "omitted" });
    api = emulatorApi(emulator);
    seeded = (await api.control("GET", "/state")) as OrgState;
    const seedTeam = seeded.teams.find((team) => team.displayName === "seed-team");
    stack = await openStack(
      { projectName: "organization", inline: organizationProgram },
      { config: { ...emulatorConfig(emulator), "organization:seedTeamId": { value: seedTeam?.id ?? "" } } },
    );
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("creates every resource", async () => {
    const result = await stack.up();
    // 22 users, 3 teams, 2 roles, 1 team member, 5 assignments, and the stack itself.
    expect(result.changes).toEqual({ create: 34 });
    created = result.outputs;
    userIds = result.outputs["userIds"] as Record<string, string>;
    teamIds = result.outputs["teamIds"] as Record<string, string>;
    const alpha = await api.scim("GET", `/Groups/${teamIds["alpha"]}`);
    expect(JSON.stringify(alpha)).toContain(userIds["user07"]);
  });

  it("finds each change made outside Pulumi as drift, and up restores it, a user and a role assignment on it updated in the same up without a 412; then it previews zero changes and sends no write", async () => {
    const id = (name: string) => userIds[name] ?? "";
    await api.scim("PATCH", `/Users/${id("user10")}`, patch({ op: "replace", path: "displayName", value: "Renamed outside" }));
    await api.scim("PATCH", `/Groups/${teamIds["beta"]}`, patch({ op: "remove", path: `members[value eq "${id("user12")}"]` }));
    const operatorId = String(created["operatorRoleId"]);
    await api.scim("PATCH", `/Roles/${operatorId}`, patch({ op: "add", path: "permissions", value: [{ name: "project:delete" }] }));
    await api.scim("PATCH", `/Users/${id("user02")}`, patch({ op: "replace", path: "teamRoles", value: [{ teamName: "alpha", roleName: "viewer" }] }));
    await api.scim("DELETE", `/Users/${id("user20")}`);

    await stack.refresh();
    const drift = await stack.previewSteps();
    expect(drift).toEqual(
      expect.arrayContaining([
        { op: "update", name: "user10", diffs: ["displayName"] },
        { op: "update", name: "beta", diffs: ["members"] },
        { op: "update", name: "operator", diffs: ["permissions"] },
        { op: "create", name: "user20", diffs: [] },
      ]),
    );
    // A team role changed outside Pulumi shows only where GET shows roles (README, Limits of the service).
    expect(drift).not.toContainEqual({ op: "update", name: "user02-alpha-admin", diffs: ["roleName"] });

    // The up that repairs the drift also updates a user and a role assignment on that same user: both
    // in one up, without a 412 (independent of the repairs, so it shares their run).
    await stack.stack.setAllConfig({
      "organization:user05DisplayName": { value: "Five, promoted" },
      "organization:user05TeamRole": { value: "admin" },
    });
    const repaired = await stack.up();
    expect(repaired.changes["create"]).toBe(1);
    const user10 = (await api.scim("GET", `/Users/${id("user10")}`)) as { displayName: string };
    expect(user10.displayName).toBe("User 10");
    expect(JSON.stringify(await api.scim("GET", `/Groups/${teamIds["beta"]}`))).toContain(id("user12"));
    const user05 = (await heldUser(emulator, userIds["user05"] ?? "")) as { displayName: string; teamRoles: unknown };
    expect(user05.displayName).toBe("Five, promoted");
    expect(JSON.stringify(user05.teamRoles)).toContain("admin");

    // Then nothing is left to change, and a preview sends no write.
    await api.control("DELETE", "/log");
    expect((await stack.preview()).changes).toEqual({ same: 34 });
    const log = (await api.control("GET", "/log")) as { counters: { writes: number } };
    expect(log.counters.writes).toBe(0);
  });

  it("destroys everything, leaving the org as seeded except teams, as their policy says", async () => {
    const result = await stack.destroy();
    expect(result.changes).toEqual({ delete: 34 });
    const after = (await api.control("GET", "/state")) as OrgState;
    expect(after.users.map((u) => u.userName).sort()).toEqual(seeded.users.map((u) => u.userName).sort());
    expect(after.roles).toEqual(seeded.roles);
    const members = (name: string) => after.teams.find((team) => team.displayName === name)?.members ?? [];
    // The API cannot delete teams: "empty" (the default) leaves only the service accounts and says
    // so; "retain" sends nothing. Their users are gone either way, deleted by the User resources.
    expect(after.teams.map((team) => team.displayName)).toEqual(expect.arrayContaining(["alpha", "beta", "gamma"]));
    for (const name of ["alpha", "beta", "gamma"]) {
      expect(members(name).length).toBeGreaterThan(0);
      expect(members(name).every((member) => "serviceAccount" in member)).toBe(true);
    }
    expect(members("seed-team")).toEqual(seeded.teams.find((team) => team.displayName === "seed-team")?.members);
    expect(result.diagnostics.map((d) => d.message).join("\n")).toMatch(/emptied.*delete it in the W&B web application/);
  });

  it("never writes the API key to the state or the engine's log", async () => {
    expect(JSON.stringify(await stack.exportState())).not.toContain(emulator.admin.apiKey);
    expect(stack.fullLog()).not.toContain(emulator.admin.apiKey);
  });
});

function patch(...operations: unknown[]) {
  return { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: operations };
}
