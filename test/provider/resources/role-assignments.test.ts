// OrganizationRoleAssignment, TeamRoleAssignment and RegistryRoleAssignment against a real
// emulator over HTTP, called as the engine calls them (checked inputs to create, previous
// outputs as olds), in both wire dialects.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultSeed, startEmulator, type RunningEmulator } from "../../../emulator";
import { organizationRoleAssignment } from "../../../provider/resources/organization-role-assignment";
import { registryRoleAssignment } from "../../../provider/resources/registry-role-assignment";
import { teamRoleAssignment } from "../../../provider/resources/team-role-assignment";
import { adminRequest, clearFaults, heldUser, readLog, readState, resetLog } from "../../../scripts/emulator-api";
import { checkedInputs, operationFor, nextOperation, startProxy, type Proxy } from "../../support/provider";
import { rolesShownByDefault } from "../../support/wire";
import type { Operation } from "../../../provider/operation";

/** The engine operation this file's calls are served in, built by each test's setup. */
let operation: Operation;

type Dialect = "wandb" | "rfc";
const ODD_REGISTRY = 'odd "quoted" \\ registry';
const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

function emulatorSeed() {
  return { ...defaultSeed(), registries: ["models", "datasets", ODD_REGISTRY] };
}

/** Out-of-band requests as the admin. */
const scimCall = (emu: RunningEmulator) => (method: string, path: string, body?: unknown) => adminRequest(emu, method, path, body);

/** The provider configured for the emulator (or a proxy in front of it), retrying once. */
/** Serves this file's calls in a new operation against `emu` (or a proxy of it at `baseUrl`). */
const useEmulator = (emu: RunningEmulator, baseUrl = emu.url) => {
  operation = operationFor(emu, { baseUrl, maxRetries: "1" });
};

/**
 * A read from the id alone (static get) never claims a role the user does not hold: it reads the
 * held one, or, where GET does not show roles, refuses to, saying why (nothing can show it there).
 */
