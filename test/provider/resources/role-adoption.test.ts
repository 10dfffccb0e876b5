// Roles adopted with their user (issue 41): in the engine operation that takes a user over
// (adoptExisting), a role assignment with adoptExisting takes the role over as W&B holds it, without
// a write. Where W&B does not show the role, the declared one is recorded, unverified, even where it
// differs from the role W&B holds; where it shows it, W&B's is recorded, so that the next diff shows
// the declared one as a change. A role declared of a user that this operation did not adopt is written.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { KINDS } from "../../../provider/kinds";
import { organizationRoleAssignment } from "../../../provider/resources/organization-role-assignment";
import { registryRoleAssignment } from "../../../provider/resources/registry-role-assignment";
import { teamRoleAssignment } from "../../../provider/resources/team-role-assignment";
import { user } from "../../../provider/resources/user";
import { heldUser, readLog, resetLog } from "../../../scripts/emulator-api";
import { organizationMadeByHand } from "../../support/organization-by-hand";
import { checkedInputs, nextOperation, operationFor } from "../../support/provider";
import { rolesShownByDefault } from "../../support/wire";
import type { Operation } from "../../../provider/operation";

describe("role assignments adopted with their user", () => {
  let emu: RunningEmulator;
  let operation: Operation;
  const ids: Record<string, string> = {};

  const adoptUser = async (userName: string, email: string, organizationRole?: string) => {
    const inputs = await checkedInputs(operation, user, { userName, email, adoptExisting: true, ...(organizationRole === undefined ? {} : { organizationRole }) });
    const { id } = await user.create(operation, inputs);
    ids[userName] = id;
    return id;
  };

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: organizationMadeByHand() });
  });
  afterAll(async () => emu?.close());
  beforeEach(async () => {
    operation = operationFor(emu);
    await resetLog(emu);
  });

  it("takes over each role of the users it adopts, with no write: hidden, as declared and unverified (a differing one included); shown, as W&B holds it", async () => {
    await adoptUser("ana", "ana@example.com", "member");
    await adoptUser("Bo.Chen", "Bo.Chen@Example.com");
    await adoptUser("cy", "cy@example.com", "member");
    // ana is research's admin in W&B: the roster says viewer.
    const team = await teamRoleAssignment.create(operation, await checkedInputs(operation, teamRoleAssignment, { user: ids["ana"], teamName: "research", roleName: "viewer", adoptExisting: true }));
    const custom = await teamRoleAssignment.create(operation, await checkedInputs(operation, teamRoleAssignment, { user: ids["cy"], teamName: "ML Platform", roleName: "Run operator", adoptExisting: true }));
    const registry = await registryRoleAssignment.create(operation, await checkedInputs(operation, registryRoleAssignment, { user: ids["Bo.Chen"], registryName: "models", roleName: "admin", adoptExisting: true }));
    const organization = await organizationRoleAssignment.create(operation, await checkedInputs(operation, organizationRoleAssignment, { user: ids["Bo.Chen"], role: "Run operator", adoptExisting: true }));

    const log = await readLog(emu);
    expect(log.counters.writes, JSON.stringify(log.counters.byRoute)).toBe(0);
    expect((await heldUser(emu, ids["ana"]!)).teamRoles).toContainEqual({ teamName: "research", roleName: "admin" });
    if (rolesShownByDefault) {
      expect(team.outs).toMatchObject({ roleName: "admin", adoptExisting: true });
      for (const { outs } of [team, custom, registry, organization]) expect(outs).not.toHaveProperty("roleUnverified");
      // The roster's role is then a change of its own: the next preview shows it, and its up writes it.
      const declared = await checkedInputs(operation, teamRoleAssignment, { user: ids["ana"], teamName: "research", roleName: "viewer", adoptExisting: true });
      expect((await teamRoleAssignment.diff(operation, team.id, team.outs, declared)).changes).toBe(true);
      // Declared as W&B holds them (as an export writes them), the others refresh as adopted: no change.
      const asHeld = [
        ["TeamRoleAssignment", custom, { user: ids["cy"], teamName: "ML Platform", roleName: "Run operator", adoptExisting: true }],
        ["RegistryRoleAssignment", registry, { user: ids["Bo.Chen"], registryName: "models", roleName: "admin", adoptExisting: true }],
        ["OrganizationRoleAssignment", organization, { user: ids["Bo.Chen"], role: "Run operator", adoptExisting: true }],
      ] as const;
      for (const [kind, { id, outs }, args] of asHeld) {
        const refresh = nextOperation(operation);
        const read = await KINDS[kind].read(refresh, id, outs);
        const news = (await KINDS[kind].check(refresh, {}, args)).inputs;
        expect((await KINDS[kind].diff(refresh, id, read.props, news)).changes, kind).toBe(false);
      }
    } else {
      expect(team.outs).toMatchObject({ roleName: "viewer", roleUnverified: true, adoptExisting: true });
      for (const { outs } of [custom, registry, organization]) expect(outs).toMatchObject({ roleUnverified: true });
      // A refresh cannot see the role either: it stays unverified, and no change.
      const read = await teamRoleAssignment.read(nextOperation(operation), team.id, team.outs);
      expect(read.props).toEqual(team.outs);
    }
  });

  it("writes a role declared of a user this operation did not adopt: a later roster change is written", async () => {
    const { id, outs } = await registryRoleAssignment.create(
      operation,
      await checkedInputs(operation, registryRoleAssignment, { user: ids["ana"], registryName: "models", roleName: "viewer", adoptExisting: true }),
    );
    expect(outs).not.toHaveProperty("roleUnverified");
    expect((await readLog(emu)).counters.writes).toBe(1);
    expect((await heldUser(emu, id.split("/")[0]!)).registryRoles).toContainEqual({ registryName: "models", roleName: "viewer" });
  });
});
