import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../../emulator";
import { teamMember, teamMemberIds, type TeamMemberInputs, type TeamMemberOutputs } from "../../../provider/resources/team-member";
import { adminRequest, clearFaults, readLog, resetLog } from "../../../scripts/emulator-api";
import { checkedInputs, nextOperation } from "../../support/provider";
import {
  operationForTeams,
  createTeamOutOfBand,
  memberIdsOf,
  patchMembers,
  serviceAccountId,
  startTeamEmulator,
  userIdsOf,
  type Dialect,
} from "../../support/teams";
import { unique } from "../../support/names";
import type { Operation } from "../../../provider/operation";

/** The engine operation this file's calls are served in, built by each test's setup. */
let operation: Operation;

const checked = (news: Record<string, unknown>) => checkedInputs<TeamMemberInputs>(operation, teamMember, news);

describe("TeamMember ids", () => {
  it("round-trips, escaping / and %", () => {
    for (const [teamId, userId] of [["VGVhbTox", "VXNlcjoy"], ["a/b", "c%2Fd"], ["x%", "/"]] as const) {
      expect(teamMemberIds.split(teamMemberIds.join({ teamId, userId }))).toEqual({ teamId, userId });
    }
    expect(teamMemberIds.join({ teamId: "VGVhbTox", userId: "VXNlcjoy" })).toBe("VGVhbTox/VXNlcjoy");
    expect(() => teamMemberIds.split("just-one")).toThrow(/<teamId>\/<userId>/);
  });
});

