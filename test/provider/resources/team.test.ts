import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CONFLICT_RETRY_POLICY } from "../../../service";
import type { RunningEmulator } from "../../../emulator";
import { ResourceInitError } from "../../../provider/kit/errors";
import { STATE_VERSION_KEY } from "../../../provider/kit/state";
import { team, type TeamInputs, type TeamOutputs } from "../../../provider/resources/team";
import { teamMember } from "../../../provider/resources/team-member";
import { adminRequest, clearFaults, readLog, resetLog, setFaults } from "../../../scripts/emulator-api";
import { UNKNOWN_VALUE } from "../../../model/unknown-value";
import { checkedInputs, operationFor, nextOperation, startProxy } from "../../support/provider";
import {
  operationForTeams,
  createTeamOutOfBand,
  memberIdsOf,
  patchMembers,
  serviceAccountId,
  startTeamEmulator,
  userIdOf,
  userIdsOf,
  type Dialect,
} from "../../support/teams";
import { unique } from "../../support/names";
import type { Operation } from "../../../provider/operation";

/** The engine operation this file's calls are served in, built by each test's setup. */
let operation: Operation;

const checked = (news: Record<string, unknown>) => checkedInputs<TeamInputs>(operation, team, news);

async function created(news: Record<string, unknown>): Promise<{ id: string; outs: TeamOutputs; inputs: TeamInputs }> {
  const inputs = await checked(news);
  const { id, outs } = await team.create(operation, inputs);
  return { id, outs, inputs };
}