async function expectReadOfHeld(read: Promise<{ props?: object }>, held: Record<string, unknown>): Promise<void> {
  if (rolesShownByDefault) expect(await read).toMatchObject({ props: held });
  else await expect(read).rejects.toThrow(/cannot be read from the id ".*" alone: this W&B service does not show roles when a user is read.*Say the role in the id \(".*\/<role>".*or declare the assignment/);
}

describe.each<Dialect>(["wandb", "rfc"])("role assignments, %s dialect", (dialect) => {
  let emu: RunningEmulator;
  let call: ReturnType<typeof scimCall>;
  let counter = 0;

  const log = () => readLog(emu);
  const clearLog = () => resetLog(emu);
  const patchUser = async (id: string, ...Operations: unknown[]) => {
    const answer = await call("PATCH", `/scim/Users/${id}`, { schemas: [PATCH_SCHEMA], Operations });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  };
  /** The user as the emulator holds it, roles included (the documented GET body shows none). */
  const held = (id: string) => heldUser(emu, id);
  /** The ETag GET answers for the user. */
  const etagOf = async (id: string) => (await call("GET", `/scim/Users/${id}`)).etag;
  const newUser = async () => {
    counter += 1;
    const userName = `ra-${dialect}-${counter}`;
    const answer = await call("POST", "/scim/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName,
      emails: [{ value: `${userName}@acme.example`, primary: true }],
    });
    expect(answer.status).toBe(201);
    return { id: answer.body.id as string, email: `${userName}@acme.example` };
  };
  const newCustomRole = async (name: string, inheritedFrom = "member") => {
    const answer = await call("POST", "/scim/Roles", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:Role"],
      name,
      description: "",
      inheritedFrom,
      permissions: [{ name: "run:delete" }],
    });
    expect(answer.status).toBe(201);
    return answer.body.id as string;
  };

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, dialect, seed: emulatorSeed() });
    call = scimCall(emu);
  });
  afterAll(async () => {
    await emu.close();
  });
  beforeEach(async () => {
    useEmulator(emu);
    await clearFaults(emu);
    await clearLog();
  });

  describe("OrganizationRoleAssignment", () => {
    const impl = organizationRoleAssignment;

    it("check fails on the exact property and sends nothing", async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ role: "admin" }, "user"],
        [{ user: "", role: "admin" }, "user"],
        [{ user: "not an id", role: "admin" }, "user"],
        [{ user: "a@b@c", role: "admin" }, "user"],
        [{ user: "abc" }, "role"],
        [{ user: "abc", role: "   " }, "role"],
        [{ user: "abc", role: "admin", extra: 1 }, "extra"],
      ];
      for (const [news, property] of cases) {
        const result = await impl.check(operation, {}, news);
        expect(result.failures?.map((f) => f.property), JSON.stringify(news)).toEqual([property]);
        expect(result.failures?.[0]?.reason).toMatch(/\w/);
      }
      expect((await log()).counters.total).toBe(0);
    });

    it("check normalises predefined roles, maps viewer to member and keeps custom names", async () => {
      expect((await impl.check(operation, {}, { user: "Alice@Acme.example", role: " ADMIN " })).inputs).toMatchObject({ user: "Alice@Acme.example", role: "admin" });
      expect((await impl.check(operation, {}, { user: "abc", role: "Viewer" })).inputs).toMatchObject({ role: "member" });
      expect((await impl.check(operation, {}, { user: "abc", role: "Run Operator" })).inputs).toMatchObject({ role: "Run Operator" });
      expect((await log()).counters.total).toBe(0);
    });

    it("diff is exact: case rules, reference forms, replacement only for another user", async () => {
      const olds = { user: "alice@acme.example", userId: "U1", role: "admin", etag: 'W/"x"' };
      expect(await impl.diff(operation, "U1/organization", olds, { user: "ALICE@acme.example", role: "admin" })).toMatchObject({ changes: false, replaces: [] });
      expect(await impl.diff(operation, "U1/organization", olds, { user: "alice@acme.example", role: "member" })).toMatchObject({ changes: true, replaces: [] });
      // Same user, other reference form: no change (the reference names the user).
      expect(await impl.diff(operation, "U1/organization", olds, { user: "U1", role: "admin" })).toMatchObject({ changes: false, replaces: [] });
      // ... both ways: an assignment declared by id knows its user's email.
      const byId = { user: "U1", userId: "U1", userEmail: "alice@acme.example", role: "admin", etag: 'W/"x"' };
      expect(await impl.diff(operation, "U1/organization", byId, { user: "Alice@acme.example", role: "admin" })).toMatchObject({ changes: false, replaces: [] });
      expect(await impl.diff(operation, "U1/organization", byId, { user: "Alice@acme.example", role: "member" })).toMatchObject({ changes: true, replaces: [] });
      expect(await impl.diff(operation, "U1/organization", olds, { user: "bob@acme.example", role: "admin" })).toMatchObject({
        changes: true,
        replaces: ["user"],
        deleteBeforeReplace: true,
      });
      const custom = { ...olds, role: "Auditor" };
      expect(await impl.diff(operation, "U1/organization", custom, { user: "alice@acme.example", role: "Auditor" })).toMatchObject({ changes: false });
      expect(await impl.diff(operation, "U1/organization", custom, { user: "alice@acme.example", role: "auditor" })).toMatchObject({ changes: true, replaces: [] });
      expect((await log()).counters.total).toBe(0);
    });

    it("creates by email, by id, and sends no write when the listing or GET shows the user already holds the role", async () => {
      const user = await newUser();
      const byEmail = await impl.create(operation, await checkedInputs(operation, impl, { user: user.email.toUpperCase(), role: "Admin" }));
      expect(byEmail.id).toBe(`${user.id}/organization`);
      expect(byEmail.outs).toMatchObject({ user: user.email.toUpperCase(), userId: user.id, role: "admin" });
      expect((await held(user.id)).organizationRole).toBe("admin");
      expect(byEmail.outs.etag).toBe(await etagOf(user.id));

      // In the next operation, from its listing of /Users: where that shows roles, taken over from it with no
      // read of the user; the documented body does not show the role: unknown, so the (idempotent) role is written once.
      operation = nextOperation(operation);
      await clearLog();
      const again = await impl.create(operation, await checkedInputs(operation, impl, { user: user.id, role: "admin" }));
      expect(again.id).toBe(`${user.id}/organization`);
      const sent = await log();
      if (rolesShownByDefault) expect(sent.requests.map((request) => `${request.method} ${request.route}`)).toEqual(["GET /scim/Users"]);
      else expect(sent.counters.writes).toBe(1);
      expect((await held(user.id)).organizationRole).toBe("admin");
      // W&B's list items carry no version: an ETag only the listing vouches for is none, and the next write reads the user first.
      expect(again.outs.etag).toBe(rolesShownByDefault && dialect === "wandb" ? "" : await etagOf(user.id));
    });

    it("assigns a custom role by exact name; an unknown role or user fails with a hint", async () => {
      const user = await newUser();
      await newCustomRole(`Org Auditor ${dialect}`, "viewer");
      const { outs } = await impl.create(operation, await checkedInputs(operation, impl, { user: user.id, role: `Org Auditor ${dialect}` }));
      expect(outs.role).toBe(`Org Auditor ${dialect}`);
      expect((await held(user.id)).organizationRole).toBe(`Org Auditor ${dialect}`);

      await expect(impl.create(operation, await checkedInputs(operation, impl, { user: user.id, role: "No such role" }))).rejects.toThrow(/HTTP 400.*No such role/);
      await expect(impl.create(operation, await checkedInputs(operation, impl, { user: "nobody@acme.example", role: "admin" }))).rejects.toThrow(/no user with email "nobody@acme.example"/);
      await expect(impl.create(operation, await checkedInputs(operation, impl, { user: "NoSuchId", role: "admin" }))).rejects.toThrow(/no user with SCIM id "NoSuchId"/);
    });

    it("read: the state as recorded, from the operation's one listing of /Users, when nothing changed", async () => {
      const user = await newUser();
      const { id, outs } = await impl.create(operation, await checkedInputs(operation, impl, { user: user.id, role: "admin" }));
      operation = nextOperation(operation);
      await clearLog();
      expect(await impl.read(operation, id, outs)).toEqual({ id, props: outs });
      expect((await log()).requests.map((r) => `${r.method} ${r.route} ${r.status}`)).toEqual(["GET /scim/Users 200"]);
    });

    it("read: a foreign change keeps the inputs; a role change becomes the input where GET shows it; a deleted user is gone", async () => {
      const user = await newUser();
      const { id, outs } = await impl.create(operation, await checkedInputs(operation, impl, { user: user.email, role: "admin" }));
      await patchUser(user.id, { op: "replace", path: "displayName", value: "Renamed elsewhere" });
      operation = nextOperation(operation);
      const foreign = await impl.read(operation, id, outs);
      // Unchanged for the assignment. W&B's list items carry no ETag: the recorded one is kept (a write
      // meets a 412 and re-reads); an RFC server's carry the fresh one.
      expect(foreign.props).toEqual({ ...outs, etag: dialect === "rfc" ? await etagOf(user.id) : outs.etag });

      await patchUser(user.id, { op: "replace", path: "organizationRole", value: "member" });
      operation = nextOperation(operation);
      const drift = await impl.read(operation, id, foreign.props!);
      const news = await checkedInputs(operation, impl, { user: user.email, role: "admin" });
      if (rolesShownByDefault) {
        expect(drift.inputs).toEqual({ user: user.email, role: "member" });
        // Changed, and the list item carries no ETag (W&B): none is recorded, so the next write reads the user first.
        expect(drift.props).toMatchObject({ role: "member", userId: user.id, etag: dialect === "rfc" ? await etagOf(user.id) : "" });
        // The next preview shows exactly that field.
        expect(await impl.diff(operation, id, drift.props!, news as never)).toMatchObject({ changes: true, replaces: [] });
      } else {
        // README, Known limit: the documented GET body does not show the role, so the read keeps the recorded one.
        expect(drift.props).toMatchObject({ role: "admin", userId: user.id, etag: dialect === "rfc" ? await etagOf(user.id) : foreign.props!.etag });
        expect(await impl.diff(operation, id, drift.props!, news as never)).toMatchObject({ changes: false });
      }

      await call("DELETE", `/scim/Users/${user.id}`);
      operation = nextOperation(operation);
      await clearLog();
      expect(await impl.read(operation, id, drift.props!)).toEqual({});
      // The listing does not show the user: a direct read confirms it is gone.
      expect((await log()).requests.map((r) => `${r.method} ${r.route} ${r.status}`)).toEqual(["GET /scim/Users 200", "GET /scim/Users/:id 404"]);
    });

    it("read works from the id alone (static get)", async () => {
      const user = await newUser();
      await patchUser(user.id, { op: "replace", path: "organizationRole", value: "admin" });
      await expectReadOfHeld(impl.read(operation, `${user.id}/organization`, {} as never), { user: user.id, userId: user.id, role: "admin" });
    });

    it("read from an import id that says the role: the role as checked, the id without it", async () => {
      const user = await newUser();
      await patchUser(user.id, { op: "replace", path: "organizationRole", value: "admin" });
      const read = await impl.read(operation, `${user.id}/organization/Admin`, undefined);
      expect(read).toMatchObject({ id: `${user.id}/organization`, props: { userId: user.id, role: "admin" }, inputs: { user: user.id, role: "admin" } });
    });

    it("read of an id of another shape fails naming the shape", async () => {
      await expect(impl.read(operation, "not-an-assignment-id", {} as never)).rejects.toThrow(/expected "<userId>\/organization"/);
    });

    it("update: a foreign change between read and write (e.g. a User update in the same up) does not fail", async () => {
      const user = await newUser();
      const { id, outs } = await impl.create(operation, await checkedInputs(operation, impl, { user: user.id, role: "admin" }));
      await patchUser(user.id, { op: "replace", path: "displayName", value: "Changed by wandb.User" });
      await clearLog();
      const { outs: updated } = await impl.update(operation, id, outs, await checkedInputs(operation, impl, { user: user.id, role: "member" }));
      expect(updated.role).toBe("member");
      expect(await held(user.id)).toMatchObject({ organizationRole: "member", displayName: "Changed by wandb.User" });
      expect(updated.etag).toBe(await etagOf(user.id));
      const patches = (await log()).requests.filter((r) => r.method === "PATCH").map((r) => r.status);
      expect(patches).toEqual([412, dialect === "rfc" ? 204 : 200]);
    });

    it("update: the owned role changed outside Pulumi fails, names the field and asks for a refresh, where GET shows it", async () => {
      const user = await newUser();
      const { id, outs } = await impl.create(operation, await checkedInputs(operation, impl, { user: user.id, role: "admin" }));
      await newCustomRole(`Outside ${dialect}`);
      await patchUser(user.id, { op: "replace", path: "organizationRole", value: `Outside ${dialect}` });
      const update = impl.update(operation, id, outs, await checkedInputs(operation, impl, { user: user.id, role: "member" }));
      if (rolesShownByDefault) {
        await expect(update).rejects.toThrow(/changed outside Pulumi \(role is now "Outside \w+", Pulumi last saw "admin"\).*pulumi refresh/);
        expect((await held(user.id)).organizationRole).toBe(`Outside ${dialect}`);
      } else {
        // README, Known limit: the 412 re-read cannot see the role, so the declared role is written over the outside one.
        await expect(update).resolves.toMatchObject({ outs: { role: "member" } });
        expect((await held(user.id)).organizationRole).toBe("member");
      }
    });

    it("an assignment declared by id records its user's email: the same user by email is no change, with no request", async () => {
      const user = await newUser();
      const { id, outs } = await impl.create(operation, await checkedInputs(operation, impl, { user: user.id, role: "admin" }));
      expect(outs.userEmail).toBe(user.email);
      await clearLog();
      expect(await impl.diff(operation, id, outs, await checkedInputs(operation, impl, { user: user.email.toUpperCase(), role: "admin" }))).toMatchObject({ changes: false, replaces: [] });
      expect((await log()).counters.total).toBe(0);
    });

    it("update of only the reference form sends nothing", async () => {
      const user = await newUser();
      const { id, outs } = await impl.create(operation, await checkedInputs(operation, impl, { user: user.email, role: "admin" }));
      await clearLog();
      const { outs: updated } = await impl.update(operation, id, outs, await checkedInputs(operation, impl, { user: user.id, role: "admin" }));
      expect(updated).toEqual({ ...outs, user: user.id });
      expect((await log()).counters.total).toBe(0);
    });

    it("delete returns the user to member; a deleted user or an already released role is success; an outside role change GET shows is kept", async () => {
      const user = await newUser();
      const created = await impl.create(operation, await checkedInputs(operation, impl, { user: user.id, role: "admin" }));
      await patchUser(user.id, { op: "replace", path: "displayName", value: "Foreign" });
      await impl.delete(operation, created.id, created.outs);
      expect((await held(user.id)).organizationRole).toBe("member");

      const again = await impl.create(operation, await checkedInputs(operation, impl, { user: user.id, role: "admin" }));
      await patchUser(user.id, { op: "replace", path: "organizationRole", value: "member" });
      await impl.delete(operation, again.id, again.outs);

      const third = await impl.create(operation, await checkedInputs(operation, impl, { user: user.id, role: "admin" }));
      await newCustomRole(`Kept ${dialect}`);
      await patchUser(user.id, { op: "replace", path: "organizationRole", value: `Kept ${dialect}` });
      if (rolesShownByDefault) {
        await expect(impl.delete(operation, third.id, third.outs)).rejects.toThrow(/changed outside Pulumi.*pulumi refresh/);
        expect((await held(user.id)).organizationRole).toBe(`Kept ${dialect}`);
      } else {
        // README, Known limit: the 412 re-read cannot see the role, so the release goes through.
        await impl.delete(operation, third.id, third.outs);
        expect((await held(user.id)).organizationRole).toBe("member");
      }

      await call("DELETE", `/scim/Users/${user.id}`);
      await impl.delete(operation, third.id, third.outs);
    });

    it("never demotes the user the provider acts as: create, update and delete refused before any write", async () => {
      const state = (await readState(emu)) as { users: { id: string; userName: string }[] };
      const self = state.users.find((u) => u.userName === emu.admin.username)!.id;
      const refusal = new RegExp(`organization role of user ${self} \\(${emu.admin.username}\\): this would demote ${emu.admin.username}, the user the provider acts as.*WANDB_PROTECT_SELF=false pulumi up`);
      await clearLog();
      await expect(impl.create(operation, await checkedInputs(operation, impl, { user: self, role: "member" }))).rejects.toThrow(refusal);
      const admin = await impl.create(operation, await checkedInputs(operation, impl, { user: self, role: "admin" }));
      await expect(impl.update(operation, admin.id, admin.outs, await checkedInputs(operation, impl, { user: self, role: "member" }))).rejects.toThrow(refusal);
      await expect(impl.delete(operation, admin.id, admin.outs)).rejects.toThrow(refusal);
      expect((await log()).counters.writes).toBe(rolesShownByDefault ? 0 : 1);
      expect((await held(self)).organizationRole).toBe("admin");
    });

    it("with a bearer key and no wandb:username, never demotes a user who may be an admin: any admin, or one whose role no answer shows", async () => {
      const bearer = operationFor(emu, { authScheme: "bearer", username: undefined, maxRetries: "1" });
      const admin = await newUser();
      const made = await impl.create(operation, await checkedInputs(operation, impl, { user: admin.id, role: "admin" }));
      const { userName } = await held(admin.id);
      const tellIt = new RegExp(`\\(${userName}\\): this would demote ${userName}, an organization admin, and the provider cannot tell which user its bearer key belongs to.*Set wandb:username`);
      await clearLog();
      await expect(organizationRoleAssignment.update(bearer, made.id, made.outs, await checkedInputs(bearer, impl, { user: admin.id, role: "member" }))).rejects.toThrow(tellIt);
      await expect(organizationRoleAssignment.delete(bearer, made.id, made.outs)).rejects.toThrow(tellIt);
      expect((await log()).counters.writes).toBe(0);
      expect((await held(admin.id)).organizationRole).toBe("admin");

      // A member given a custom role: where W&B shows the role it is no admin's; where it does not, it may be.
      const member = await newUser();
      await newCustomRole(`Bearer ${dialect}`);
      const given = impl.create(bearer, await checkedInputs(bearer, impl, { user: member.id, role: `Bearer ${dialect}` }));
      if (rolesShownByDefault) expect((await given).outs).toMatchObject({ role: `Bearer ${dialect}` });
      else await expect(given).rejects.toThrow(/whose organization role W&B does not show, and the provider cannot tell/);
    });
  });

  describe("TeamRoleAssignment", () => {
    const impl = teamRoleAssignment;

    it("check fails on the exact property and sends nothing; normalises predefined roles only", async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ teamName: "t", roleName: "admin" }, "user"],
        [{ user: "abc", roleName: "admin" }, "teamName"],
        [{ user: "abc", teamName: " ", roleName: "admin" }, "teamName"],
        [{ user: "abc", teamName: "t" }, "roleName"],
      ];
      for (const [news, property] of cases) {
        expect((await impl.check(operation, {}, news)).failures?.map((f) => f.property)).toEqual([property]);
      }
      expect((await impl.check(operation, {}, { user: "abc", teamName: "t", roleName: "VIEWER" })).inputs).toMatchObject({ roleName: "viewer" });
      expect((await impl.check(operation, {}, { user: "abc", teamName: "t", roleName: "Run Operator" })).inputs).toMatchObject({ roleName: "Run Operator" });
      expect((await log()).counters.total).toBe(0);
    });

    it("diff: another team or user replaces, role changes in place, case rules hold", async () => {
      const olds = { user: "U1", userId: "U1", teamName: "ml", roleName: "admin", etag: "e" };
      expect(await impl.diff(operation, "U1/teams/ml", olds, { user: "U1", teamName: "ml", roleName: "admin" })).toMatchObject({ changes: false });
      expect(await impl.diff(operation, "U1/teams/ml", olds, { user: "U1", teamName: "ml", roleName: "viewer" })).toMatchObject({ changes: true, replaces: [] });
      expect(await impl.diff(operation, "U1/teams/ml", olds, { user: "U1", teamName: "ML", roleName: "admin" })).toMatchObject({
        replaces: ["teamName"],
        deleteBeforeReplace: true,
      });
      expect(await impl.diff(operation, "U1/teams/ml", olds, { user: "U2", teamName: "ml", roleName: "admin" })).toMatchObject({ replaces: ["user"] });
      expect((await log()).counters.total).toBe(0);
    });

    it("create, read, update (foreign org-role change tolerated), delete back to member", async () => {
      const user = await newUser();
      await patchUser(user.id, { op: "replace", path: "teamRoles", value: [{ teamName: "seed-team", roleName: "member" }] });
      const { id, outs } = await impl.create(operation, await checkedInputs(operation, impl, { user: user.email, teamName: "seed-team", roleName: "Admin" }));
      expect(id).toBe(`${user.id}/teams/seed-team`);
      expect(outs).toMatchObject({ userId: user.id, roleName: "admin" });
      expect((await held(user.id)).teamRoles).toEqual([{ teamName: "seed-team", roleName: "admin" }]);

      operation = nextOperation(operation);
      await clearLog();
      expect(await impl.read(operation, id, outs)).toEqual({ id, props: outs });
      // The user as the operation's one listing of /Users shows it, and, where that shows no roles, the
      // team still holding them in its one listing of /Groups.
      expect((await log()).requests.map((r) => `${r.route} ${r.status}`)).toEqual(
        rolesShownByDefault ? ["/scim/Users 200"] : ["/scim/Users 200", "/scim/Groups 200"],
      );

      // Another resource changes the user's organization role: not ours, so the update goes through.
      await patchUser(user.id, { op: "replace", path: "organizationRole", value: "admin" });
      const { outs: updated } = await impl.update(operation, id, outs, await checkedInputs(operation, impl, { user: user.email, teamName: "seed-team", roleName: "viewer" }));
      expect(updated.roleName).toBe("viewer");
      expect((await held(user.id)).teamRoles).toEqual([{ teamName: "seed-team", roleName: "viewer" }]);

      await impl.delete(operation, id, updated);
      const live = await held(user.id);
      expect(live.teamRoles).toEqual([{ teamName: "seed-team", roleName: "member" }]);
      expect(live.organizationRole).toBe("admin");
    });

    it("read: a team role changed outside Pulumi becomes the input where GET shows it", async () => {
      const user = await newUser();
      const { id, outs } = await impl.create(operation, await checkedInputs(operation, impl, { user: user.id, teamName: "seed-team", roleName: "admin" }));
      await patchUser(user.id, { op: "replace", path: "teamRoles", value: [{ teamName: "seed-team", roleName: "VIEWER" }] });
      operation = nextOperation(operation);
      const drift = await impl.read(operation, id, outs);
      // README, Known limit: the documented GET body does not show the role, so the read keeps the recorded one.
      expect(drift.props).toMatchObject({ user: user.id, teamName: "seed-team", roleName: rolesShownByDefault ? "viewer" : "admin" });
      // The ETag of an RFC server's list item; else, as the state changed, none (the next write reads first), or the one recorded.
      expect(drift.props?.etag).toBe(dialect === "rfc" ? await etagOf(user.id) : rolesShownByDefault ? "" : outs.etag);
    });

    it("read works from the id alone (static get)", async () => {
      const user = await newUser();
      await patchUser(user.id, { op: "replace", path: "teamRoles", value: [{ teamName: "seed-team", roleName: "VIEWER" }] });
      await expectReadOfHeld(impl.read(operation, `${user.id}/teams/seed-team`, {} as never), {
        user: user.id,
        userId: user.id,
        teamName: "seed-team",
        roleName: "viewer",
      });
    });

    it("a user who left the team: the assignment reads as gone, and its destroy does not make them join again", async () => {
      const user = await newUser();
      const { id, outs } = await impl.create(operation, await checkedInputs(operation, impl, { user: user.id, teamName: "seed-team", roleName: "admin" }));
      const team = (await call("GET", `/scim/Groups?filter=${encodeURIComponent('displayName eq "seed-team"')}`)).body.Resources[0];
      const left = await call("PATCH", `/scim/Groups/${team.id}`, {
        schemas: [PATCH_SCHEMA],
        Operations: [{ op: "remove", path: `members[value eq "${user.id}"]` }],
      });
      expect(left.status).toBeLessThan(300);
      operation = nextOperation(operation);
      expect(await impl.read(operation, id, outs)).toEqual({});
      await impl.delete(operation, id, outs);
      expect((await held(user.id)).teamRoles).toEqual([]);
    });

    it("update: the team role changed outside Pulumi fails naming roleName where GET shows it; delete of a deleted user succeeds", async () => {
      const user = await newUser();
      const { id, outs } = await impl.create(operation, await checkedInputs(operation, impl, { user: user.id, teamName: "seed-team", roleName: "admin" }));
      await patchUser(user.id, { op: "replace", path: "teamRoles", value: [{ teamName: "seed-team", roleName: "viewer" }] });
      const update = impl.update(operation, id, outs, await checkedInputs(operation, impl, { user: user.id, teamName: "seed-team", roleName: "member" }));
      if (rolesShownByDefault) {
        await expect(update).rejects.toThrow(/roleName is now "viewer", Pulumi last saw "admin".*pulumi refresh/);
        expect((await held(user.id)).teamRoles).toEqual([{ teamName: "seed-team", roleName: "viewer" }]);
      } else {
        // README, Known limit: the 412 re-read cannot see the role, so the declared role is written over the outside one.
        await expect(update).resolves.toMatchObject({ outs: { roleName: "member" } });
        expect((await held(user.id)).teamRoles).toEqual([{ teamName: "seed-team", roleName: "member" }]);
      }
      await call("DELETE", `/scim/Users/${user.id}`);
      await impl.delete(operation, id, outs);
    });

    it("assigns a custom team role by exact name", async () => {
      const user = await newUser();
      await newCustomRole(`Team Operator ${dialect}`);
      const { outs } = await impl.create(operation, await checkedInputs(operation, impl, { user: user.id, teamName: "seed-team", roleName: `Team Operator ${dialect}` }));
      expect(outs.roleName).toBe(`Team Operator ${dialect}`);
      expect((await held(user.id)).teamRoles).toEqual([{ teamName: "seed-team", roleName: `Team Operator ${dialect}` }]);
    });
  });

  describe("RegistryRoleAssignment", () => {
    const impl = registryRoleAssignment;

    it("check: only the four registry roles, case-insensitively; failures name the property; nothing sent", async () => {
      expect((await impl.check(operation, {}, { user: "abc", registryName: "models", roleName: "Restricted  Viewer" })).inputs).toMatchObject({
        roleName: "restricted viewer",
      });
      const bad = await impl.check(operation, {}, { user: "abc", registryName: "models", roleName: "owner" });
      expect(bad.failures).toEqual([{ property: "roleName", reason: expect.stringMatching(/"restricted viewer"/) }]);
      expect((await impl.check(operation, {}, { user: "abc", roleName: "admin" })).failures?.map((f) => f.property)).toEqual(["registryName"]);
      expect((await log()).counters.total).toBe(0);
    });

    it("diff: case-insensitive roles; another registry replaces", async () => {
      const olds = { user: "a@x.io", userId: "U1", registryName: "models", roleName: "viewer", etag: "e" };
      expect(await impl.diff(operation, "U1/registries/models", olds, { user: "A@X.io", registryName: "models", roleName: "viewer" })).toMatchObject({ changes: false });
      expect(await impl.diff(operation, "U1/registries/models", olds, { user: "a@x.io", registryName: "models", roleName: "admin" })).toMatchObject({ changes: true, replaces: [] });
      expect(await impl.diff(operation, "U1/registries/models", olds, { user: "a@x.io", registryName: "datasets", roleName: "viewer" })).toMatchObject({ replaces: ["registryName"] });
    });

    it("grants with add (accepted by the emulator), reads, updates, and removes from that registry only", async () => {
      const user = await newUser();
      await patchUser(user.id, { op: "add", path: "registryRoles", value: [{ registryName: "datasets", roleName: "viewer" }] });
      await clearLog();
      const { id, outs } = await impl.create(operation, await checkedInputs(operation, impl, { user: user.email, registryName: "models", roleName: "Admin" }));
      expect(id).toBe(`${user.id}/registries/models`);
      // One GET to find by email (rfc lists carry the ETag; wandb needs a GET) and one PATCH: add was accepted.
      const patches = (await log()).requests.filter((r) => r.method === "PATCH");
      expect(patches.map((r) => r.status)).toEqual([dialect === "rfc" ? 204 : 200]);
      expect((await held(user.id)).registryRoles).toEqual(
        expect.arrayContaining([
          { registryName: "models", roleName: "admin" },
          { registryName: "datasets", roleName: "viewer" },
        ]),
      );

      operation = nextOperation(operation);
      await clearLog();
      expect(await impl.read(operation, id, outs)).toEqual({ id, props: outs });
      expect((await log()).requests.map((r) => `${r.method} ${r.route} ${r.status}`)).toEqual(["GET /scim/Users 200"]);

      await patchUser(user.id, { op: "replace", path: "displayName", value: "Foreign" });
      const { outs: updated } = await impl.update(operation, id, outs, await checkedInputs(operation, impl, { user: user.email, registryName: "models", roleName: "restricted viewer" }));
      expect(updated.roleName).toBe("restricted viewer");

      await impl.delete(operation, id, updated);
      expect((await held(user.id)).registryRoles).toEqual([{ registryName: "datasets", roleName: "viewer" }]);
      // Gone from the registry: read reports the assignment deleted where GET shows registry roles
      // (README, Known limit: the documented GET body does not, so the read keeps the recorded role).
      operation = nextOperation(operation);
      const afterDelete = await impl.read(operation, id, updated);
      if (rolesShownByDefault) expect(afterDelete).toEqual({});
      else expect(afterDelete.props).toMatchObject({ user: user.email, registryName: "models", roleName: "restricted viewer" });
      // A second delete is success.
      await impl.delete(operation, id, updated);
      expect((await held(user.id)).registryRoles).toEqual([{ registryName: "datasets", roleName: "viewer" }]);
    });

    it("escapes the registry name in the remove path", async () => {
      const user = await newUser();
      const { id, outs } = await impl.create(operation, await checkedInputs(operation, impl, { user: user.id, registryName: ODD_REGISTRY, roleName: "member" }));
      expect(id).toBe(`${user.id}/registries/${ODD_REGISTRY}`);
      expect((await held(user.id)).registryRoles).toEqual([{ registryName: ODD_REGISTRY, roleName: "member" }]);
      await impl.delete(operation, id, outs);
      expect((await held(user.id)).registryRoles).toEqual([]);
    });

    it("read works from the id alone (static get), whatever the registry name", async () => {
      const user = await newUser();
      await patchUser(user.id, { op: "add", path: "registryRoles", value: [{ registryName: ODD_REGISTRY, roleName: "member" }] });
      await expectReadOfHeld(impl.read(operation, `${user.id}/registries/${ODD_REGISTRY}`, {} as never), {
        user: user.id,
        userId: user.id,
        registryName: ODD_REGISTRY,
        roleName: "member",
      });
    });

    it("drift and outside changes: a changed registry role becomes the input, and an update over it fails, where GET shows it", async () => {
      const user = await newUser();
      const { id, outs } = await impl.create(operation, await checkedInputs(operation, impl, { user: user.id, registryName: "models", roleName: "viewer" }));
      await patchUser(user.id, { op: "add", path: "registryRoles", value: [{ registryName: "models", roleName: "admin" }] });
      const declared = await checkedInputs(operation, impl, { user: user.id, registryName: "models", roleName: "member" });
      if (rolesShownByDefault) {
        await expect(impl.update(operation, id, outs, declared)).rejects.toThrow(/roleName is now "admin", Pulumi last saw "viewer".*pulumi refresh/);
        operation = nextOperation(operation);
        const drift = await impl.read(operation, id, outs);
        expect(drift.inputs).toEqual({ user: user.id, registryName: "models", roleName: "admin" });
        const { outs: updated } = await impl.update(operation, id, drift.props!, declared);
        expect(updated.roleName).toBe("member");
      } else {
        // README, Known limit: neither the read nor the 412 re-read can see the role: it reads as
        // recorded, and the update writes the declared role over the outside one.
        operation = nextOperation(operation);
        expect((await impl.read(operation, id, outs)).props).toMatchObject({ user: user.id, registryName: "models", roleName: "viewer" });
        const { outs: updated } = await impl.update(operation, id, outs, declared);
        expect(updated.roleName).toBe("member");
      }
      expect((await held(user.id)).registryRoles).toEqual([{ registryName: "models", roleName: "member" }]);
    });

    it("an unknown registry fails with the service's message", async () => {
      const user = await newUser();
      await expect(impl.create(operation, await checkedInputs(operation, impl, { user: user.id, registryName: "nope", roleName: "admin" }))).rejects.toThrow(/Registry "nope" does not exist/);
    });
  });

  it("three assignments and an out-of-band User change on one user: every update goes through", async () => {
    const user = await newUser();
    const org = await organizationRoleAssignment.create(operation, await checkedInputs(operation, organizationRoleAssignment, { user: user.id, role: "admin" }));
    const team = await teamRoleAssignment.create(operation, await checkedInputs(operation, teamRoleAssignment, { user: user.id, teamName: "seed-team", roleName: "admin" }));
    const registry = await registryRoleAssignment.create(operation, await checkedInputs(operation, registryRoleAssignment, { user: user.id, registryName: "models", roleName: "admin" }));
    await patchUser(user.id, { op: "replace", path: "displayName", value: "wandb.User update" });
    // Every stored ETag is now stale; each write is retried once with the fresh one.
    await organizationRoleAssignment.update(operation, org.id, org.outs, await checkedInputs(operation, organizationRoleAssignment, { user: user.id, role: "member" }));
    await teamRoleAssignment.update(operation, team.id, team.outs, await checkedInputs(operation, teamRoleAssignment, { user: user.id, teamName: "seed-team", roleName: "viewer" }));
    await registryRoleAssignment.update(operation, registry.id, registry.outs, await checkedInputs(operation, registryRoleAssignment, { user: user.id, registryName: "models", roleName: "viewer" }));
    expect(await held(user.id)).toMatchObject({
      displayName: "wandb.User update",
      organizationRole: "member",
      teamRoles: [{ teamName: "seed-team", roleName: "viewer" }],
      registryRoles: [{ registryName: "models", roleName: "viewer" }],
    });
  });
});

