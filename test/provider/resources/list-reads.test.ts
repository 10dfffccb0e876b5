// Reads are list-based (issue 15): within one engine operation, /Users, /Groups and /Roles are each
// listed once (one request per 9999 objects) and every resource read is answered from those listings;
// an object a listing does not show is read directly before it counts as gone; and a read records the
// ETag it can vouch for, so that the next write is still guarded by If-Match. Against the emulator
// over real HTTP, in both dialects (and, through the "roles shown" project, both readings of GET /Users).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { defaultSeed, startEmulator, type RunningEmulator, type Seed } from "../../../emulator";
import { team, type TeamOutputs } from "../../../provider/resources/team";
import { teamMember } from "../../../provider/resources/team-member";
import { user, type UserInputs, type UserOutputs } from "../../../provider/resources/user";
import { adminRequest, readLog, readState, resetLog } from "../../../scripts/emulator-api";
import { checkedInputs, configureKind, dynamicProviderWith, nextOperation, operationFor, stackConfigFor, startProxy } from "../../support/provider";
import { rolesShownByDefault } from "../../support/wire";
import { PATCH_SCHEMA, type Dialect } from "../../support/teams";
import type { Operation } from "../../../provider/operation";

/** The engine operation this file's calls are served in, built by each test's setup. */
let operation: Operation;

/** The service's documented per-request maximum. */
const PAGE_SIZE = 9999;

/** An organization with `users` more users (`reader-<i>`) and `teams` teams (`readers-<t>`) of `perTeam` of them each. */
function organization(users: number, teams: number, perTeam: number): Seed {
  const seed = defaultSeed();
  const names = Array.from({ length: users }, (_, i) => `reader-${i}`);
  seed.seats = users + 100;
  seed.users.push(...names.map((userName) => ({ userName, email: `${userName}@acme.example`, displayName: userName })));
  seed.teams = [...(seed.teams ?? []),
    ...Array.from({ length: teams }, (_, t) => ({
      displayName: `readers-${t}`,
      members: names.slice(t * perTeam, (t + 1) * perTeam).map((user) => ({ user })),
    })),
  ];
  return seed;
}

/** The ids of the seeded users and teams made by `organization`. */
async function idsOf(emu: RunningEmulator): Promise<{ users: string[]; teams: string[] }> {
  const state = await readState(emu);
  const ids = (items: { id: string; name: string }[], prefix: string) => items.filter((item) => item.name.startsWith(prefix)).map((item) => item.id);
  return {
    users: ids(state.users.map((u: { id: string; userName: string }) => ({ id: u.id, name: u.userName })), "reader-"),
    teams: ids(state.teams.map((t: { id: string; displayName: string }) => ({ id: t.id, name: t.displayName })), "readers-"),
  };
}

/** The states a stack would hold for these users and teams: what reading each from its id alone records. */
async function statesOf(ids: { users: string[]; teams: string[] }) {
  const users = await Promise.all(ids.users.map(async (id) => ({ id, props: (await user.read(operation, id, undefined)).props! })));
  const teams = await Promise.all(ids.teams.map(async (id) => ({ id, props: (await team.read(operation, id, undefined)).props! })));
  return { users, teams };
}

/** Each request since the log was reset, as "<method> <route> <status>". */
const requestsOf = async (emu: RunningEmulator) => (await readLog(emu)).requests.map((r) => `${r.method} ${r.route} ${r.status}`);

