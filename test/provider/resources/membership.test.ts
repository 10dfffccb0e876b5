// Rules every resource that touches membership shares: one member classifier, one conflict rule
// (If-Match on every write), against the emulator over real HTTP.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunningEmulator } from "../../../emulator";
import { classifyMembers } from "../../../provider/membership/members";
import { customRole } from "../../../provider/resources/custom-role";
import { team, type TeamInputs } from "../../../provider/resources/team";
import { teamMember } from "../../../provider/resources/team-member";
import { user, type UserInputs } from "../../../provider/resources/user";
import { adminRequest, clearFaults, readLog, resetLog, setFaults } from "../../../scripts/emulator-api";
import { checkedInputs, operationFor, nextOperation, startProxy } from "../../support/provider";
import { operationForTeams, createTeamOutOfBand, memberIdsOf, serviceAccountId, startTeamEmulator, userIdsOf, type Dialect } from "../../support/teams";
import { unique } from "../../support/names";
import type { Operation } from "../../../provider/operation";

/** The engine operation this file's calls are served in, built by each test's setup. */
let operation: Operation;

const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";

async function createUserOutOfBand(emu: RunningEmulator, userName: string): Promise<{ id: string; email: string }> {
  const email = `${userName}@acme.example`;
  const answer = await adminRequest(emu, "POST", "/scim/Users", { schemas: [USER_SCHEMA], userName, emails: [{ value: email, primary: true }] });
  if (answer.status !== 201) throw new Error(`create user: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { id: answer.body.id, email };
}

describe.each(["wandb", "rfc"] as Dialect[])("membership (%s dialect)", (dialect) => {
  let emu: RunningEmulator;
  let ids: Record<"alice" | "bob" | "carol", string>;
  let sa: string;

  beforeAll(async () => {
    emu = await startTeamEmulator(dialect);
    ids = await userIdsOf(emu, ["alice", "bob", "carol"]);
    sa = await serviceAccountId(emu);
  });
  afterAll(async () => emu?.close());
  beforeEach(async () => {
    operation = operationForTeams(emu);
    await clearFaults(emu);
  });
  afterEach(() => vi.restoreAllMocks());

  it("every write of a team's members, and every delete, carries If-Match", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    await resetLog(emu);
    // Team: create, change members, rename, empty.
    const teamInputs = await checkedInputs<TeamInputs>(operation, team, { name: unique("if-match"), members: [ids.alice] });
    const made = await team.create(operation, teamInputs);
    const changed = await team.update(operation, made.id, made.outs, { ...teamInputs, members: [ids.alice, ids.bob] });
    const renamed = await team.update(operation, made.id, changed.outs, { ...teamInputs, name: `${teamInputs.name}-2`, members: [ids.alice, ids.bob] });
    // TeamMember: add and remove.
    const plain = await team.create(operation, await checkedInputs<TeamInputs>(operation, team, { name: unique("if-match-tm") }));
    const membership = await teamMember.create(operation, { teamId: plain.id, user: ids.carol });
    await teamMember.delete(operation, membership.id, membership.outs);
    // User: join a team after the POST, move to another team, delete.
    const userName = unique("if-match-user");
    const userInputs = await checkedInputs<UserInputs>(operation, user, { userName, email: `${userName}@acme.example`, teams: [teamInputs.name + "-2"] });
    const person = await user.create(operation, userInputs);
    const moved = await user.update(operation, person.id, person.outs, { ...userInputs, teams: ["seed-team"] });
    await user.delete(operation, person.id, moved.outs);
    // CustomRole: delete.
    const role = await customRole.create(operation, await checkedInputs(operation, customRole, { name: unique("if-match-role"), inheritedFrom: "member", permissions: ["run:stop"] }));
    await customRole.delete(operation, role.id, role.outs);
    await team.delete(operation, made.id, renamed.outs);

    const writes = (await readLog(emu)).requests.filter((r) => ["PUT", "PATCH", "DELETE"].includes(r.method));
    expect(writes.map((r) => `${r.method} ${r.route}`).sort()).toEqual(
      [
        // Team members; TeamMember add and remove; the user joining, leaving one team and joining another; emptying.
        ...Array(7).fill("PATCH /scim/Groups/:id"),
        "PUT /scim/Groups/:id", // the rename
        "DELETE /scim/Users/:id",
        "DELETE /scim/Roles/:id",
      ].sort(),
    );
    expect(writes.filter((r) => r.ifMatch === undefined)).toEqual([]);
  });

  it("a deleted user the team still lists is a user that left (drift), never a service account", async () => {
    const kept = await createUserOutOfBand(emu, unique("kept"));
    const gone = await createUserOutOfBand(emu, unique("gone"));
    const inputs = await checkedInputs<TeamInputs>(operation, team, { name: unique("departed"), members: [kept.email, gone.email] });
    const { id, outs } = await team.create(operation, inputs);
    await adminRequest(emu, "DELETE", `/scim/Users/${gone.id}`);
    // A service that still lists the deleted user as a member of the team (in /Groups, read once per operation).
    const listing = (await adminRequest(emu, "GET", "/scim/Groups")).body;
    const member = dialect === "wandb" ? { Value: gone.id, Ref: "", Type: "", Display: "gone" } : { value: gone.id, display: "gone" };
    const withStale = (group: { id: string; members?: unknown[] }) => (group.id === id ? { ...group, members: [...(group.members ?? []), member] } : group);
    const stale = { ...listing, Resources: listing.Resources.map(withStale) };
    const proxy = await startProxy(emu, ({ method, url }) => (method === "GET" && url.startsWith("/scim/Groups?") ? { status: 200, json: stale } : undefined));
    try {
      operation = operationFor(emu, { baseUrl: proxy.url, timeoutSeconds: "10" });
      const read = await team.read(operation, id, outs);
      expect(read.props?.serviceAccountIds).toEqual([sa]);
      expect([...(read.props?.memberIds ?? [])].sort()).toEqual([kept.id, gone.id].sort());
      // Membership drift: the declared member who left is no longer among the members.
      expect(read.inputs?.members).toEqual([kept.email]);
      expect((await team.diff(operation, id, read.props!, inputs)).changes).toBe(true);
      const update = await team.update(operation, id, read.props!, inputs).then(() => undefined, (e: Error) => e);
      expect(update?.message).toMatch(new RegExp(`^members: no user with email "${gone.email}".*add the user first`));
    } finally {
      await proxy.close();
    }
  });

  it("never takes over a team someone else made with the declared name after a POST whose outcome is unknown: refused, their members intact", async () => {
    const name = unique("reconciled");
    // Someone made the team; our POST fails in a way that leaves its outcome unknown, so the client looks it up by name.
    await createTeamOutOfBand(emu, name, [ids.carol]);
    await setFaults(emu, { failNext: [{ status: 500, method: "POST", pathPrefix: "/scim/Groups" }] });
    await resetLog(emu);
    const failure = team.create(operation, await checkedInputs<TeamInputs>(operation, team, { name, members: [ids.alice] }));
    await expect(failure).rejects.toThrow(`a team named "${name}" already exists: set adoptExisting: true`);
    const writes = (await readLog(emu)).requests.filter((r) => r.method !== "GET");
    // The client's one lookup found their team; judged not ours, it is refused without posting again.
    expect(writes.map((r) => [r.method, r.route, r.status])).toEqual([["POST", "/scim/Groups", 500]]);
    const theirs = (await adminRequest(emu, "GET", `/scim/Groups?filter=${encodeURIComponent(`displayName eq "${name}"`)}`)).body.Resources[0];
    expect(await memberIdsOf(emu, theirs.id)).toEqual([ids.carol, sa].sort());
  });

  it("the classifier: the user list decides, a recorded user that left stays a user, and a member's own type wins", async () => {
    operation = nextOperation(operation);
    const members = [
      { id: ids.alice },
      { id: sa },
      { id: "VXNlcjpsZWZ0" },
      { id: "VXNlcjpuZXc", type: "User" },
      { id: ids.bob, type: "Group" },
    ];
    expect(await classifyMembers(operation, members, ["VXNlcjpsZWZ0", ids.alice])).toEqual({
      userIds: [ids.alice, "VXNlcjpuZXc"],
      serviceAccountIds: [sa, ids.bob],
      departedIds: ["VXNlcjpsZWZ0"],
    });
    // Read once per operation: classifying again sends nothing.
    await resetLog(emu);
    await classifyMembers(operation, members, []);
    expect((await readLog(emu)).counters.total).toBe(0);
  });
});