/**
 * A server that answers `add` on registryRoles with 400 (one reading of the docs) and passes
 * everything else to the emulator: the grant must fall back to `replace`.
 */
describe("RegistryRoleAssignment against a service that rejects add", () => {
  let emu: RunningEmulator;
  let proxy: Proxy;
  const seen: string[] = [];

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: emulatorSeed() });
    proxy = await startProxy(emu, ({ method, body }) => {
      if (method !== "PATCH") return undefined;
      const ops = (JSON.parse(body).Operations ?? []) as { op: string; path?: string }[];
      seen.push(ops.map((o) => `${o.op} ${o.path}`).join(";"));
      if (!ops.some((o) => o.op === "add" && o.path === "registryRoles")) return undefined;
      return { status: 400, json: { schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status: 400, detail: "Unsupported op add" } };
    });
  });
  afterAll(async () => {
    await proxy.close();
    await emu.close();
  });

  it("falls back to replace", async () => {
    useEmulator(emu, proxy.url);
    const inputs = (await registryRoleAssignment.check(operation, {}, { user: "member@acme.example", registryName: "models", roleName: "admin" })).inputs;
    const { outs } = await registryRoleAssignment.create(operation, inputs as never);
    expect(seen).toEqual(["add registryRoles", "replace registryRoles"]);
    expect(outs.roleName).toBe("admin");
    const state = (await readState(emu)) as { users: { userName: string; registryRoles: unknown }[] };
    expect(state.users.find((u) => u.userName === "member")?.registryRoles).toEqual([{ registryName: "models", roleName: "admin" }]);
  });
});