describe.each(["wandb", "rfc"] as Dialect[])("TeamMember (%s dialect)", (dialect) => {
  let emu: RunningEmulator;
  let ids: Record<"alice" | "bob" | "carol" | "dave", string>;
  let sa: string;

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

  it("check names the failing property and sends nothing", async () => {
    await resetLog(emu);
    const cases: [Record<string, unknown>, string][] = [
      [{ user: "alice@acme.example" }, "teamId"],
      [{ teamId: " ", user: "alice@acme.example" }, "teamId"],
      [{ teamId: "t" }, "user"],
      [{ teamId: "t", user: "" }, "user"],
      [{ teamId: "t", user: "u", role: "admin" }, "role"],
    ];
    for (const [news, property] of cases) {
      const result = await teamMember.check(operation, {}, news);
      expect(result.failures?.map((f) => f.property), JSON.stringify(news)).toContain(property);
    }
    expect((await readLog(emu)).counters.total).toBe(0);
  });

  it("diff: same user (email case, its resolved id, or its email) is no change; another user or team replaces, deleting first", async () => {
    await resetLog(emu);
    const olds: TeamMemberOutputs = { teamId: "team-1", user: "Alice@acme.example", userId: "alice-id", etag: "" };
    for (const user of ["alice@ACME.example", "alice-id"]) {
      expect(await teamMember.diff(operation, "team-1/alice-id", olds, await checked({ teamId: "team-1", user }))).toMatchObject({ changes: false });
    }
    // Declared by id, then by email: the state knows the user's email.
    const byId: TeamMemberOutputs = { teamId: "team-1", user: "alice-id", userId: "alice-id", userEmail: "alice@acme.example", etag: "" };
    expect(await teamMember.diff(operation, "team-1/alice-id", byId, await checked({ teamId: "team-1", user: "Alice@acme.example" }))).toMatchObject({ changes: false });
    expect((await teamMember.diff(operation, "team-1/alice-id", byId, await checked({ teamId: "team-1", user: "bob@acme.example" }))).replaces).toEqual(["user"]);
    expect(await teamMember.diff(operation, "team-1/alice-id", olds, await checked({ teamId: "team-1", user: "bob@acme.example" }))).toEqual({
      changes: true,
      replaces: ["user"],
      deleteBeforeReplace: true,
    });
    expect((await teamMember.diff(operation, "team-1/alice-id", olds, await checked({ teamId: "team-2", user: "alice-id" }))).replaces).toEqual(["teamId"]);
    expect((await readLog(emu)).counters.total).toBe(0);
  });

  it("create adds only this member (PATCH add, with the ETag of the read that decided it), read is one listing, delete removes only this member", async () => {
    const teamId = await createTeamOutOfBand(emu, unique("tm"), [ids.bob]);
    await resetLog(emu);
    const { id, outs } = await teamMember.create(operation, await checked({ teamId, user: "Alice@ACME.example" }));
    expect(id).toBe(`${teamId}/${ids.alice}`);
    expect(outs).toMatchObject({ teamId, user: "Alice@ACME.example", userId: ids.alice });
    expect(await memberIdsOf(emu, teamId)).toEqual([ids.alice, ids.bob, sa].sort());
    const log = await readLog(emu);
    expect(log.counters.writes).toBe(1);
    const patches = log.requests.filter((r) => r.method === "PATCH");
    expect(patches.map((r) => r.route)).toEqual(["/scim/Groups/:id"]);
    expect(patches[0]?.ifMatch).toMatch(/^W\//);

    operation = nextOperation(operation);
    await resetLog(emu);
    expect(await teamMember.read(operation, id, outs)).toEqual({ id, props: outs });
    expect((await readLog(emu)).requests.map((r) => `${r.method} ${r.route} ${r.status}`)).toEqual(["GET /scim/Groups 200"]);

    // Another member joining moves the ETag: still present, so still there, with the fresh ETag an
    // RFC server's list item carries, or else (W&B) the one recorded: the delete meets a 412 and re-reads.
    await patchMembers(emu, teamId, { op: "add", path: "members", value: [{ value: ids.carol }] });
    operation = nextOperation(operation);
    const reread = await teamMember.read(operation, id, outs);
    expect(reread.props).toEqual({ ...outs, etag: dialect === "rfc" ? (await adminRequest(emu, "GET", `/scim/Groups/${teamId}`)).etag : outs.etag });

    await teamMember.delete(operation, id, reread.props!);
    expect(await memberIdsOf(emu, teamId)).toEqual([ids.bob, ids.carol, sa].sort());
    // Not a member any more, or the team unknown: success.
    await teamMember.delete(operation, id, reread.props!);
    await teamMember.delete(operation, `VGVhbTo0MDQ/${ids.alice}`, {} as TeamMemberOutputs);
  });

  it("a membership declared by id records the user's email, so naming the user by email shows no change", async () => {
    const teamId = await createTeamOutOfBand(emu, unique("tm-identity"), []);
    const { id, outs } = await teamMember.create(operation, await checked({ teamId, user: ids.carol }));
    expect(outs.userEmail).toBe("carol@acme.example");
    await resetLog(emu);
    expect(await teamMember.diff(operation, id, outs, await checked({ teamId, user: "CAROL@acme.example" }))).toMatchObject({ changes: false });
    expect((await readLog(emu)).counters.total).toBe(0);
  });

  it("a member already present is taken over", async () => {
    const teamId = await createTeamOutOfBand(emu, unique("tm-present"), [ids.dave]);
    const { id, outs } = await teamMember.create(operation, await checked({ teamId, user: ids.dave }));
    expect(id).toBe(`${teamId}/${ids.dave}`);
    expect(outs.userId).toBe(ids.dave);
    expect(await memberIdsOf(emu, teamId)).toEqual([ids.dave, sa].sort());
  });

  it("read reports the membership gone when removed out of band or when the team is unknown", async () => {
    const teamId = await createTeamOutOfBand(emu, unique("tm-gone"), []);
    const { id, outs } = await teamMember.create(operation, await checked({ teamId, user: ids.bob }));
    await patchMembers(emu, teamId, { op: "remove", path: `members[value eq "${ids.bob}"]` });
    expect(await teamMember.read(operation, id, outs)).toEqual({});
    expect(await teamMember.read(operation, `VGVhbTo0MDQ/${ids.bob}`, {} as TeamMemberOutputs)).toEqual({});
  });

  it("read works from the id alone (static get)", async () => {
    const teamId = await createTeamOutOfBand(emu, unique("tm-get"), [ids.carol]);
    const id = teamMemberIds.join({ teamId, userId: ids.carol });
    const read = await teamMember.read(operation, id, {} as TeamMemberOutputs);
    expect(read.id).toBe(id);
    expect(read.props).toMatchObject({ teamId, user: ids.carol, userId: ids.carol });
    // W&B's list items carry no ETag: none is recorded, so a write reads the team first.
    expect(read.props?.etag).toBe(dialect === "rfc" ? (await adminRequest(emu, "GET", `/scim/Groups/${teamId}`)).etag : "");
    expect(await teamMember.read(operation, teamMemberIds.join({ teamId, userId: ids.alice }), {} as TeamMemberOutputs)).toEqual({});
  });

  it("create fails clearly for an unknown user or team, writing nothing for an unknown user", async () => {
    const teamId = await createTeamOutOfBand(emu, unique("tm-bad"), []);
    await resetLog(emu);
    const byEmail = await teamMember.create(operation, await checked({ teamId, user: "nobody@acme.example" })).then(() => undefined, (e: Error) => e);
    expect(byEmail?.message).toMatch(/^user: no user with email "nobody@acme\.example".*add the user first/);
    const byId = await teamMember.create(operation, await checked({ teamId, user: sa })).then(() => undefined, (e: Error) => e);
    expect(byId?.message).toMatch(/^user: no user with SCIM id .*service accounts cannot be named/);
    expect((await readLog(emu)).counters.writes).toBe(0);
    const noTeam = await teamMember.create(operation, await checked({ teamId: "VGVhbTo0MDQ", user: ids.alice })).then(() => undefined, (e: Error) => e);
    expect(noTeam?.message).toMatch(/teamId: there is no team with id "VGVhbTo0MDQ"/);
  });

  it("never touches other members even when the team changed meanwhile", async () => {
    const teamId = await createTeamOutOfBand(emu, unique("tm-concurrent"), [ids.alice]);
    const a = await teamMember.create(operation, await checked({ teamId, user: ids.bob }));
    const b = await teamMember.create(operation, await checked({ teamId, user: ids.carol }));
    await teamMember.delete(operation, a.id, a.outs);
    expect(await memberIdsOf(emu, teamId)).toEqual([ids.alice, ids.carol, sa].sort());
    await teamMember.delete(operation, b.id, b.outs);
    expect(await memberIdsOf(emu, teamId)).toEqual([ids.alice, sa].sort());
    expect((await adminRequest(emu, "GET", `/scim/Groups/${teamId}`)).status).toBe(200);
  });
});
