// A lost answer never leaves a stack stuck (issue 11), against the emulator over real HTTP with its
// faults: `dropNext` applies a request and then breaks the connection, `failNext` answers 5xx.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeAllPools } from "../../api/client";
import type { RunningEmulator } from "../../emulator";
import { customRole, type CustomRoleInputs } from "../../provider/resources/custom-role";
import { organizationRoleAssignment, type OrganizationRoleAssignmentInputs } from "../../provider/resources/organization-role-assignment";
import { team, type TeamInputs } from "../../provider/resources/team";
import { teamMember, type TeamMemberInputs } from "../../provider/resources/team-member";
import { user, type UserInputs } from "../../provider/resources/user";
import { adminRequest, clearFaults, heldUser, readLog, resetLog, setFaults } from "../support/emulator-api";
import { checkedInputs, nextOperation } from "../support/provider";
import { rolesShownByDefault } from "../support/wire";
import { configureFor, createTeamOutOfBand, memberIdsOf, PATCH_SCHEMA, patchMembers, serviceAccountId, startTeamEmulator, uniqueName, userIdsOf, type Dialect } from "./team-helpers";

afterAll(() => closeAllPools());


describe.each<Dialect>(["wandb", "rfc"])("lost answers (%s dialect)", (dialect) => {
  let emu: RunningEmulator;
  let ids: Record<"alice" | "bob" | "carol" | "dave", string>;
  let sa: string;

  const call = (method: string, path: string, body?: unknown) => adminRequest(emu, method, path, body);
  const patch = async (path: string, ...Operations: unknown[]) => {
    const answer = await call("PATCH", path, { schemas: [PATCH_SCHEMA], Operations });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  };
  /** The statuses of the requests sent since the log was reset, for one method and route. */
  const statuses = async (method: string, route: string) =>
    (await readLog(emu)).requests.filter((r) => r.method === method && r.route === route).map((r) => r.status);
  const etagOf = async (path: string) => (await call("GET", path)).etag;

  beforeAll(async () => {
    emu = await startTeamEmulator(dialect);
    ids = await userIdsOf(emu, ["alice", "bob", "carol", "dave"]);
    sa = await serviceAccountId(emu);
  });
  afterAll(async () => emu?.close());
  beforeEach(async () => {
    await configureFor(emu);
    await clearFaults(emu);
  });
  afterEach(() => clearFaults(emu));

  describe("our own write is not drift", () => {
    const newUser = async (extra: Record<string, unknown> = {}) => {
      const userName = uniqueName("own-write");
      const inputs = await checkedInputs<UserInputs>(user, { userName, email: `${userName}@acme.example`, displayName: "One", ...extra });
      return { inputs, ...(await user.create(inputs)) };
    };

    it("User: a PATCH applied with its answer dropped is re-read and found done: one PATCH, the fresh ETag recorded", async () => {
      const { id, outs, inputs } = await newUser();
      await setFaults(emu, { dropNext: [{ method: "PATCH", pathPrefix: "/scim/Users" }] });
      await resetLog(emu);
      const news = { ...inputs, displayName: "Two" };
      const { outs: after } = await user.update(id, outs, news);
      expect(await statuses("PATCH", "/scim/Users/:id")).toEqual([0]);
      expect(after).toMatchObject({ displayName: "Two", etag: await etagOf(`/scim/Users/${id}`) });
      expect((await user.diff(id, after, news)).changes).toBe(false);
    });

    it("User: the next up, from the state before a write that landed, records it and writes nothing more", async () => {
      const { id, outs, inputs } = await newUser();
      // The earlier run's PATCH landed; its answer never came back, so the state still says "One".
      await patch(`/scim/Users/${id}`, { op: "replace", path: "displayName", value: "Two" });
      await nextOperation();
      await resetLog(emu);
      const { outs: after } = await user.update(id, outs, { ...inputs, displayName: "Two" });
      expect(await statuses("PATCH", "/scim/Users/:id")).toEqual([412]);
      expect(after).toMatchObject({ displayName: "Two", etag: await etagOf(`/scim/Users/${id}`) });
    });

    it("User: a field someone else changed is still drift beside our own landed write, and nothing is overwritten", async () => {
      const { id, outs, inputs } = await newUser();
      await patch(`/scim/Users/${id}`, { op: "replace", path: "displayName", value: "Two" }, { op: "replace", value: { active: false } });
      await nextOperation();
      await expect(user.update(id, outs, { ...inputs, displayName: "Two" })).rejects.toThrow(/was changed outside Pulumi \(active\)/);
      expect((await call("GET", `/scim/Users/${id}`)).body.active).toBe(false);
    });

    it("User: teams joined by a write that landed in part are ours; the rest is joined", async () => {
      const teamNames = [uniqueName("own-teams"), uniqueName("own-teams"), uniqueName("own-teams")];
      const teamIds = await Promise.all(
        teamNames.map(async (displayName) => (await call("POST", "/scim/Groups", { schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"], displayName, members: [] })).body.id as string),
      );
      const { id, outs, inputs } = await newUser({ teams: [teamNames[0]] });
      // The earlier run joined the second team; the third join never happened.
      await patchMembers(emu, teamIds[1]!, { op: "add", path: "members", value: [{ value: id }] });
      await nextOperation();
      const { outs: after } = await user.update(id, outs, { ...inputs, teams: [...teamNames].sort() });
      expect(after.teams).toEqual([...teamNames].sort());
      expect(await memberIdsOf(emu, teamIds[2]!)).toContain(id);
    });

    it("Team: members added by a write that landed are ours: settled with no write, or the rest written", async () => {
      const name = uniqueName("own-members");
      const inputs = await checkedInputs<TeamInputs>(team, { name, members: [ids.alice] });
      const { id, outs } = await team.create(inputs);

      await patchMembers(emu, id, { op: "add", path: "members", value: [{ value: ids.bob }] });
      await nextOperation();
      await resetLog(emu);
      const declared = { ...inputs, members: [ids.alice, ids.bob, ids.carol] };
      const { outs: partly } = await team.update(id, outs, declared);
      expect(await statuses("PATCH", "/scim/Groups/:id")).toEqual([412, dialect === "rfc" ? 204 : 200]);
      expect(await memberIdsOf(emu, id)).toEqual([ids.alice, ids.bob, ids.carol, sa].sort());
      expect(partly.etag).toBe(await etagOf(`/scim/Groups/${id}`));

      await patchMembers(emu, id, { op: "remove", path: `members[value eq "${ids.carol}"]` });
      await nextOperation();
      await resetLog(emu);
      const { outs: settled } = await team.update(id, partly, { ...inputs, members: [ids.alice, ids.bob] });
      expect(await statuses("PATCH", "/scim/Groups/:id")).toEqual([412]);
      expect([...settled.memberIds].sort()).toEqual([ids.alice, ids.bob].sort());
      expect(settled.etag).toBe(await etagOf(`/scim/Groups/${id}`));
    });

    it("Team: a member PATCH whose answer was dropped is found done", async () => {
      const inputs = await checkedInputs<TeamInputs>(team, { name: uniqueName("dropped-members"), members: [ids.alice] });
      const { id, outs } = await team.create(inputs);
      await setFaults(emu, { dropNext: [{ method: "PATCH", pathPrefix: "/scim/Groups" }] });
      await resetLog(emu);
      const { outs: after } = await team.update(id, outs, { ...inputs, members: [ids.alice, ids.dave] });
      expect(await statuses("PATCH", "/scim/Groups/:id")).toEqual([0]);
      expect([...after.memberIds].sort()).toEqual([ids.alice, ids.dave].sort());
    });

    it("TeamMember: a join whose answer was dropped is found done, with one PATCH", async () => {
      const inputs = await checkedInputs<TeamMemberInputs>(teamMember, { teamId: await createTeamOutOfBand(emu, uniqueName("dropped-join"), []), user: "carol@acme.example" });
      await setFaults(emu, { dropNext: [{ method: "PATCH", pathPrefix: "/scim/Groups" }] });
      await resetLog(emu);
      const { outs } = await teamMember.create(inputs);
      expect(await statuses("PATCH", "/scim/Groups/:id")).toEqual([0]);
      expect(outs.etag).toBe(await etagOf(`/scim/Groups/${inputs.teamId}`));
      expect(await memberIdsOf(emu, inputs.teamId)).toContain(ids.carol);
    });

    it("CustomRole: permissions written by a write whose answer was dropped, or by an earlier lost write, are ours", async () => {
      const inputs = await checkedInputs<CustomRoleInputs>(customRole, { name: uniqueName("Own role"), inheritedFrom: "viewer", permissions: ["run:stop"] });
      const { id, outs } = await customRole.create(inputs);
      await setFaults(emu, { dropNext: [{ method: "PATCH", pathPrefix: "/scim/Roles" }] });
      const { outs: dropped } = await customRole.update(id, outs, { ...inputs, permissions: ["run:delete", "run:stop"] });
      expect(dropped.permissions).toEqual(["run:delete", "run:stop"]);

      await patch(`/scim/Roles/${id}`, { op: "remove", path: "permissions", value: [{ name: "run:delete" }] });
      await nextOperation();
      await resetLog(emu);
      const { outs: after } = await customRole.update(id, dropped, { ...inputs, permissions: ["run:stop"] });
      expect(await statuses("PATCH", "/scim/Roles/:id")).toEqual([412]);
      expect(after).toMatchObject({ permissions: ["run:stop"], etag: await etagOf(`/scim/Roles/${id}`) });
    });

    it("OrganizationRoleAssignment: a role written by an earlier, lost write is ours", async () => {
      const inputs = await checkedInputs<OrganizationRoleAssignmentInputs>(organizationRoleAssignment, { user: ids.dave, role: "admin" });
      const { id, outs } = await organizationRoleAssignment.create(inputs);
      await patch(`/scim/Users/${ids.dave}`, { op: "replace", path: "organizationRole", value: "member" });
      await nextOperation();
      await resetLog(emu);
      const { outs: after } = await organizationRoleAssignment.update(id, outs, { ...inputs, role: "member" });
      // Where GET shows the role, the re-read finds it done; elsewhere the role is unknown and written again.
      expect(await statuses("PATCH", "/scim/Users/:id")).toEqual(rolesShownByDefault ? [412] : [412, dialect === "rfc" ? 204 : 200]);
      expect((await heldUser(emu, ids.dave)).organizationRole).toBe("member");
      expect(after.etag).toBe(await etagOf(`/scim/Users/${ids.dave}`));
      await organizationRoleAssignment.delete(id, after);
    });
  });
});