describe("role assignments on the multi-tenant cloud (saas)", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, deployment: "saas", seed: emulatorSeed() });
  });
  afterAll(async () => {
    await emu.close();
  });

  it("assigns and releases all three roles of a user added through a team", async () => {
    useEmulator(emu);
    const call = scimCall(emu);
    const made = await call("POST", "/scim/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User", "urn:ietf:params:scim:schemas:extension:teams:2.0:User"],
      userName: "saas-user",
      emails: [{ value: "saas-user@acme.example", primary: true }],
      "urn:ietf:params:scim:schemas:extension:teams:2.0:User": { teams: ["seed-team"] },
    });
    expect(made.status).toBe(201);
    const check = async <I>(impl: { check(operation: Operation, o: Record<string, unknown>, n: Record<string, unknown>): Promise<{ inputs?: I }> }, news: Record<string, unknown>) =>
      (await impl.check(operation, {}, news)).inputs as I;
    const org = await organizationRoleAssignment.create(operation, await check(organizationRoleAssignment, { user: "saas-user@acme.example", role: "admin" }));
    const team = await teamRoleAssignment.create(operation, await check(teamRoleAssignment, { user: "saas-user@acme.example", teamName: "seed-team", roleName: "admin" }));
    const registry = await registryRoleAssignment.create(operation, await check(registryRoleAssignment, { user: "saas-user@acme.example", registryName: "models", roleName: "viewer" }));
    expect(await heldUser(emu, made.body.id)).toMatchObject({
      organizationRole: "admin",
      teamRoles: [{ teamName: "seed-team", roleName: "admin" }],
      registryRoles: [{ registryName: "models", roleName: "viewer" }],
    });
    await registryRoleAssignment.delete(operation, registry.id, registry.outs);
    await teamRoleAssignment.delete(operation, team.id, team.outs);
    await organizationRoleAssignment.delete(operation, org.id, org.outs);
    expect(await heldUser(emu, made.body.id)).toMatchObject({
      organizationRole: "member",
      teamRoles: [{ teamName: "seed-team", roleName: "member" }],
      registryRoles: [],
    });
  });
});