describe.each(["wandb", "rfc"] as Dialect[])("Team (%s dialect)", (dialect) => {
  let emu: RunningEmulator;
  let ids: Record<"alice" | "bob" | "carol" | "dave" | "admin" | "member", string>;
  let sa: string;

  beforeAll(async () => {
    emu = await startTeamEmulator(dialect);
    ids = await userIdsOf(emu, ["alice", "bob", "carol", "dave", "admin", "member"]);
    sa = await serviceAccountId(emu);
  });
  afterAll(async () => emu?.close());
  beforeEach(async () => {
    operation = operationForTeams(emu);
    await clearFaults(emu);
  });
  afterEach(() => vi.restoreAllMocks());

  describe("check", () => {
    it("names the failing property and sends nothing", async () => {
      await resetLog(emu);
      const cases: [Record<string, unknown>, string][] = [
        [{}, "name"],
        [{ name: "  " }, "name"],
        [{ name: "t", members: "alice@acme.example" }, "members"],
        [{ name: "t", members: ["alice@acme.example", ""] }, "members[1]"],
        [{ name: "t", deletionPolicy: "delete" }, "deletionPolicy"],
        [{ name: "t", adoptExisting: "yes" }, "adoptExisting"],
        [{ name: "t", importId: "" }, "importId"],
        [{ name: "t", importId: "abc", adoptExisting: true }, "importId"],
        [{ name: "t", membersFrom: "okta" }, "membersFrom"],
        [{ name: "t", membersFrom: "idp", members: ["alice@acme.example"] }, "members"],
        [{ name: "t", owner: "x" }, "owner"],
      ];
      for (const [news, property] of cases) {
        const result = await team.check(operation, {}, news);
        expect(result.failures?.map((f) => f.property), JSON.stringify(news)).toContain(property);
        for (const f of result.failures ?? []) expect(f.reason.length).toBeGreaterThan(10);
      }
      expect((await readLog(emu)).counters.total).toBe(0);
    });

    it("fills defaults and makes members a set (first spelling kept)", async () => {
      const inputs = await checked({ name: " t ", members: ["Alice@acme.example", "alice@ACME.example", "bob@acme.example"] });
      expect(inputs).toMatchObject({ name: "t", members: ["Alice@acme.example", "bob@acme.example"], adoptExisting: false, deletionPolicy: "empty" });
      expect((await checked({ name: "t" })).members).toBeUndefined();
    });
  });

  describe("diff", () => {
    const olds: TeamOutputs = {
      name: "team-a",
      members: ["Alice@acme.example", "bob-id"],
      memberIds: ["alice-id", "bob-id"],
      memberIdsByReference: { "alice@acme.example": "alice-id", "bob-id": "bob-id" },
      memberEmails: { "alice-id": "alice@acme.example", "bob-id": "bob@acme.example" },
      serviceAccountIds: ["sa-id"],
      adoptExisting: false,
      deletionPolicy: "empty",
      etag: 'W/"x"',
    };

    it("never reports a change for the same set, whatever the order or email case, and sends nothing", async () => {
      await resetLog(emu);
      for (const members of [
        ["bob-id", "alice@acme.example"],
        ["ALICE@ACME.EXAMPLE", "bob-id"],
        ["bob-id", "Alice@acme.example", "alice@acme.example"],
        // The same users, each named the other way: by id, by email.
        ["alice-id", "Bob@acme.example"],
        ["alice-id", "bob-id", "alice@acme.example"],
      ]) {
        expect(await team.diff(operation, "id", olds, await checked({ name: "team-a", members }))).toEqual({ changes: false });
      }
      // adoptExisting/importId only matter at create.
      expect((await team.diff(operation, "id", olds, await checked({ name: "team-a", members: ["bob-id", "alice@acme.example"], adoptExisting: true }))).changes).toBe(false);
      const unmanaged = { ...olds, members: undefined, memberIdsByReference: {} };
      expect((await team.diff(operation, "id", unmanaged, await checked({ name: "team-a" }))).changes).toBe(false);
      expect((await readLog(emu)).counters.total).toBe(0);
    });

    it("reports real changes in place, never a replacement", async () => {
      const cases: Record<string, unknown>[] = [
        { name: "team-b", members: ["bob-id", "alice@acme.example"] },
        { name: "Team-A", members: ["bob-id", "alice@acme.example"] },
        { name: "team-a", members: ["bob-id"] },
        { name: "team-a", members: ["bob-id", "alice@acme.example", "carol@acme.example"] },
        { name: "team-a", members: [] },
        { name: "team-a" },
        { name: "team-a", members: ["bob-id", "alice@acme.example"], deletionPolicy: "retain" },
      ];
      for (const news of cases) {
        const diff = await team.diff(operation, "id", olds, await checked(news));
        expect(diff.changes, JSON.stringify(news)).toBe(true);
        expect(diff.replaces ?? []).toEqual([]);
      }
    });
  });

  describe("one member, one identity", () => {
    it("a member named by id or by email compares by the user it names, from what create, update and refresh record, with no request", async () => {
      const { id, outs, inputs } = await created({ name: unique("identity"), members: [ids.alice, "bob@acme.example"] });
      expect(outs.memberEmails).toEqual({ [ids.alice]: "alice@acme.example", [ids.bob]: "bob@acme.example" });
      const switched = await checked({ ...inputs, members: ["Alice@acme.example", ids.bob] });
      await resetLog(emu);
      const output = vi.spyOn(console, "log");
      expect(await team.diff(operation, id, outs, switched)).toEqual({ changes: false });
      expect(output).not.toHaveBeenCalled();
      // Another user still shows, in the preview too.
      expect((await team.diff(operation, id, outs, await checked({ ...inputs, members: ["alice@acme.example", "carol@acme.example"] }))).changes).toBe(true);
      expect(output).toHaveBeenCalledWith(`wandb: members of team "${inputs.name}": + carol@acme.example, - bob@acme.example`);
      // Members named by id, as the dynamic door's programs name them, show by email; a user the same run creates, as such.
      await team.diff(operation, id, outs, await checked({ ...inputs, members: [ids.alice, UNKNOWN_VALUE] }));
      expect(output).toHaveBeenCalledWith(`wandb: members of team "${inputs.name}": + a user this run creates, - bob@acme.example`);
      expect((await readLog(emu)).counters.total).toBe(0);

      // An update for another reason keeps the members, whatever their spelling.
      const { outs: renamed } = await team.update(operation, id, outs, { ...switched, name: unique("identity-renamed") });
      expect(await memberIdsOf(emu, id)).toEqual([ids.alice, ids.bob, sa].sort());
      expect((await team.diff(operation, id, renamed, await checked({ ...switched, name: renamed.name, members: [ids.alice, ids.bob] }))).changes).toBe(false);

      // A user who joins outside Pulumi is shown by email after a refresh; naming them by id then shows no change.
      await patchMembers(emu, id, { op: "add", path: "members", value: [{ value: ids.dave }] });
      operation = nextOperation(operation);
      const refreshed = await team.read(operation, id, renamed);
      expect(refreshed.inputs?.members).toContain("dave@acme.example");
      expect((await team.diff(operation, id, refreshed.props!, await checked({ ...switched, name: renamed.name, members: [ids.alice, ids.bob, ids.dave] }))).changes).toBe(false);
    });

    it("a state recorded before member emails were (version 1) knows the emails members were declared by", async () => {
      const { id, outs, inputs } = await created({ name: unique("identity-v1"), members: ["alice@acme.example", ids.bob] });
      const { memberEmails: _emails, ...released } = outs;
      const migrated = team.state.parse({ ...released, [STATE_VERSION_KEY]: 1 }, id);
      expect(migrated.memberEmails).toEqual({ [ids.alice]: "alice@acme.example" });
      expect((await team.diff(operation, id, migrated, await checked({ ...inputs, members: [ids.alice, ids.bob] }))).changes).toBe(false);
      // Bob was declared by id: his email is learnt by the next refresh that reads the team.
      expect((await team.diff(operation, id, migrated, await checked({ ...inputs, members: [ids.alice, "bob@acme.example"] }))).changes).toBe(true);
    });
  });

  describe("create", () => {
    it("creates with members by email and id, records service accounts, and converges nothing more", async () => {
      await resetLog(emu);
      const name = unique("create");
      const { id, outs } = await created({ name, members: ["Alice@ACME.example", ids.bob] });
      expect(outs).toMatchObject({
        name,
        members: ["Alice@ACME.example", ids.bob],
        memberIdsByReference: { "alice@acme.example": ids.alice, [ids.bob]: ids.bob },
        serviceAccountIds: [sa],
        deletionPolicy: "empty",
        adoptExisting: false,
      });
      expect([...outs.memberIds].sort()).toEqual([ids.alice, ids.bob].sort());
      expect(outs.etag).toMatch(/^W\//);
      expect(await memberIdsOf(emu, id)).toEqual([ids.alice, ids.bob, sa].sort());
      const log = await readLog(emu);
      expect(log.counters.writes).toBe(1);
      expect(log.requests.filter((r) => r.method === "POST").map((r) => r.route)).toEqual(["/scim/Groups"]);
    });

    it("creates a team whose membership is not managed", async () => {
      const name = unique("unmanaged");
      const { id, outs } = await created({ name });
      expect(outs.members).toBeUndefined();
      expect(outs.memberIds).toEqual([]);
      expect(outs.serviceAccountIds).toEqual([sa]);
      expect(await memberIdsOf(emu, id)).toEqual([sa]);
    });

    it("names every unknown member and what to do, before writing anything", async () => {
      await resetLog(emu);
      const inputs = await checked({ name: unique("unknown"), members: ["nobody@acme.example", "no-such-id", ids.alice] });
      const error = await team.create(operation, inputs).then(() => undefined, (e: Error) => e);
      expect(error?.message).toMatch(/nobody@acme\.example.*add the user first/);
      expect(error?.message).toContain('no user with SCIM id "no-such-id"');
      expect((await readLog(emu)).counters.writes).toBe(0);
    });

    it("refuses an existing name with a hint, and adopts it with adoptExisting (service accounts kept)", async () => {
      const name = unique("existing");
      const existingId = await createTeamOutOfBand(emu, name, [ids.admin, ids.carol]);
      const refused = await team.create(operation, await checked({ name, members: [ids.alice] })).then(() => undefined, (e: Error) => e);
      expect(refused?.message).toMatch(/already exists.*adoptExisting: true/);

      const { id, outs } = await created({ name, members: ["alice@acme.example", ids.carol], adoptExisting: true });
      expect(id).toBe(existingId);
      expect([...outs.memberIds].sort()).toEqual([ids.alice, ids.carol].sort());
      expect(outs.serviceAccountIds).toEqual([sa]);
      expect(await memberIdsOf(emu, id)).toEqual([ids.alice, ids.carol, sa].sort());
    });

    it("adoptExisting without a team of that name creates it", async () => {
      const name = unique("adopt-or-create");
      const { id, outs } = await created({ name, members: [ids.dave], adoptExisting: true });
      expect(outs.memberIds).toEqual([ids.dave]);
      expect(await memberIdsOf(emu, id)).toEqual([ids.dave, sa].sort());
    });

    it("importId adopts the team with that id, renames it and converges members; unknown id fails", async () => {
      const existingId = await createTeamOutOfBand(emu, unique("import-src"), [ids.bob]);
      const name = unique("imported");
      const { id, outs } = await created({ name, members: [ids.alice], importId: existingId });
      expect(id).toBe(existingId);
      expect(outs).toMatchObject({ name, memberIds: [ids.alice], serviceAccountIds: [sa], importId: existingId });
      expect((await adminRequest(emu, "GET", `/scim/Groups/${id}`)).body.displayName).toBe(name);
      expect(await memberIdsOf(emu, id)).toEqual([ids.alice, sa].sort());

      const missing = await team.create(operation, await checked({ name: unique("x"), importId: "VGVhbTo0MDQ" })).then(() => undefined, (e: Error) => e);
      expect(missing?.message).toMatch(/importId: there is no team with id "VGVhbTo0MDQ"/);
    });

    it("a failure after adoption is a ResourceInitError carrying the id (nothing orphaned)", async () => {
      const name = unique("init-error");
      const existingId = await createTeamOutOfBand(emu, name, [ids.bob]);
      // Each lost answer is re-read and the PATCH tried again, as many times as the conflict policy allows.
      await setFaults(emu, { failNext: [{ status: 500, method: "PATCH", pathPrefix: "/scim/Groups", count: CONFLICT_RETRY_POLICY.limit + 1 }] });
      const error = await team.create(operation, await checked({ name, members: [ids.alice], adoptExisting: true })).then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(ResourceInitError);
      expect((error as ResourceInitError).id).toBe(existingId);
      expect((error as ResourceInitError).properties).toMatchObject({ name, memberIds: [ids.bob], serviceAccountIds: [sa] });
    });
  });

  describe("read", () => {
    it("is the state as recorded when nothing changed, from one listing of /Groups and one of /Users (to tell users from service accounts)", async () => {
      const { id, outs } = await created({ name: unique("read-unchanged"), members: [ids.alice] });
      operation = nextOperation(operation);
      await resetLog(emu);
      const result = await team.read(operation, id, outs);
      expect(result).toEqual({ id, props: outs });
      const log = await readLog(emu);
      expect(log.requests.map((r) => `${r.method} ${r.route} ${r.status}`).sort()).toEqual(["GET /scim/Groups 200", "GET /scim/Users 200"]);
    });

    it("shows a member added and one removed out of band as drift (emails for unknown users), and up restores it", async () => {
      const inputs = await checked({ name: unique("drift"), members: ["alice@acme.example", ids.bob] });
      const { id, outs } = await team.create(operation, inputs);
      await patchMembers(emu, id, { op: "add", path: "members", value: [{ value: ids.carol }] });
      await patchMembers(emu, id, { op: "remove", path: `members[value eq "${ids.bob}"]` });

      const read = await team.read(operation, id, outs);
      expect(read.inputs?.members).toEqual(["alice@acme.example", "carol@acme.example"]);
      expect(read.props?.members).toEqual(["alice@acme.example", "carol@acme.example"]);
      expect([...(read.props?.memberIds ?? [])].sort()).toEqual([ids.alice, ids.carol].sort());
      expect(read.props?.serviceAccountIds).toEqual([sa]);

      const diff = await team.diff(operation, id, read.props!, inputs);
      expect(diff.changes).toBe(true);
      await resetLog(emu);
      const { outs: updated } = await team.update(operation, id, read.props!, inputs);
      expect([...updated.memberIds].sort()).toEqual([ids.alice, ids.bob].sort());
      expect(await memberIdsOf(emu, id)).toEqual([ids.alice, ids.bob, sa].sort());
      const log = await readLog(emu);
      expect(log.counters.writes).toBe(1);
      expect(log.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.route}`)).toEqual(["PATCH /scim/Groups/:id"]);
      // Converged: the next refresh and preview are quiet.
      const again = await team.read(operation, id, updated);
      expect(await team.diff(operation, id, again.props ?? updated, inputs)).toEqual({ changes: false });
    });

    it("ignores service accounts and changes it does not own", async () => {
      const inputs = await checked({ name: unique("sa-ignored"), members: [ids.alice] });
      const { id, outs } = await team.create(operation, inputs);
      await patchMembers(emu, id, { op: "remove", path: `members[value eq "${sa}"]` });
      const read = await team.read(operation, id, outs);
      expect(read.inputs).toEqual({ name: inputs.name, members: [ids.alice], adoptExisting: false, deletionPolicy: "empty" });
      expect(read.props?.serviceAccountIds).toEqual([]);
      expect(await team.diff(operation, id, read.props!, inputs)).toEqual({ changes: false });
    });

    it("does not report membership of an unmanaged team as drift", async () => {
      const inputs = await checked({ name: unique("unmanaged-read") });
      const { id, outs } = await team.create(operation, inputs);
      await patchMembers(emu, id, { op: "add", path: "members", value: [{ value: ids.dave }] });
      const read = await team.read(operation, id, outs);
      expect(read.inputs).toEqual({ name: inputs.name, adoptExisting: false, deletionPolicy: "empty" });
      expect(read.props?.memberIds).toEqual([ids.dave]);
      expect(await team.diff(operation, id, read.props!, inputs)).toEqual({ changes: false });
    });

    it("shows a rename out of band as drift of name", async () => {
      const inputs = await checked({ name: unique("renamed-oob"), members: [ids.alice] });
      const { id, outs } = await team.create(operation, inputs);
      const current = await adminRequest(emu, "GET", `/scim/Groups/${id}`);
      await adminRequest(emu, "PUT", `/scim/Groups/${id}`, { schemas: [current.body.schemas[0]], displayName: `${inputs.name}-x`, members: [{ value: ids.alice }, { value: sa }] });
      const read = await team.read(operation, id, outs);
      expect(read.inputs?.name).toBe(`${inputs.name}-x`);
      expect((await team.diff(operation, id, read.props!, inputs)).changes).toBe(true);
    });

    it("works from the id alone (static get): members as emails, service accounts apart", async () => {
      const { id } = await created({ name: unique("get"), members: [ids.alice, "bob@acme.example"] });
      const read = await team.read(operation, id, {} as TeamOutputs);
      expect(read.id).toBe(id);
      expect(read.props?.members).toEqual(["alice@acme.example", "bob@acme.example"]);
      expect(read.props?.serviceAccountIds).toEqual([sa]);
      expect(read.props?.memberIdsByReference).toEqual({ "alice@acme.example": ids.alice, "bob@acme.example": ids.bob });
    });

    it("reports a team that no longer exists as gone", async () => {
      expect(await team.read(operation, "VGVhbTo0MDQ", {} as TeamOutputs)).toEqual({});
    });
  });

  describe("update", () => {
    it("renames in place, keeping id, members and service accounts", async () => {
      const inputs = await checked({ name: unique("rename"), members: [ids.alice] });
      const { id, outs } = await team.create(operation, inputs);
      const renamed = await checked({ ...inputs, name: `${inputs.name}-new` });
      expect((await team.diff(operation, id, outs, renamed)).replaces ?? []).toEqual([]);
      const { outs: updated } = await team.update(operation, id, outs, renamed);
      expect(updated.name).toBe(renamed.name);
      expect((await adminRequest(emu, "GET", `/scim/Groups/${id}`)).body.displayName).toBe(renamed.name);
      expect(await memberIdsOf(emu, id)).toEqual([ids.alice, sa].sort());
    });

    it("PATCHes only the difference with If-Match; reordering or email case changes nothing", async () => {
      const inputs = await checked({ name: unique("patch"), members: ["alice@acme.example", ids.bob] });
      const { id, outs } = await team.create(operation, inputs);
      await resetLog(emu);
      const next = await checked({ ...inputs, members: [ids.bob, "carol@acme.example"] });
      const { outs: updated } = await team.update(operation, id, outs, next);
      expect(await memberIdsOf(emu, id)).toEqual([ids.bob, ids.carol, sa].sort());
      expect(updated.memberIdsByReference).toEqual({ [ids.bob]: ids.bob, "carol@acme.example": ids.carol });
      const log = await readLog(emu);
      expect(log.counters.writes).toBe(1);
      expect(await team.diff(operation, id, updated, await checked({ ...inputs, members: ["CAROL@acme.example", ids.bob] }))).toEqual({ changes: false });
    });

    it("changing only deletionPolicy or member spelling sends nothing", async () => {
      const inputs = await checked({ name: unique("policy"), members: ["alice@acme.example"] });
      const { id, outs } = await team.create(operation, inputs);
      await resetLog(emu);
      const { outs: updated } = await team.update(operation, id, outs, await checked({ ...inputs, members: ["ALICE@acme.example"], deletionPolicy: "retain" }));
      expect(updated).toMatchObject({ deletionPolicy: "retain", members: ["ALICE@acme.example"], memberIds: [ids.alice], etag: outs.etag });
      expect((await readLog(emu)).counters.total).toBe(0);
    });

    it("on 412 caused by a change it does not own (service account, unmanaged members), retries", async () => {
      const inputs = await checked({ name: unique("412-foreign"), members: [ids.alice] });
      const { id, outs } = await team.create(operation, inputs);
      await patchMembers(emu, id, { op: "remove", path: `members[value eq "${sa}"]` });
      await resetLog(emu);
      const { outs: updated } = await team.update(operation, id, outs, await checked({ ...inputs, members: [ids.alice, ids.bob] }));
      expect((await readLog(emu)).requests.filter((r) => r.method === "PATCH").map((r) => r.status)).toEqual([412, dialect === "rfc" ? 204 : 200]);
      expect(await memberIdsOf(emu, id)).toEqual([ids.alice, ids.bob].sort());
      expect(updated.serviceAccountIds).toEqual([]);

      // Unmanaged membership: a TeamMember adding someone moves the ETag, a rename still goes through.
      const plain = await checked({ name: unique("412-unmanaged") });
      const made = await team.create(operation, plain);
      await teamMember.create(operation, { teamId: made.id, user: ids.dave });
      const { outs: renamed } = await team.update(operation, made.id, made.outs, { ...plain, name: `${plain.name}-2` });
      expect(renamed.name).toBe(`${plain.name}-2`);
      expect(await memberIdsOf(emu, made.id)).toEqual([ids.dave, sa].sort());
    });

    it("on 412 caused by a change of members it owns, fails naming members and pulumi refresh, overwriting nothing", async () => {
      const inputs = await checked({ name: unique("412-owned"), members: [ids.alice] });
      const { id, outs } = await team.create(operation, inputs);
      await patchMembers(emu, id, { op: "add", path: "members", value: [{ value: ids.carol }] });
      const error = await team.update(operation, id, outs, await checked({ ...inputs, members: [ids.alice, ids.bob] })).then(() => undefined, (e: Error) => e);
      expect(error?.message).toMatch(/changed outside Pulumi \(members\).*pulumi refresh/);
      expect(await memberIdsOf(emu, id)).toEqual([ids.alice, ids.carol, sa].sort());

      const renamed = await checked({ name: unique("412-name"), members: [ids.alice] });
      const made = await team.create(operation, renamed);
      const current = await adminRequest(emu, "GET", `/scim/Groups/${made.id}`);
      await adminRequest(emu, "PUT", `/scim/Groups/${made.id}`, { schemas: [current.body.schemas[0]], displayName: `${renamed.name}-oob`, members: [{ value: ids.alice }, { value: sa }] });
      const nameError = await team.update(operation, made.id, made.outs, { ...renamed, members: [ids.alice, ids.bob] }).then(() => undefined, (e: Error) => e);
      expect(nameError?.message).toMatch(/changed outside Pulumi \(name\).*pulumi refresh/);
    });

    it("a rename onto another team's name fails clearly", async () => {
      const taken = unique("taken");
      await createTeamOutOfBand(emu, taken, []);
      const inputs = await checked({ name: unique("clash") });
      const { id, outs } = await team.create(operation, inputs);
      const error = await team.update(operation, id, outs, { ...inputs, name: taken }).then(() => undefined, (e: Error) => e);
      expect(error?.message).toMatch(/another team already has that name/);
    });
  });

  describe("delete", () => {
    it("empty (default) removes every user, keeps service accounts, and says to delete the team in the web app", async () => {
      const log = vi.spyOn(console, "log").mockImplementation(() => {});
      const { id, outs } = await created({ name: unique("empty"), members: [ids.alice, ids.bob] });
      await patchMembers(emu, id, { op: "add", path: "members", value: [{ value: ids.carol }] });
      await team.delete(operation, id, outs);
      expect(await memberIdsOf(emu, id)).toEqual([sa]);
      expect(log.mock.calls.map((c) => String(c[0])).join("\n")).toMatch(/emptied: 3 member\(s\) removed.*delete it in the W&B web application/);
      // Again, and once the team is gone: success.
      await team.delete(operation, id, outs);
      await team.delete(operation, "VGVhbTo0MDQ", { ...outs });
    });

    it("empty under the one guard: a change between its read and its write costs a 412, a re-read and a retry, all with If-Match", async () => {
      const log = vi.spyOn(console, "log").mockImplementation(() => {});
      const { id, outs } = await created({ name: unique("empty-412"), members: [ids.alice, ids.bob] });
      // Someone adds carol just before our first PATCH arrives: the ETag we read is stale by then.
      let changed = false;
      const proxy = await startProxy(emu, async ({ method, url }) => {
        if (method === "PATCH" && url === `/scim/Groups/${id}` && !changed) {
          changed = true;
          await patchMembers(emu, id, { op: "add", path: "members", value: [{ value: ids.carol }] });
        }
        return undefined;
      });
      try {
        operation = operationFor(emu, { baseUrl: proxy.url, timeoutSeconds: "10" });
        await resetLog(emu);
        await team.delete(operation, id, outs);
      } finally {
        await proxy.close();
      }
      const requests = (await readLog(emu)).requests.filter((r) => r.path === `/scim/Groups/${id}`);
      expect(await memberIdsOf(emu, id)).toEqual([sa]);
      expect(log.mock.calls.map((c) => String(c[0])).join("\n")).toMatch(/emptied: 3 member\(s\) removed/);
      const patched = dialect === "rfc" ? 204 : 200;
      expect(requests.map((r) => [r.method, r.status, r.ifMatch !== undefined])).toEqual([
        ["GET", 200, false], // the read that decides who to remove
        ["PATCH", patched, false], // the change made outside Pulumi
        ["PATCH", 412, true],
        ["GET", 200, false], // the re-read: carol is removed too
        ["PATCH", patched, true],
        // An RFC server answers the PATCH without a body: the client reads the team.
        ...(dialect === "rfc" ? [["GET", 200, false]] : []),
      ]);
    });

    it("retain leaves the team untouched and says so", async () => {
      const log = vi.spyOn(console, "log").mockImplementation(() => {});
      const { id, outs } = await created({ name: unique("retain"), members: [ids.alice], deletionPolicy: "retain" });
      await resetLog(emu);
      await team.delete(operation, id, outs);
      expect((await readLog(emu)).counters.total).toBe(0);
      expect(await memberIdsOf(emu, id)).toEqual([ids.alice, sa].sort());
      expect(log.mock.calls.map((c) => String(c[0])).join("\n")).toMatch(/left in W&B unchanged \(deletionPolicy "retain"\)/);
    });

    it("membersFrom idp: the team and the identity provider's members are left as they are, whatever the policy but fail, and said so", async () => {
      const log = vi.spyOn(console, "log").mockImplementation(() => {});
      const { id, outs } = await created({ name: unique("idp"), membersFrom: "idp", guardedBy: "acme" });
      expect(outs).toMatchObject({ membersFrom: "idp", deletionPolicy: "empty" });
      // What the identity provider wrote since.
      await patchMembers(emu, id, { op: "add", path: "members", value: [{ value: ids.alice }, { value: ids.bob }] });
      const held = await memberIdsOf(emu, id);
      await resetLog(emu);
      await team.delete(operation, id, { ...outs, memberIds: [ids.alice, ids.bob] });
      expect((await readLog(emu)).counters.total).toBe(0);
      expect(await memberIdsOf(emu, id)).toEqual(held);
      expect(log.mock.calls.map((c) => String(c[0])).join("\n")).toMatch(/left in W&B unchanged with its members: they are the identity provider's \(membersFrom: idp\)/);
      const refused = await team.delete(operation, id, { ...outs, deletionPolicy: "fail" }).then(() => undefined, (e: Error) => e);
      expect(refused?.message).toMatch(/deletionPolicy "fail"/);
    });

    it("an Organization's team recorded before membersFrom with no members (an earlier release's membersFrom: idp) is left as it is", async () => {
      vi.spyOn(console, "log").mockImplementation(() => {});
      const { id, outs } = await created({ name: unique("idp-before"), guardedBy: "acme" });
      await patchMembers(emu, id, { op: "add", path: "members", value: [{ value: ids.alice }] });
      const { membersFrom: _recordedSince, ...earlier } = { ...outs, memberIds: [ids.alice] };
      await resetLog(emu);
      await team.delete(operation, id, earlier);
      expect((await readLog(emu)).counters.writes).toBe(0);
      expect(await memberIdsOf(emu, id)).toEqual([ids.alice, sa].sort());
    });

    it("fail refuses, saying how to proceed", async () => {
      const { id, outs } = await created({ name: unique("fail"), members: [ids.alice], deletionPolicy: "fail" });
      await resetLog(emu);
      const error = await team.delete(operation, id, outs).then(() => undefined, (e: Error) => e);
      expect(error?.message).toMatch(/deletionPolicy "fail".*"empty".*"retain".*pulumi state delete <urn>/);
      expect((await readLog(emu)).counters.total).toBe(0);
      expect(await memberIdsOf(emu, id)).toEqual([ids.alice, sa].sort());
    });
  });
});

describe.each(["saas", "self-managed"] as const)("Team on %s", (deployment) => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startTeamEmulator("wandb", deployment);
  });
  afterAll(async () => emu?.close());
  beforeEach(() => {
    operation = operationForTeams(emu);
  });

  it("creates, reads and empties the same way", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const alice = await userIdOf(emu, "alice@acme.example");
    const sa = await serviceAccountId(emu);
    const { id, outs } = await created({ name: unique(deployment), members: ["alice@acme.example"] });
    expect(outs.serviceAccountIds).toEqual([sa]);
    expect(await team.read(operation, id, outs)).toEqual({ id, props: outs });
    await team.delete(operation, id, outs);
    expect(await memberIdsOf(emu, id)).toEqual([sa]);
    expect(alice).toBeTruthy();
    vi.restoreAllMocks();
  });

  it("an Organization's team recorded with no members and no membersFrom: emptied on saas (each User writes its teams), else left to the identity provider", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const alice = await userIdOf(emu, "alice@acme.example");
    const sa = await serviceAccountId(emu);
    const { id, outs } = await created({ name: unique(deployment), guardedBy: "acme" });
    await patchMembers(emu, id, { op: "add", path: "members", value: [{ value: alice }] });
    // Emptying a team of its one member is past the team's guard rail: let through, as a person who means it would.
    await team.delete(operationFor(emu, { timeoutSeconds: "10", maxRemovalFraction: "1" }), id, { ...outs, memberIds: [alice] });
    expect(await memberIdsOf(emu, id)).toEqual(deployment === "saas" ? [sa] : [alice, sa].sort());
    vi.restoreAllMocks();
  });
});
