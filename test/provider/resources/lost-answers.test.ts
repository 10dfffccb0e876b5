// A lost answer never leaves a stack stuck (issue 11), against the emulator over real HTTP with its
// faults: `dropNext` applies a request and then breaks the connection, `failNext` answers 5xx.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeAllPools } from "../../../service";
import type { RunningEmulator } from "../../../emulator";
import { customRole, type CustomRoleInputs } from "../../../provider/resources/custom-role";
import { organizationRoleAssignment, type OrganizationRoleAssignmentInputs } from "../../../provider/resources/organization-role-assignment";
import { team, type TeamInputs } from "../../../provider/resources/team";
import { teamMember, type TeamMemberInputs } from "../../../provider/resources/team-member";
import { user, type UserInputs } from "../../../provider/resources/user";
import { adminRequest, clearFaults, heldUser, readLog, resetLog, setFaults } from "../../../scripts/emulator-api";
import { checkedInputs, nextOperation } from "../../support/provider";
import { rolesShownByDefault } from "../../support/wire";
import { operationForTeams, createTeamOutOfBand, memberIdsOf, PATCH_SCHEMA, patchMembers, serviceAccountId, startTeamEmulator, userIdsOf, type Dialect } from "../../support/teams";
import { unique } from "../../support/names";
import type { Operation } from "../../../provider/operation";

/** The engine operation this file's calls are served in, built by each test's setup. */
let operation: Operation;

afterAll(() => closeAllPools());
afterEach(() => vi.restoreAllMocks());

