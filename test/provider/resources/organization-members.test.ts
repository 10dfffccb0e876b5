// OrganizationMembers: many users in one resource, each handled by the User's implementation,
// against the emulator over real HTTP, through the engine calls both doors serve (KINDS).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { closeAllPools } from "../../../service";
import { KINDS } from "../../../provider/kinds";
import { ResourceInitError } from "../../../provider/kit/errors";
import { Operation } from "../../../provider/operation";
import { adminRequest, clearFaults, heldUser, readLog, resetLog, setFaults } from "../../../scripts/emulator-api";
import { unique } from "../../support/names";
import { keptOutput, nextOperation, operationFor } from "../../support/provider";

const calls = KINDS.OrganizationMembers;
const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

afterAll(() => closeAllPools());

type Members = Record<string, Record<string, unknown>>;
type State = { members: Record<string, Record<string, unknown> & { id: string; etag: string }>; deletionPolicy: string; adoptExisting: boolean };

describe.each(["wandb", "rfc"] as const)("OrganizationMembers on dedicated (%s dialect)", (dialect) => {
  let emu: RunningEmulator;
  let operation: Operation;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, dialect, deployment: "dedicated" });
  });
  afterAll(() => emu.close());
  beforeEach(() => {
    operation = operationFor(emu);
  });
  afterEach(() => clearFaults(emu));

  const people = (count: number, extra: Record<string, unknown> = {}): Members => {
    const prefix = unique("m");
    return Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}-${i}`, { email: `${prefix}-${i}@example.com`, ...extra }]));
  };
  const checked = async (news: Record<string, unknown>, olds: Record<string, unknown> = {}) => {
    const result = await calls.check(operation, olds, news);
    expect(result.failures ?? []).toEqual([]);
    return result.inputs as Record<string, unknown>;
  };
  const create = async (members: Members, settings: Record<string, unknown> = {}) => {
    const inputs = await checked({ members, ...settings });
    const { id, outs } = await calls.create(operation, inputs);
    return { id, state: outs as unknown as State, inputs };
  };
  const scim = (method: string, path: string, body?: unknown) => adminRequest(emu, method, path, body);
  const patchOutOfBand = async (id: string, ...Operations: unknown[]) => {
    const answer = await scim("PATCH", `/scim/Users/${id}`, { schemas: [PATCH_OP], Operations });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  };
  const writes = async () => (await readLog(emu)).requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);

  describe("check", () => {
    it("names the person and property of each mistake, before any request", async () => {
      await resetLog(emu);
      const result = await calls.check(operation, {}, {
        members: { ana: { email: "not-an-email" }, "bo lee": { email: "bo@example.com" }, cy: { email: "cy@example.com", organizationRole: "owner" } },
      });
      const failures = result.failures ?? [];
      expect(failures).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ property: 'members["bo lee"]', reason: expect.stringContaining("must not contain spaces") }),
        ]),
      );
      const fixed = await calls.check(operation, {}, { members: { ana: { email: "not-an-email" }, cy: { email: "cy@example.com", organizationRole: "owner" } } });
      expect(fixed.failures).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ property: 'members["ana"].email', reason: expect.stringContaining("email address") }),
          expect.objectContaining({ property: 'members["cy"].organizationRole', reason: expect.stringContaining('"admin" or "member"') }),
        ]),
      );
      expect((await readLog(emu)).counters.total).toBe(0);
    });

    it("refuses two keys that name one user (userNames ignore case)", async () => {
      const result = await calls.check(operation, {}, { members: { ana: { email: "a@example.com" }, ANA: { email: "b@example.com" } } });
      expect(result.failures).toEqual([expect.objectContaining({ property: 'members["ANA"]', reason: expect.stringContaining("name one user") })]);
    });

    it("normalises each person as a User does, and refuses at preview removing the user the provider acts as", async () => {
      const inputs = await checked({ members: { ana: { email: "ana@example.com", organizationRole: "ADMIN", teams: ["b", "a", "b"] } } });
      expect(inputs).toMatchObject({ members: { ana: { email: "ana@example.com", active: true, organizationRole: "admin", teams: ["a", "b"] } }, deletionPolicy: "delete", adoptExisting: false });
      const self = emu.admin.username;
      const olds = { members: { [self]: { email: "admin@example.com", organizationRole: "admin" }, ana: { email: "ana@example.com" } }, deletionPolicy: "delete" };
      const result = await calls.check(operation, olds, { members: { ana: { email: "ana@example.com" } } });
      expect(result.failures).toEqual([expect.objectContaining({ property: `members[${JSON.stringify(self)}]`, reason: expect.stringContaining("the user the provider acts as") })]);
    });
  });

  describe("create, change, read, delete", () => {
    it("creates every person, each with what a User records; a change to one person writes only that person", async () => {
      const members = people(5, { displayName: "Dee", organizationRole: "member" });
      const { id, state, inputs } = await create(members);
      const keys = Object.keys(members);
      expect(Object.keys(state.members).sort()).toEqual([...keys].sort());
      for (const key of keys) {
        const held = await heldUser(emu, state.members[key]!.id);
        expect(held).toMatchObject({ userName: key, displayName: "Dee", active: true });
        expect(state.members[key]).toMatchObject({ email: members[key]!["email"], displayName: "Dee", organizationRole: "member", etag: expect.any(String) });
      }
      expect((await calls.diff(operation, id, state, inputs)).changes).toBe(false);

      const [ana] = keys as [string];
      const news = await checked({ members: { ...members, [ana]: { ...members[ana], displayName: "Ana Lima" } } }, inputs);
      const difference = await calls.diff(operation, id, state, news);
      expect(difference).toMatchObject({ changes: true, detailedDiff: { [`members[${JSON.stringify(ana)}].displayName`]: "update" } });
      expect(Object.keys(difference.detailedDiff ?? {})).toHaveLength(1);

      await resetLog(emu);
      const { outs } = await calls.update(operation, id, state, news);
      expect(await writes()).toEqual([`PATCH /scim/Users/${state.members[ana]!.id}`]);
      const after = outs as unknown as State;
      expect(after.members[ana]).toMatchObject({ displayName: "Ana Lima" });
      expect(after.members[ana]!.etag).not.toBe(state.members[ana]!.etag);
      expect((await heldUser(emu, state.members[ana]!.id)).displayName).toBe("Ana Lima");
      expect((await calls.diff(operation, id, after, news)).changes).toBe(false);
    });

    it("adds and removes people: the removed go first, the others are left alone", async () => {
      const members = people(3);
      const { id, state, inputs } = await create(members);
      const [first, second] = Object.keys(members) as [string, string];
      const { [first]: _gone, ...rest } = members;
      const newcomer = `${first}-new`;
      // The newcomer takes the email of the one who leaves: only possible once that one is gone.
      // The next run: in the one that made them, each person is held by the set, and a removal would leave it.
      operation = nextOperation(operation);
      const news = await checked({ members: { ...rest, [newcomer]: { email: members[first]!["email"] } } }, inputs);
      const difference = await calls.diff(operation, id, state, news);
      expect(difference.detailedDiff).toEqual({ [`members[${JSON.stringify(first)}]`]: "delete", [`members[${JSON.stringify(newcomer)}]`]: "add" });
      await resetLog(emu);
      const after = (await calls.update(operation, id, state, news)).outs as unknown as State;
      const sent = await writes();
      expect(sent[0]).toBe(`DELETE /scim/Users/${state.members[first]!.id}`);
      expect(sent.slice(1)).toEqual(["POST /scim/Users"]);
      expect(Object.keys(after.members).sort()).toEqual([...Object.keys(rest), newcomer].sort());
      expect(after.members[second]).toEqual(state.members[second]);
      expect(await heldUser(emu, state.members[first]!.id).catch(() => undefined)).toBeFalsy();
    });

    it("a person moved in code from the set to a User is left in W&B by the set's removal, the User holding them", async () => {
      const members = people(2);
      const { id, state, inputs } = await create(members);
      const [moved, stays] = Object.keys(members) as [string, string];
      const told = keptOutput();
      operation = new Operation(operation.configuration, told.sink);
      const userInputs = (await KINDS.User.check(operation, {}, { userName: moved, email: members[moved]!["email"], adoptExisting: true })).inputs;
      const taken = await KINDS.User.create(operation, userInputs);
      expect(taken.id).toBe(state.members[moved]!.id);
      const news = await checked({ members: { [stays]: members[stays] } }, inputs);
      await resetLog(emu);
      const after = (await calls.update(operation, id, state, news)).outs as unknown as State;
      expect(await writes()).toEqual([]);
      expect(Object.keys(after.members)).toEqual([stays]);
      expect((await heldUser(emu, taken.id)).active).toBe(true);
      // Said once, naming them: a move in code, not a removal.
      expect(told.lines).toContainEqual({ severity: "warning", line: expect.stringMatching(new RegExp(`^the user with userName ${moved} was left in W&B, as it is: .*Nothing was removed\\.$`)) });
    });

    it("a person promoted to a protected admin's User (adminsAsUsers) is made an admin, then let go to it: never removed", async () => {
      const members = people(2, { organizationRole: "member" });
      const { id, state, inputs } = await create(members);
      const [promoted, stays] = Object.keys(members) as [string, string];
      const news = await checked({ members: { [stays]: members[stays] }, adminsAsUsers: [promoted] }, inputs);
      await resetLog(emu);
      const after = (await calls.update(nextOperation(operation), id, state, news)).outs as unknown as State;
      expect(await writes()).toEqual([`PATCH /scim/Users/${state.members[promoted]!.id}`]);
      expect(await heldUser(emu, state.members[promoted]!.id)).toMatchObject({ active: true, organizationRole: "admin" });
      expect(Object.keys(after.members)).toEqual([stays]);
    });

    it("a protected admin demoted into the set (heldAsUsers, heldAsAdmins) is taken over and the demotion written, whether or not W&B shows roles", async () => {
      const members = people(1, { organizationRole: "admin" });
      const [demoted] = Object.keys(members) as [string];
      const { state } = await create(members);
      const declared = { members: { [demoted]: { ...members[demoted], organizationRole: "member" } }, heldAsUsers: [demoted], heldAsAdmins: [demoted] };
      operation = nextOperation(operation);
      const inputs = await checked(declared);
      await resetLog(emu);
      const { outs } = await calls.create(operation, inputs);
      expect(await writes()).toEqual([`PATCH /scim/Users/${state.members[demoted]!.id}`]);
      expect(await heldUser(emu, state.members[demoted]!.id)).toMatchObject({ organizationRole: "member" });
      expect((outs as unknown as State).members[demoted]).toMatchObject({ id: state.members[demoted]!.id, organizationRole: "member" });
    });

    it("a 412 on one person leaves the others written, names that person, and records them", async () => {
      const members = people(4);
      const { id, state, inputs } = await create(members);
      const keys = Object.keys(members) as [string, string, string, string];
      const [touched] = keys;
      // Someone changes the touched person's email outside Pulumi: the field the program now changes too.
      await patchOutOfBand(state.members[touched]!.id, { op: "replace", path: "emails", value: [{ value: `${touched}@elsewhere.example`, primary: true }] });
      const changed = Object.fromEntries(keys.map((key) => [key, { ...members[key], email: `${key}@new.example` }]));
      const news = await checked({ members: changed }, inputs);
      const failure = await calls.update(operation, id, state, news).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ResourceInitError);
      const error = failure as ResourceInitError;
      expect(error.message).toContain(`1 of 4 people could not be written`);
      expect(error.message).toContain(`members[${JSON.stringify(touched)}]`);
      expect(error.message).toMatch(/changed outside Pulumi/);
      const recorded = error.properties as unknown as State;
      expect(recorded.members[touched]).toEqual(state.members[touched]);
      for (const key of keys.slice(1)) {
        expect(recorded.members[key]).toMatchObject({ email: `${key}@new.example` });
        expect(JSON.stringify(await heldUser(emu, state.members[key]!.id))).toContain(`${key}@new.example`);
      }
      // The next run writes nothing more to those written: only the refused person differs.
      const again = await calls.diff(nextOperation(operation), id, recorded as never, news);
      expect(Object.keys(again.detailedDiff ?? {})).toEqual([`members[${JSON.stringify(touched)}].email`]);
    });

    it("a create that fails for one person records the others; the next run makes only that one", async () => {
      const members = people(3, { displayName: "Half" });
      const inputs = await checked({ members });
      // One POST fails, and is not retried: that person is not written; the others are.
      operation = operationFor(emu, { maxRetries: "0" });
      await setFaults(emu, { failNext: [{ status: 500, method: "POST", pathPrefix: "/scim/Users", count: 1 }] });
      const first = await calls.create(operation, inputs).then(
        (made) => made,
        (error: unknown) => error,
      );
      await clearFaults(emu);
      expect(first).toBeInstanceOf(ResourceInitError);
      const error = first as ResourceInitError;
      const recorded = error.properties as unknown as State;
      const missing = Object.keys(members).filter((key) => !(key in recorded.members));
      expect(missing).toHaveLength(1);
      expect(error.message).toContain(`members[${JSON.stringify(missing[0])}]`);
      operation = nextOperation(operation);
      expect((await calls.diff(operation, error.id, recorded, inputs)).detailedDiff).toEqual({ [`members[${JSON.stringify(missing[0])}]`]: "add" });
      await resetLog(emu);
      const after = (await calls.update(operation, error.id, recorded, inputs)).outs as unknown as State;
      expect(await writes()).toEqual(["POST /scim/Users"]);
      expect(Object.keys(after.members).sort()).toEqual(Object.keys(members).sort());
    });

    it("a create whose answer the engine lost converges: the next run takes each person over by equality, no duplicate", async () => {
      const members = people(3, { displayName: "Lost" });
      const inputs = await checked({ members });
      const lost = await calls.create(operation, inputs);
      // The engine recorded nothing: the next run creates the set again, and finds each person as declared.
      operation = nextOperation(operation);
      await resetLog(emu);
      const again = await calls.create(operation, inputs);
      const answered = (await readLog(emu)).requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.status}`);
      expect(answered).toEqual(["POST 409", "POST 409", "POST 409"]);
      const state = again.outs as unknown as State;
      for (const key of Object.keys(members)) expect(state.members[key]!.id).toBe((lost.outs as unknown as State).members[key]!.id);
    });

    it("an update whose answer the engine lost converges: the next run finds each person as declared, and overwrites nothing", async () => {
      const members = people(3, { displayName: "Before" });
      const { id, state, inputs } = await create(members);
      const [added] = [`${Object.keys(members)[0]}-added`];
      const changed = { ...Object.fromEntries(Object.entries(members).map(([key, member]) => [key, { ...member, displayName: "After" }])), [added]: { email: `${added}@example.com` } };
      const news = await checked({ members: changed }, inputs);
      operation = nextOperation(operation);
      await calls.update(operation, id, state, news);
      // The engine never recorded that answer: the next run updates from the state before it.
      operation = nextOperation(operation);
      await resetLog(emu);
      const after = (await calls.update(operation, id, state, news)).outs as unknown as State;
      const answered = (await readLog(emu)).requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.status}`);
      // Each PATCH meets the ETag the lost run moved (412), re-reads, finds the person as declared; the POST meets the user it made (409).
      expect(answered.sort()).toEqual(["PATCH 412", "PATCH 412", "PATCH 412", "POST 409"]);
      expect(Object.keys(after.members).sort()).toEqual(Object.keys(changed).sort());
      for (const key of Object.keys(members)) expect(after.members[key]).toMatchObject({ displayName: "After" });
      expect((await calls.diff(nextOperation(operation), id, after as never, news)).changes).toBe(false);
    });

    it("refresh reads every person from one listing; a person gone leaves the state", async () => {
      const members = people(4);
      const { id, state } = await create(members);
      const [gone] = Object.keys(members) as [string];
      await scim("DELETE", `/scim/Users/${state.members[gone]!.id}`);
      const operation2 = nextOperation(operation);
      await resetLog(emu);
      const read = await calls.read(operation2, id, state);
      const userRequests = (await readLog(emu)).requests.filter((r) => r.path.startsWith("/scim/Users"));
      // The listing (one page), and a direct read of the one it does not show before it counts as gone.
      expect(userRequests.length).toBeLessThanOrEqual(3);
      const props = read.props as unknown as State;
      expect(Object.keys(props.members).sort()).toEqual(Object.keys(members).filter((key) => key !== gone).sort());
      expect(read.inputs).toMatchObject({ members: { [Object.keys(members)[1]!]: { email: members[Object.keys(members)[1]!]!["email"] } } });
    });

    it("imports people by their userNames, comma-separated: each as a User's import reads it; an unknown one is named", async () => {
      const members = people(2, { displayName: "Imported", organizationRole: "member" });
      const { state } = await create(members);
      const keys = Object.keys(members);
      operation = nextOperation(operation);
      const imported = await calls.read(operation, keys.join(","), {});
      expect(imported.id).toBe(keys.join(","));
      const props = imported.props as unknown as State;
      for (const key of keys) expect(props.members[key]).toMatchObject({ id: state.members[key]!.id, email: members[key]!["email"], displayName: "Imported" });
      expect(imported.inputs).toMatchObject({ members: Object.fromEntries(keys.map((key) => [key, { email: members[key]!["email"], displayName: "Imported" }])), deletionPolicy: "delete" });
      expect((await calls.check(operation, imported.inputs, imported.inputs as Record<string, unknown>)).failures ?? []).toEqual([]);
      await expect(calls.read(operation, `${keys[0]},nobody-here`, {})).rejects.toThrow(/members\["nobody-here"\]: no W&B user has the userName "nobody-here"[\s\S]*comma-separated/);
      await expect(calls.read(operation, `${keys[0]},`, {})).rejects.toThrow(/by its people's userNames, comma-separated/);
    });

    it("delete removes every person under the guard rails: refused before any write when one is the acting user", async () => {
      const members = people(3);
      const { id, state } = await create(members, { deletionPolicy: "deactivate" });
      const selfId = (await scim("GET", `/scim/Users?filter=${encodeURIComponent(`userName eq "${emu.admin.username}"`)}`)).body.Resources[0].id as string;
      const withSelf = { ...state, members: { ...state.members, [emu.admin.username]: { id: selfId, email: "admin@example.com", active: true, etag: "", createdAt: "", organizationRole: "admin" } } };
      await resetLog(emu);
      // Another operation than the one that made the set, which holds it (a delete there would be a rename in code).
      operation = nextOperation(operation);
      await expect(calls.delete(operation, id, withSelf)).rejects.toThrow(/refused before any write[\s\S]*the user the provider acts as/);
      expect(await writes()).toEqual([]);
      await calls.delete(nextOperation(operation), id, state);
      for (const member of Object.values(state.members)) expect((await heldUser(emu, member.id)).active).toBe(false);
      // A delete that failed half-way is run again: those already deactivated are settled.
      await calls.delete(nextOperation(operation), id, state);
    });
  });
});

describe("OrganizationMembers on the multi-tenant cloud (saas)", () => {
  let emu: RunningEmulator;
  let operation: Operation;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, deployment: "saas" });
  });
  afterAll(() => emu.close());
  beforeEach(() => {
    operation = operationFor(emu);
  });

  it("asks each new person for the teams they join through, naming that person, as a User does", async () => {
    const result = await calls.check(operation, {}, { members: { "saas-ana": { email: "saas-ana@example.com" }, "saas-bo": { email: "saas-bo@example.com", teams: ["seed-team"] } } });
    expect(result.failures).toEqual([expect.objectContaining({ property: 'members["saas-ana"].teams', reason: expect.stringContaining("set teams to at least one existing team") })]);
  });

  it("creates each person into their teams", async () => {
    const userName = unique("saas-cy");
    const inputs = (await calls.check(operation, {}, { members: { [userName]: { email: `${userName}@example.com`, teams: ["seed-team"] } } })).inputs;
    const { outs } = await calls.create(operation, inputs);
    const state = outs as unknown as State;
    expect(state.members[userName]).toMatchObject({ teams: ["seed-team"] });
  });
});

describe("OrganizationMembers adopting what W&B holds", () => {
  let emu: RunningEmulator;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, deployment: "dedicated" });
  });
  afterAll(() => emu.close());

  const makeOutOfBand = async (userName: string, displayName: string) => {
    const made = await adminRequest(emu, "POST", "/scim/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName,
      displayName,
      emails: [{ value: `${userName}@example.com`, primary: true }],
    });
    expect(made.status).toBe(201);
    return made.body.id as string;
  };

  it("refuses at preview a new person whose email W&B holds under another userName, naming the person and the holder, before any write", async () => {
    const [holder, newcomer] = [unique("holder"), unique("newcomer")];
    const holderId = await makeOutOfBand(holder, "Holder");
    const operation = operationFor(emu);
    await resetLog(emu);
    const result = await calls.check(operation, {}, { members: { [newcomer]: { email: `${holder}@example.com` } } });
    expect(result.failures).toEqual([
      {
        property: `members[${JSON.stringify(newcomer)}].email`,
        reason: expect.stringContaining(`is the email of the W&B user "${holder}" (id ${holderId})`),
      },
    ]);
    expect(result.failures?.[0]?.reason).toContain("with adoptExisting: true on the OrganizationMembers");
    expect((await readLog(emu)).counters.writes).toBe(0);
  });

  it("without adoptExisting, refuses the person W&B holds otherwise than declared, naming them, and makes the others", async () => {
    const [held, fresh] = [unique("held"), unique("fresh")];
    await makeOutOfBand(held, "Held by hand");
    const operation = operationFor(emu);
    const inputs = (await calls.check(operation, {}, { members: { [held]: { email: `${held}@example.com`, displayName: "Declared" }, [fresh]: { email: `${fresh}@example.com` } } })).inputs;
    const error = (await calls.create(operation, inputs).then(
      () => undefined,
      (failure: unknown) => failure,
    )) as ResourceInitError;
    expect(error).toBeInstanceOf(ResourceInitError);
    expect(error.message).toMatch(new RegExp(`members\\["${held}"\\]: a W&B user with userName "${held}"[\\s\\S]*adoptExisting: true`));
    expect(Object.keys((error.properties as unknown as State).members)).toEqual([fresh]);
  });

  it("heldAsUsers: the people the stack held as Users are taken over from the one listing, without a write, and only they", async () => {
    const [moved, stranger] = [unique("moved"), unique("stranger")];
    const movedId = await makeOutOfBand(moved, "Moved");
    await makeOutOfBand(stranger, "Stranger");
    const operation = operationFor(emu);
    const members = { [moved]: { email: `${moved}@example.com`, displayName: "Moved" }, [stranger]: { email: `${stranger}@example.com`, displayName: "Declared" } };
    const inputs = (await calls.check(operation, {}, { members, heldAsUsers: [moved.toUpperCase()], guardedBy: "acme" })).inputs;
    await resetLog(emu);
    const error = (await calls.create(operation, inputs).then(
      () => undefined,
      (failure: unknown) => failure,
    )) as ResourceInitError;
    // The stranger, held otherwise than declared, is someone else's: refused, as without heldAsUsers; the one held as a User is taken over.
    expect(error.message).toMatch(new RegExp(`members\\["${stranger}"\\][\\s\\S]*adoptExisting: true`));
    const state = error.properties as unknown as State & { guardedBy?: string; heldAsUsers?: unknown };
    expect(Object.keys(state.members)).toEqual([moved]);
    expect(state.members[moved]).toMatchObject({ id: movedId, displayName: "Moved" });
    // Recorded: the component's name for the guard rails; never the list, which only a create reads.
    expect(state.guardedBy).toBe("acme");
    expect(state.heldAsUsers).toBeUndefined();
    const log = await readLog(emu);
    expect(log.requests.filter((request) => request.method !== "GET" && request.path.includes(movedId))).toEqual([]);
    expect(log.requests.filter((request) => request.method === "POST").map((request) => request.path)).toEqual(["/scim/Users"]);
  });

  it("protectAdmins refuses removing an admin, at preview and at the write, before any request", async () => {
    const [admin, member] = [unique("admin"), unique("member")];
    const operation = operationFor(emu);
    const members = { [admin]: { email: `${admin}@example.com`, organizationRole: "admin" }, [member]: { email: `${member}@example.com` } };
    const inputs = (await calls.check(operation, {}, { members, protectAdmins: true })).inputs as Record<string, unknown>;
    const { id, outs } = await calls.create(operation, inputs);
    const state = outs as unknown as State & { protectAdmins?: boolean };
    expect(state.protectAdmins).toBe(true);
    const without = { members: { [member]: members[member] }, protectAdmins: true };
    const refused = await calls.check(nextOperation(operation), inputs, without);
    expect(refused.failures).toEqual([{ property: `members[${JSON.stringify(admin)}]`, reason: expect.stringContaining("protectAdmins refuses to remove admins") }]);
    await resetLog(emu);
    await expect(calls.update(nextOperation(operation), id, outs, { ...without, adoptExisting: false, deletionPolicy: "delete" })).rejects.toThrow(/refused before any write[\s\S]*protectAdmins/);
    await expect(calls.delete(nextOperation(operation), id, outs)).rejects.toThrow(/protectAdmins/);
    expect((await readLog(emu)).counters.writes).toBe(0);
    // Set to false, the same removal goes through.
    expect((await calls.check(nextOperation(operation), inputs, { ...without, protectAdmins: false })).failures ?? []).toEqual([]);
  });

  it("with adoptExisting, takes each held person over and converges them", async () => {
    const held = unique("adopted");
    const id = await makeOutOfBand(held, "Held by hand");
    const operation = operationFor(emu);
    const newcomer = unique("newcomer");
    const declared = { [held]: { email: `${held}@example.com`, displayName: "Declared" }, [newcomer]: { email: `${newcomer}@example.com`, adopted: true } };
    const inputs = (await calls.check(operation, {}, { members: declared, adoptExisting: true })).inputs as { members: Members };
    // Whom W&B holds, as a User's check says it, for the review; one given by hand is not taken.
    expect([inputs.members[held]!["adopted"], inputs.members[newcomer]!["adopted"]]).toEqual([true, false]);
    const { outs } = await calls.create(operation, inputs);
    expect((outs as unknown as State).members[held]).toMatchObject({ id, displayName: "Declared" });
    expect((await heldUser(emu, id)).displayName).toBe("Declared");
  });
});