// The documented GET /Users/{id} body carries no organizationRole, teamRoles or registryRoles: an
// absent role is unknown, so it reads as unchanged and never counts as changed outside Pulumi.
describe.each<Dialect>(["wandb", "rfc"])("role assignments against the documented GET body, without roles (%s dialect)", (dialect) => {
  let emu: RunningEmulator;
  let call: ReturnType<typeof scimCall>;
  let counter = 0;

  const patchUser = async (id: string, ...Operations: unknown[]) => {
    const answer = await call("PATCH", `/scim/Users/${id}`, { schemas: [PATCH_SCHEMA], Operations });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  };
  const newUser = async () => {
    counter += 1;
    const userName = `ra-quiet-${dialect}-${counter}`;
    const answer = await call("POST", "/scim/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName,
      emails: [{ value: `${userName}@acme.example`, primary: true }],
    });
    expect(answer.status).toBe(201);
    return { id: answer.body.id as string, email: `${userName}@acme.example` };
  };
  /** The user as the emulator holds it, roles included (GET does not show them). */
  const rolesOf = (id: string) => heldUser(emu, id);

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, dialect, seed: emulatorSeed(), userRolesOnGet: "omitted" });
    call = scimCall(emu);
  });
  afterAll(async () => {
    await emu.close();
  });
  beforeEach(async () => {
    useEmulator(emu);
    await clearFaults(emu);
    await resetLog(emu);
  });

  it("the emulator leaves the roles out of GET", async () => {
    const user = await newUser();
    const body = (await call("GET", `/scim/Users/${user.id}`)).body;
    expect(body).not.toHaveProperty("organizationRole");
    expect(body).not.toHaveProperty("teamRoles");
    expect(body).not.toHaveProperty("registryRoles");
  });

  const cases = [
    {
      name: "OrganizationRoleAssignment",
      impl: organizationRoleAssignment as any,
      inputs: (user: string) => ({ user, role: "admin" }),
      updated: (user: string) => ({ user, role: "Member" }),
      outside: { op: "replace", path: "organizationRole", value: "member" },
      held: { organizationRole: "admin" },
      changed: { organizationRole: "member" },
      released: { organizationRole: "member" },
    },
    {
      name: "TeamRoleAssignment",
      impl: teamRoleAssignment as any,
      inputs: (user: string) => ({ user, teamName: "seed-team", roleName: "admin" }),
      updated: (user: string) => ({ user, teamName: "seed-team", roleName: "Viewer" }),
      outside: { op: "replace", path: "teamRoles", value: [{ teamName: "seed-team", roleName: "member" }] },
      held: { teamRoles: [{ teamName: "seed-team", roleName: "admin" }] },
      changed: { teamRoles: [{ teamName: "seed-team", roleName: "viewer" }] },
      released: { teamRoles: [{ teamName: "seed-team", roleName: "member" }] },
    },
    {
      name: "RegistryRoleAssignment",
      impl: registryRoleAssignment as any,
      inputs: (user: string) => ({ user, registryName: "models", roleName: "admin" }),
      updated: (user: string) => ({ user, registryName: "models", roleName: "Restricted Viewer" }),
      outside: { op: "add", path: "registryRoles", value: [{ registryName: "models", roleName: "member" }] },
      held: { registryRoles: [{ registryName: "models", roleName: "admin" }] },
      changed: { registryRoles: [{ registryName: "models", roleName: "restricted viewer" }] },
      released: { registryRoles: [] },
    },
  ];

  describe.each(cases)("$name", ({ impl, inputs, updated, outside, held, changed, released }) => {
    it("creates, reads as unchanged (no diff), updates through a 412 from a foreign change, and releases", async () => {
      const user = await newUser();
      const declared = await checkedInputs(operation, impl, inputs(user.email));
      const { id, outs } = await impl.create(operation, declared);
      expect(await rolesOf(user.id)).toMatchObject(held);

      // A foreign change moves the ETag; the absent role reads as unchanged, with the ETag of an RFC
      // server's list item, or else the one recorded (W&B's list items carry none).
      await patchUser(user.id, { op: "replace", path: "displayName", value: "Foreign" });
      operation = nextOperation(operation);
      const read = await impl.read(operation, id, outs);
      expect(read.props).toMatchObject({ ...inputs(user.email), userId: user.id });
      expect(read.props.etag).toBe(dialect === "rfc" ? (await call("GET", `/scim/Users/${user.id}`)).etag : outs.etag);
      expect(await impl.diff(operation, id, read.props, declared)).toMatchObject({ changes: false });

      // The update's If-Match is stale (412): the re-read shows no role, so nothing counts as changed outside: retried.
      await patchUser(user.id, { op: "replace", path: "displayName", value: "Foreign again" });
      await resetLog(emu);
      const { outs: after } = await impl.update(operation, id, read.props, await checkedInputs(operation, impl, updated(user.email)));
      const patches = (await readLog(emu)).requests.filter((r) => r.method === "PATCH").map((r) => r.status);
      expect(patches).toEqual([412, dialect === "rfc" ? 204 : 200]);
      expect(await rolesOf(user.id)).toMatchObject(changed);
      const reread = await impl.read(operation, id, after);
      expect(await impl.diff(operation, id, reread.props ?? after, await checkedInputs(operation, impl, updated(user.email)))).toMatchObject({ changes: false });

      await impl.delete(operation, id, reread.props ?? after);
      expect(await rolesOf(user.id)).toMatchObject(released);
    });

    it("reads as unchanged even when the role was changed out of band (the GET body cannot tell)", async () => {
      const user = await newUser();
      const declared = await checkedInputs(operation, impl, inputs(user.id));
      const { id, outs } = await impl.create(operation, declared);
      await patchUser(user.id, outside);
      operation = nextOperation(operation);
      const read = await impl.read(operation, id, outs);
      expect(read).toMatchObject({ id, props: inputs(user.id) });
      expect(await impl.diff(operation, id, read.props, declared)).toMatchObject({ changes: false });
    });
  });
});
