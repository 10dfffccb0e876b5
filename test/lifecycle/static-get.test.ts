// `static get(name, id)` reads an existing object of every type with every property its state
// holds, through the real engine: one stack makes them, another reads them by id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, installedPackage, openStack, type StackHandle } from "../support/pulumi";

describe("static get reads every property of every type", () => {
  let emulator: RunningEmulator;
  let maker: StackHandle;
  let reader: StackHandle;
  let made: Record<string, string> = {};

  beforeAll(async () => {
    // Roles shown on GET: with the documented wire no read can tell an assignment's role (the
    // skeleton says so instead of guessing; test/resources/role-assignments.test.ts).
    emulator = await startEmulator({ port: 0, userRolesOnGet: "shown" });
    const wandb = installedPackage();
    const config = emulatorConfig(emulator);
    maker = await openStack(
      {
        projectName: "static-get-maker",
        inline: async () => {
          const ana = new wandb.User("ana", { userName: "ana-get", email: "ana-get@example.com", displayName: "Ana", organizationRole: "member" });
          const bo = new wandb.User("bo", { userName: "bo-get", email: "bo-get@example.com" });
          const team = new wandb.Team("team", { name: "get-team", members: [ana.id] });
          const member = new wandb.TeamMember("member", { teamId: team.id, user: bo.id });
          const role = new wandb.CustomRole("role", { name: "Get auditor", description: "reads", inheritedFrom: "viewer", permissions: ["run:stop"] });
          const org = new wandb.OrganizationRoleAssignment("org", { user: bo.id, role: "admin" });
          const teamRole = new wandb.TeamRoleAssignment("teamRole", { user: ana.id, teamName: team.name, roleName: "admin" });
          const registryRole = new wandb.RegistryRoleAssignment("registryRole", { user: ana.id, registryName: "models", roleName: "viewer" });
          return {
            user: ana.id, team: team.id, member: member.id, role: role.id,
            org: org.id, teamRole: teamRole.id, registryRole: registryRole.id,
          };
        },
      },
      { config },
    );
    reader = await openStack(
      {
        projectName: "static-get-reader",
        inline: async () => {
          const user = wandb.User.get("user", made["user"]!);
          const team = wandb.Team.get("team", made["team"]!);
          const member = wandb.TeamMember.get("member", made["member"]!);
          const role = wandb.CustomRole.get("role", made["role"]!);
          const org = wandb.OrganizationRoleAssignment.get("org", made["org"]!);
          const teamRole = wandb.TeamRoleAssignment.get("teamRole", made["teamRole"]!);
          const registryRole = wandb.RegistryRoleAssignment.get("registryRole", made["registryRole"]!);
          return {
            user: { userName: user.userName, email: user.email, displayName: user.displayName, active: user.active, etag: user.etag, createdAt: user.createdAt, teams: user.teams },
            team: { name: team.name, members: team.members, memberIds: team.memberIds, etag: team.etag },
            member: { teamId: member.teamId, user: member.user, userId: member.userId },
            role: { name: role.name, description: role.description, inheritedFrom: role.inheritedFrom, permissions: role.permissions },
            org: { user: org.user, role: org.role, userId: org.userId },
            teamRole: { user: teamRole.user, teamName: teamRole.teamName, roleName: teamRole.roleName },
            registryRole: { user: registryRole.user, registryName: registryRole.registryName, roleName: registryRole.roleName },
          };
        },
      },
      { config },
    );
  });

  afterAll(async () => {
    await reader?.dispose();
    await maker?.dispose();
    await emulator?.close();
  });

  it("makes one of each type, then reads each by id with its properties", async () => {
    made = (await maker.up()).outputs as Record<string, string>;
    const read = (await reader.up()).outputs as Record<string, Record<string, unknown>>;
    expect(read["user"]).toMatchObject({ userName: "ana-get", email: "ana-get@example.com", displayName: "Ana", active: true, teams: ["get-team"] });
    // Read from the operation's listing of /Users, whose items carry no ETag on W&B: none is
    // recorded (a write would read the user first; a resource read by id is never written anyway).
    expect(read["user"]?.["etag"]).toBe("");
    expect(read["user"]?.["createdAt"]).toMatch(/^\d{4}-/);
    expect(read["team"]).toMatchObject({ name: "get-team", members: ["ana-get@example.com", "bo-get@example.com"] });
    expect(read["member"]).toMatchObject({ teamId: made["team"], userId: expect.any(String), user: expect.any(String) });
    expect(read["role"]).toMatchObject({ name: "Get auditor", description: "reads", inheritedFrom: "viewer", permissions: ["run:stop"] });
    expect(read["org"]).toMatchObject({ role: "admin", userId: expect.any(String) });
    expect(read["teamRole"]).toMatchObject({ teamName: "get-team", roleName: "admin" });
    expect(read["registryRole"]).toMatchObject({ registryName: "models", roleName: "viewer" });
  });
});