/** What the provider prints to the engine's output (`wandb: ...` lines and `warning: wandb: ...`), from now on. */
function engineOutput(): string[] {
  const lines: string[] = [];
  const record = (line: unknown) => void lines.push(String(line));
  vi.spyOn(console, "log").mockImplementation(record);
  vi.spyOn(console, "error").mockImplementation(record);
  return lines;
}


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
  /** How a takeover's warning names the object it found: its id and, from the wire, when it was made. */
  const seenAs = async (collection: string, id: string) => `(id ${id}, created ${(await call("GET", `/scim/${collection}/${id}`)).body.meta.created})`;

  beforeAll(async () => {
    emu = await startTeamEmulator(dialect);
    ids = await userIdsOf(emu, ["alice", "bob", "carol", "dave"]);
    sa = await serviceAccountId(emu);
  });
  afterAll(async () => emu?.close());
  beforeEach(async () => {
    operation = operationForTeams(emu);
    await clearFaults(emu);
  });
  afterEach(() => clearFaults(emu));

  describe("our own write is not drift", () => {
    const newUser = async (extra: Record<string, unknown> = {}) => {
      const userName = unique("own-write");
      const inputs = await checkedInputs<UserInputs>(operation, user, { userName, email: `${userName}@acme.example`, displayName: "One", ...extra });
      return { inputs, ...(await user.create(operation, inputs)) };
    };

    it("User: a PATCH applied with its answer dropped is re-read and found done: one PATCH, the fresh ETag recorded", async () => {
      const { id, outs, inputs } = await newUser();
      await setFaults(emu, { dropNext: [{ method: "PATCH", pathPrefix: "/scim/Users" }] });
      await resetLog(emu);
      const news = { ...inputs, displayName: "Two" };
      const { outs: after } = await user.update(operation, id, outs, news);
      expect(await statuses("PATCH", "/scim/Users/:id")).toEqual([0]);
      expect(after).toMatchObject({ displayName: "Two", etag: await etagOf(`/scim/Users/${id}`) });
      expect((await user.diff(operation, id, after, news)).changes).toBe(false);
    });

    it("User: the next up, from the state before a write that landed, records it and writes nothing more", async () => {
      const { id, outs, inputs } = await newUser();
      // The earlier run's PATCH landed; its answer never came back, so the state still says "One".
      await patch(`/scim/Users/${id}`, { op: "replace", path: "displayName", value: "Two" });
      operation = nextOperation(operation);
      await resetLog(emu);
      const { outs: after } = await user.update(operation, id, outs, { ...inputs, displayName: "Two" });
      expect(await statuses("PATCH", "/scim/Users/:id")).toEqual([412]);
      expect(after).toMatchObject({ displayName: "Two", etag: await etagOf(`/scim/Users/${id}`) });
    });

    it("User: a field someone else changed is still drift beside our own landed write, and nothing is overwritten", async () => {
      const { id, outs, inputs } = await newUser();
      await patch(`/scim/Users/${id}`, { op: "replace", path: "displayName", value: "Two" }, { op: "replace", value: { active: false } });
      operation = nextOperation(operation);
      await expect(user.update(operation, id, outs, { ...inputs, displayName: "Two" })).rejects.toThrow(/was changed outside Pulumi \(active\)/);
      expect((await call("GET", `/scim/Users/${id}`)).body.active).toBe(false);
    });

    it("User: teams joined by a write that landed in part are ours; the rest is joined", async () => {
      const teamNames = [unique("own-teams"), unique("own-teams"), unique("own-teams")];
      const teamIds = await Promise.all(
        teamNames.map(async (displayName) => (await call("POST", "/scim/Groups", { schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"], displayName, members: [] })).body.id as string),
      );
      const { id, outs, inputs } = await newUser({ teams: [teamNames[0]] });
      // The earlier run joined the second team; the third join never happened.
      await patchMembers(emu, teamIds[1]!, { op: "add", path: "members", value: [{ value: id }] });
      operation = nextOperation(operation);
      const { outs: after } = await user.update(operation, id, outs, { ...inputs, teams: [...teamNames].sort() });
      expect(after.teams).toEqual([...teamNames].sort());
      expect(await memberIdsOf(emu, teamIds[2]!)).toContain(id);
    });

    it("Team: members added by a write that landed are ours: settled with no write, or the rest written", async () => {
      const name = unique("own-members");
      const inputs = await checkedInputs<TeamInputs>(operation, team, { name, members: [ids.alice] });
      const { id, outs } = await team.create(operation, inputs);

      await patchMembers(emu, id, { op: "add", path: "members", value: [{ value: ids.bob }] });
      operation = nextOperation(operation);
      await resetLog(emu);
      const declared = { ...inputs, members: [ids.alice, ids.bob, ids.carol] };
      const { outs: partly } = await team.update(operation, id, outs, declared);
      expect(await statuses("PATCH", "/scim/Groups/:id")).toEqual([412, dialect === "rfc" ? 204 : 200]);
      expect(await memberIdsOf(emu, id)).toEqual([ids.alice, ids.bob, ids.carol, sa].sort());
      expect(partly.etag).toBe(await etagOf(`/scim/Groups/${id}`));

      await patchMembers(emu, id, { op: "remove", path: `members[value eq "${ids.carol}"]` });
      operation = nextOperation(operation);
      await resetLog(emu);
      const { outs: settled } = await team.update(operation, id, partly, { ...inputs, members: [ids.alice, ids.bob] });
      expect(await statuses("PATCH", "/scim/Groups/:id")).toEqual([412]);
      expect([...settled.memberIds].sort()).toEqual([ids.alice, ids.bob].sort());
      expect(settled.etag).toBe(await etagOf(`/scim/Groups/${id}`));
    });

    it("Team: a member PATCH whose answer was dropped is found done", async () => {
      const inputs = await checkedInputs<TeamInputs>(operation, team, { name: unique("dropped-members"), members: [ids.alice] });
      const { id, outs } = await team.create(operation, inputs);
      await setFaults(emu, { dropNext: [{ method: "PATCH", pathPrefix: "/scim/Groups" }] });
      await resetLog(emu);
      const { outs: after } = await team.update(operation, id, outs, { ...inputs, members: [ids.alice, ids.dave] });
      expect(await statuses("PATCH", "/scim/Groups/:id")).toEqual([0]);
      expect([...after.memberIds].sort()).toEqual([ids.alice, ids.dave].sort());
    });

    it("TeamMember: a join whose answer was dropped is found done, with one PATCH", async () => {
      const inputs = await checkedInputs<TeamMemberInputs>(operation, teamMember, { teamId: await createTeamOutOfBand(emu, unique("dropped-join"), []), user: "carol@acme.example" });
      await setFaults(emu, { dropNext: [{ method: "PATCH", pathPrefix: "/scim/Groups" }] });
      await resetLog(emu);
      const { outs } = await teamMember.create(operation, inputs);
      expect(await statuses("PATCH", "/scim/Groups/:id")).toEqual([0]);
      expect(outs.etag).toBe(await etagOf(`/scim/Groups/${inputs.teamId}`));
      expect(await memberIdsOf(emu, inputs.teamId)).toContain(ids.carol);
    });

    it("CustomRole: permissions written by a write whose answer was dropped, or by an earlier lost write, are ours", async () => {
      const inputs = await checkedInputs<CustomRoleInputs>(operation, customRole, { name: unique("Own role"), inheritedFrom: "viewer", permissions: ["run:stop"] });
      const { id, outs } = await customRole.create(operation, inputs);
      await setFaults(emu, { dropNext: [{ method: "PATCH", pathPrefix: "/scim/Roles" }] });
      const { outs: dropped } = await customRole.update(operation, id, outs, { ...inputs, permissions: ["run:delete", "run:stop"] });
      expect(dropped.permissions).toEqual(["run:delete", "run:stop"]);

      await patch(`/scim/Roles/${id}`, { op: "remove", path: "permissions", value: [{ name: "run:delete" }] });
      operation = nextOperation(operation);
      await resetLog(emu);
      const { outs: after } = await customRole.update(operation, id, dropped, { ...inputs, permissions: ["run:stop"] });
      expect(await statuses("PATCH", "/scim/Roles/:id")).toEqual([412]);
      expect(after).toMatchObject({ permissions: ["run:stop"], etag: await etagOf(`/scim/Roles/${id}`) });
    });

    it("OrganizationRoleAssignment: a role written by an earlier, lost write is ours", async () => {
      const inputs = await checkedInputs<OrganizationRoleAssignmentInputs>(operation, organizationRoleAssignment, { user: ids.dave, role: "admin" });
      const { id, outs } = await organizationRoleAssignment.create(operation, inputs);
      await patch(`/scim/Users/${ids.dave}`, { op: "replace", path: "organizationRole", value: "member" });
      operation = nextOperation(operation);
      await resetLog(emu);
      const { outs: after } = await organizationRoleAssignment.update(operation, id, outs, { ...inputs, role: "member" });
      // Where GET shows the role, the re-read finds it done; elsewhere the role is unknown and written again.
      expect(await statuses("PATCH", "/scim/Users/:id")).toEqual(rolesShownByDefault ? [412] : [412, dialect === "rfc" ? 204 : 200]);
      expect((await heldUser(emu, ids.dave)).organizationRole).toBe("member");
      expect(after.etag).toBe(await etagOf(`/scim/Users/${ids.dave}`));
      await organizationRoleAssignment.delete(operation, id, after);
    });
  });

  describe("take over only what we made", () => {
    const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
    const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
    const ROLE_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Role";
    /** What a person makes by hand, outside Pulumi. */
    const byHand = {
      user: async (userName: string, displayName: string) =>
        (await call("POST", "/scim/Users", { schemas: [USER_SCHEMA], userName, displayName, emails: [{ value: `${userName}@acme.example`, primary: true }] })).body
          .id as string,
      team: async (displayName: string, memberIds: string[]) =>
        (await call("POST", "/scim/Groups", { schemas: [GROUP_SCHEMA], displayName, members: memberIds.map((value) => ({ value })) })).body.id as string,
      role: async (name: string, description: string, permissions: string[]) =>
        (await call("POST", "/scim/Roles", { schemas: [ROLE_SCHEMA], name, description, inheritedFrom: "viewer", permissions: permissions.map((p) => ({ name: p })) }))
          .body.id as string,
    };
    const liveRole = async (id: string) => {
      const { body } = await call("GET", `/scim/Roles/${id}`);
      return { description: body.description, permissions: (body.permissions as { name: string; isInherited?: boolean }[]).filter((p) => !p.isInherited).map((p) => p.name) };
    };
    const howMany = async (collection: string, matches: (item: Record<string, unknown>) => boolean) =>
      ((await call("GET", `/scim/${collection}?count=9999`)).body.Resources as Record<string, unknown>[]).filter(matches).length;

    it("a person's user, team and role with the declared names but other content, and a 500 on each POST: each refused, their values intact", async () => {
      const userName = unique("persons-user");
      const userId = await byHand.user(userName, "The person's name");
      // This operation lists the organization's users before the person adds a newcomer to their team.
      await operation.directory().users();
      const newcomer = await byHand.user(unique("newcomer"), "Newcomer");
      const teamName = unique("persons-team");
      const teamId = await byHand.team(teamName, [newcomer]);
      const roleName = unique("Person's role");
      const roleId = await byHand.role(roleName, "made by hand", ["run:stop"]);

      await setFaults(emu, {
        failNext: [
          { status: 500, method: "POST", pathPrefix: "/scim/Users" },
          { status: 500, method: "POST", pathPrefix: "/scim/Groups" },
          { status: 500, method: "POST", pathPrefix: "/scim/Roles" },
        ],
      });
      const userInputs = await checkedInputs<UserInputs>(operation, user, { userName, email: `${userName}@acme.example`, displayName: "Declared" });
      await expect(user.create(operation, userInputs)).rejects.toThrow(/already exists.*differs from the declaration \(displayName\).*adoptExisting: true/s);
      // Declared with no members: had the newcomer been taken for a service account, the team would look like ours.
      await expect(team.create(operation, await checkedInputs<TeamInputs>(operation, team, { name: teamName, members: [] }))).rejects.toThrow(
        `a team named "${teamName}" already exists: set adoptExisting: true`,
      );
      await expect(customRole.create(operation, await checkedInputs<CustomRoleInputs>(operation, customRole, { name: roleName, inheritedFrom: "viewer", permissions: ["run:delete"] }))).rejects.toThrow(
        /already exists.*adoptExisting: true.*differs from the declaration \(description, permissions\)/s,
      );

      expect((await heldUser(emu, userId)).displayName).toBe("The person's name");
      expect(await memberIdsOf(emu, teamId)).toEqual([newcomer, sa].sort());
      expect(await liveRole(roleId)).toEqual({ description: "made by hand", permissions: ["run:stop"] });
    });

    it("our own POST whose answer was lost is taken over in the same create, silently: one of each, no duplicate", async () => {
      const lines = engineOutput();
      const userName = unique("lost-post");
      const teamName = unique("lost-post");
      const roleName = unique("Lost post");
      await setFaults(emu, {
        dropNext: [
          { method: "POST", pathPrefix: "/scim/Users" },
          { method: "POST", pathPrefix: "/scim/Groups" },
          { method: "POST", pathPrefix: "/scim/Roles" },
        ],
      });
      await resetLog(emu);
      const madeUser = await user.create(operation, await checkedInputs<UserInputs>(operation, user, { userName, email: `${userName}@acme.example`, displayName: "Ours" }));
      const madeTeam = await team.create(operation, await checkedInputs<TeamInputs>(operation, team, { name: teamName, members: ["alice@acme.example"] }));
      const madeRole = await customRole.create(operation, await checkedInputs<CustomRoleInputs>(operation, customRole, { name: roleName, inheritedFrom: "member", permissions: ["run:delete"] }));
      expect((await readLog(emu)).requests.filter((r) => r.method === "POST").map((r) => r.status)).toEqual([0, 0, 0]);
      expect(await howMany("Users", (u) => u["userName"] === userName)).toBe(1);
      expect(await howMany("Groups", (t) => t["displayName"] === teamName)).toBe(1);
      expect(await howMany("Roles", (r) => r["name"] === roleName)).toBe(1);
      expect(madeUser.outs.displayName).toBe("Ours");
      expect(madeTeam.outs).toMatchObject({ memberIds: [ids.alice], serviceAccountIds: [sa] });
      expect(madeRole.outs.permissions).toEqual(["run:delete"]);
      expect(lines).toEqual([]);
    });

    it("a create whose object exists exactly as declared (an interrupted run's) is taken over with a warning saying what it found", async () => {
      const userName = unique("interrupted");
      const userId = await byHand.user(userName, "As declared");
      const teamName = unique("interrupted");
      const teamId = await byHand.team(teamName, [ids.bob]);
      const roleName = unique("Interrupted");
      const roleId = await byHand.role(roleName, "", ["run:stop"]);
      const lines = engineOutput();
      await resetLog(emu);

      const userInputs = await checkedInputs<UserInputs>(operation, user, { userName, email: `${userName}@acme.example`, displayName: "As declared" });
      const madeUser = await user.create(operation, userInputs);
      const teamInputs = await checkedInputs<TeamInputs>(operation, team, { name: teamName, members: ["bob@acme.example"] });
      const madeTeam = await team.create(operation, teamInputs);
      const roleInputs = await checkedInputs<CustomRoleInputs>(operation, customRole, { name: roleName, inheritedFrom: "viewer", permissions: ["run:stop"] });
      const madeRole = await customRole.create(operation, roleInputs);

      expect([madeUser.id, madeTeam.id, madeRole.id]).toEqual([userId, teamId, roleId]);
      const takenOver = "taken over, it is now managed by this stack.";
      expect(lines).toEqual([
        `warning: wandb: user "${userName}" already existed in W&B ${await seenAs("Users", userId)}, with the declared email and displayName, active: ${takenOver}`,
        `warning: wandb: team "${teamName}" already existed in W&B ${await seenAs("Groups", teamId)}, with exactly the 1 declared user member (the organization's service accounts aside): ${takenOver}`,
        `warning: wandb: custom role "${roleName}" already existed in W&B ${await seenAs("Roles", roleId)}, with the declared description, base role and permissions: ${takenOver}`,
      ]);
      // One refused POST each, and nothing written besides.
      expect((await readLog(emu)).requests.filter((r) => r.method !== "GET").map((r) => [r.method, r.status])).toEqual([
        ["POST", 409],
        ["POST", 409],
        ["POST", 409],
      ]);
      expect((await user.diff(operation, userId, madeUser.outs, userInputs)).changes).toBe(false);
      expect((await team.diff(operation, teamId, madeTeam.outs, teamInputs)).changes).toBe(false);
      expect((await customRole.diff(operation, roleId, madeRole.outs, roleInputs)).changes).toBe(false);
    });
  });

  describe("destroy, then up again", () => {
    it('Team: the team deletionPolicy "empty" left is taken over with a warning and converged', async () => {
      const inputs = await checkedInputs<TeamInputs>(operation, team, { name: unique("again"), members: ["alice@acme.example", ids.carol] });
      const first = await team.create(operation, inputs);
      vi.spyOn(console, "log").mockImplementation(() => undefined);
      await team.delete(operation, first.id, first.outs);
      vi.restoreAllMocks();
      expect(await memberIdsOf(emu, first.id)).toEqual([sa]);

      operation = nextOperation(operation);
      const lines = engineOutput();
      const again = await team.create(operation, inputs);
      expect(again.id).toBe(first.id);
      expect(lines).toEqual([
        `warning: wandb: team "${inputs.name}" already existed in W&B ${await seenAs("Groups", first.id)}, with no members but the organization's service accounts (what deletionPolicy "empty" leaves): taken over, it is now managed by this stack.`,
      ]);
      expect(await memberIdsOf(emu, first.id)).toEqual([ids.alice, ids.carol, sa].sort());
      expect((await team.diff(operation, again.id, again.outs, inputs)).changes).toBe(false);
    });

    it('User: the user deletionPolicy "deactivate" left is taken over with a warning and reactivated', async () => {
      const userName = unique("again");
      const inputs = await checkedInputs<UserInputs>(operation, user, { userName, email: `${userName}@acme.example`, displayName: "Back", deletionPolicy: "deactivate" });
      const first = await user.create(operation, inputs);
      await user.delete(operation, first.id, first.outs);
      expect((await heldUser(emu, first.id)).active).toBe(false);

      operation = nextOperation(operation);
      const lines = engineOutput();
      const again = await user.create(operation, inputs);
      expect(again.id).toBe(first.id);
      expect(lines).toEqual([
        `warning: wandb: user "${userName}" already existed in W&B ${await seenAs("Users", first.id)}, deactivated and otherwise as declared (what deletionPolicy "deactivate" leaves); it is reactivated: taken over, it is now managed by this stack.`,
      ]);
      expect((await heldUser(emu, first.id)).active).toBe(true);
      expect(again.outs).toMatchObject({ active: true, etag: await etagOf(`/scim/Users/${first.id}`) });
    });

    it("a deactivated user that is not as declared is someone else's: 409, left deactivated", async () => {
      const userName = unique("not-again");
      const inputs = await checkedInputs<UserInputs>(operation, user, { userName, email: `${userName}@acme.example`, displayName: "Mine", deletionPolicy: "deactivate" });
      const first = await user.create(operation, inputs);
      await user.delete(operation, first.id, first.outs);
      await expect(user.create(operation, { ...inputs, displayName: "Another" })).rejects.toThrow(/already exists.*\(displayName\)/s);
      expect((await heldUser(emu, first.id)).active).toBe(false);
    });
  });
});