describe.each<Dialect>(["wandb", "rfc"])("list-based reads (%s dialect)", (dialect) => {
  let emu: RunningEmulator;
  let ids: { users: string[]; teams: string[] };
  let states: Awaited<ReturnType<typeof statesOf>>;

  const call = (method: string, path: string, body?: unknown) => adminRequest(emu, method, path, body);
  const patchUser = async (id: string, ...Operations: unknown[]) => {
    const answer = await call("PATCH", `/scim/Users/${id}`, { schemas: [PATCH_SCHEMA], Operations });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  };
  const etagOf = async (path: string) => (await call("GET", path)).etag ?? "";

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, dialect, seed: organization(50, 10, 5) });
    ids = await idsOf(emu);
    operation = operationFor(emu, { timeoutSeconds: "10" });
    states = await statesOf(ids);
  });
  afterAll(async () => emu?.close());
  beforeEach(async () => {
    operation = nextOperation(operation);
    await resetLog(emu);
  });
  afterEach(() => vi.restoreAllMocks());

  it("50 User reads and 10 Team reads, all at once, cost one listing of /Users and one of /Groups, and no GET of any of them", async () => {
    const reads = await Promise.all([
      ...states.users.map(({ id, props }) => user.read(operation, id, props)),
      ...states.teams.map(({ id, props }) => team.read(operation, id, props)),
    ]);
    // Nothing changed: every state comes back as recorded.
    expect(reads).toEqual([...states.users, ...states.teams]);
    expect((await readLog(emu)).counters.byRoute).toEqual({ "GET /scim/Users": 1, "GET /scim/Groups": 1 });
  });

  it("the dynamic provider configuring a second kind in the same process keeps what the operation listed", async () => {
    const stackConfig = stackConfigFor(emu, { timeoutSeconds: "10" });
    const provider = await dynamicProviderWith(stackConfig);
    const readUsers = () => states.users.map(({ id, props }) => provider.dispatch("User", "read", [id, props]));
    await Promise.all(readUsers());
    // The dynamic provider configures each kind's shim as it first meets it, Team after User here.
    await configureKind(provider, "Team", stackConfig);
    await Promise.all([...readUsers(), ...states.teams.map(({ id, props }) => provider.dispatch("Team", "read", [id, props]))]);
    expect((await readLog(emu)).counters.byRoute).toEqual({ "GET /scim/Users": 1, "GET /scim/Groups": 1 });
  });

  it("users' teams come from the one listing of /Groups (where the listing of /Users shows no team roles)", async () => {
    const reads = await Promise.all(states.users.map(({ id, props }) => user.read(operation, id, props)));
    expect(reads.map((read) => read.props?.teams)).toEqual(ids.users.map((_, i) => [`readers-${Math.floor(i / 5)}`]));
    expect(await requestsOf(emu)).toEqual(rolesShownByDefault ? ["GET /scim/Users 200"] : ["GET /scim/Users 200", "GET /scim/Groups 200"]);
  });

  it("a user deleted out of band is gone, once a direct read confirms what the listing leaves out", async () => {
    const made = await user.create(operation, await checkedInputs<UserInputs>(operation, user, { userName: "leaver", email: "leaver@acme.example" }));
    await call("DELETE", `/scim/Users/${made.id}`);
    operation = nextOperation(operation);
    await resetLog(emu);
    expect(await user.read(operation, made.id, made.outs)).toEqual({});
    expect(await requestsOf(emu)).toEqual(["GET /scim/Users 200", "GET /scim/Users/:id 404"]);
  });

  it("a user a listing leaves out (a short page, a listing older than the user) is read directly, never reported gone", async () => {
    const [first] = states.users;
    const listing = (await call("GET", "/scim/Users")).body;
    const short = { ...listing, Resources: listing.Resources.filter((item: { id: string }) => item.id !== first!.id), totalResults: listing.totalResults - 1 };
    const proxy = await startProxy(emu, ({ method, url }) => (method === "GET" && url.startsWith("/scim/Users?") ? { status: 200, json: short } : undefined));
    try {
      operation = operationFor(emu, { baseUrl: proxy.url, timeoutSeconds: "10" });
      await resetLog(emu);
      const read = await user.read(operation, first!.id, first!.props);
      expect(read.props).toMatchObject({ userName: first!.props.userName, email: first!.props.email });
      expect(await requestsOf(emu)).toContain("GET /scim/Users/:id 200");
    } finally {
      operation = operationFor(emu, { timeoutSeconds: "10" });
      await proxy.close();
    }
  });

  it("a membership the listing of /Groups does not show is confirmed gone by reading the team", async () => {
    const teamId = ids.teams[9]!;
    const made = await teamMember.create(operation, { teamId, user: ids.users[0]! });
    await call("PATCH", `/scim/Groups/${teamId}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "remove", path: `members[value eq "${ids.users[0]}"]` }] });
    operation = nextOperation(operation);
    await resetLog(emu);
    expect(await teamMember.read(operation, made.id, made.outs)).toEqual({});
    expect(await requestsOf(emu)).toEqual(["GET /scim/Groups 200", "GET /scim/Groups/:id 200"]);
  });

  describe("the next write after a list-based refresh is still guarded by If-Match", () => {
    const newUser = async (userName: string) => {
      const inputs = await checkedInputs<UserInputs>(operation, user, { userName, email: `${userName}@acme.example`, displayName: "Declared" });
      return { inputs, ...(await user.create(operation, inputs)) };
    };
    const patches = async () => (await readLog(emu)).requests.filter((r) => r.method === "PATCH");

    it("refreshed unchanged (the recorded ETag kept), then changed outside Pulumi: the write's If-Match draws a 412 and nothing is overwritten", async () => {
      const { id, outs, inputs } = await newUser("guarded-unchanged");
      operation = nextOperation(operation);
      const refreshed = await user.read(operation, id, outs);
      expect(refreshed).toEqual({ id, props: outs });
      await patchUser(id, { op: "replace", path: "displayName", value: "Theirs" });
      operation = nextOperation(operation);
      await resetLog(emu);
      await expect(user.update(operation, id, refreshed.props!, { ...inputs, displayName: "Ours" })).rejects.toThrow(/changed outside Pulumi \(displayName\)/);
      expect((await patches()).map((r) => [r.status, r.ifMatch])).toEqual([[412, outs.etag]]);
      expect((await call("GET", `/scim/Users/${id}`)).body.displayName).toBe("Theirs");
    });

    it("refreshed with drift, then changed outside Pulumi again: the write is refused, never sent unconditionally", async () => {
      const { id, outs, inputs } = await newUser("guarded-drift");
      await patchUser(id, { op: "replace", path: "displayName", value: "Drifted" });
      operation = nextOperation(operation);
      const refreshed = await user.read(operation, id, outs);
      expect(refreshed.props).toMatchObject({ displayName: "Drifted" });
      // W&B's list items carry no ETag: the old one says nothing of the drifted state, so none is recorded.
      expect(refreshed.props?.etag).toBe(dialect === "rfc" ? await etagOf(`/scim/Users/${id}`) : "");
      await patchUser(id, { op: "replace", path: "displayName", value: "Theirs" });
      operation = nextOperation(operation);
      await resetLog(emu);
      await expect(user.update(operation, id, refreshed.props!, { ...inputs, displayName: "Ours" })).rejects.toThrow(/changed outside Pulumi \(displayName\)/);
      // Without an ETag the write reads the user first and stops there; with one, its If-Match draws the 412.
      expect((await patches()).map((r) => r.status)).toEqual(dialect === "rfc" ? [412] : []);
      expect((await patches()).every((r) => r.ifMatch !== undefined)).toBe(true);
      expect((await call("GET", `/scim/Users/${id}`)).body.displayName).toBe("Theirs");
    });

    it("refreshed with drift and nothing changed since: the write goes through, with If-Match", async () => {
      const { id, outs, inputs } = await newUser("guarded-through");
      await patchUser(id, { op: "replace", path: "displayName", value: "Drifted" });
      operation = nextOperation(operation);
      const refreshed = await user.read(operation, id, outs);
      operation = nextOperation(operation);
      await resetLog(emu);
      const { outs: after } = await user.update(operation, id, refreshed.props!, { ...inputs, displayName: "Ours" });
      expect(after).toMatchObject({ displayName: "Ours", etag: await etagOf(`/scim/Users/${id}`) });
      expect((await patches()).map((r) => [r.status, r.ifMatch !== undefined])).toEqual([[dialect === "rfc" ? 204 : 200, true]]);
    });

    it("a team refreshed with membership drift, then changed again outside Pulumi: the update is refused", async () => {
      const teamId = ids.teams[8]!;
      const recorded = states.teams.find((t) => t.id === teamId)!.props as TeamOutputs;
      const [stranger, another] = [ids.users[0]!, ids.users[1]!];
      const join = (member: string) =>
        call("PATCH", `/scim/Groups/${teamId}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: "add", path: "members", value: [{ value: member }] }] });
      await join(stranger);
      operation = nextOperation(operation);
      const refreshed = await team.read(operation, teamId, recorded);
      expect(refreshed.props?.memberIds).toContain(stranger);
      await join(another);
      operation = nextOperation(operation);
      await resetLog(emu);
      const declared = { name: recorded.name, members: recorded.members!, adoptExisting: false, deletionPolicy: "empty" as const };
      await expect(team.update(operation, teamId, refreshed.props!, declared)).rejects.toThrow(/changed outside Pulumi \(members\)/);
      expect((await patches()).every((r) => r.ifMatch !== undefined)).toBe(true);
    });
  });

  it("within one operation, reads after our own writes see them without listing again", async () => {
    const inputs = await checkedInputs<UserInputs>(operation, user, { userName: "same-operation", email: "same-operation@acme.example", displayName: "One" });
    const { id, outs } = await user.create(operation, inputs);
    operation = nextOperation(operation);
    const before = await user.read(operation, id, outs);
    const teamId = ids.teams[7]!;
    const teamState = states.teams.find((t) => t.id === teamId)!.props as TeamOutputs;
    expect((await team.read(operation, teamId, teamState)).props?.memberIds).not.toContain(id);
    await resetLog(emu);
    const { outs: renamed } = await user.update(operation, id, before.props!, { ...inputs, displayName: "Two" });
    await teamMember.create(operation, { teamId, user: id });
    await resetLog(emu);
    expect((await user.read(operation, id, renamed)).props).toMatchObject({ displayName: "Two" });
    expect((await team.read(operation, teamId, teamState)).props?.memberIds).toContain(id);
    expect(await requestsOf(emu)).toEqual([]);
  });
});

describe("the figure: 1,000 users and 50 teams read in one operation", () => {
  const USERS = 1000;
  let emu: RunningEmulator;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: organization(USERS, 50, 20) });
  });
  afterAll(async () => emu?.close());

  it(`costs at most ceil(N/${PAGE_SIZE}) + 3 requests: one listing of /Users and one of /Groups`, async () => {
    operation = operationFor(emu, { timeoutSeconds: "30" });
    const states = await statesOf(await idsOf(emu));
    expect(states.users).toHaveLength(USERS);
    operation = nextOperation(operation);
    await resetLog(emu);
    const reads = await Promise.all([
      ...states.users.map(({ id, props }) => user.read(operation, id, props as UserOutputs)),
      ...states.teams.map(({ id, props }) => team.read(operation, id, props as TeamOutputs)),
    ]);
    expect(reads).toEqual([...states.users, ...states.teams]);
    const { total, byRoute } = (await readLog(emu)).counters;
    console.log(`figure: reading ${USERS} users and ${states.teams.length} teams in one operation took ${total} requests ${JSON.stringify(byRoute)}`);
    expect(total).toBeLessThanOrEqual(Math.ceil(USERS / PAGE_SIZE) + 3);
    expect(byRoute).toEqual({ "GET /scim/Users": 1, "GET /scim/Groups": 1 });
  });
});
