import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type Dialect, type RunningEmulator } from "../../emulator";
import { heldUser, readState } from "../../scripts/emulator-api";
import { call, createTeam, createUser, expectScimError, GROUP_SCHEMA, patchBody } from "../support/emulator-calls";

const memberIds = (g: any): string[] => (g.members ?? []).map((m: any) => m.Value ?? m.value);

describe.each<Dialect>(["wandb", "rfc"])("groups (%s dialect)", (dialect) => {
  let emu: RunningEmulator;
  let saId: string;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, dialect });
  });
  afterAll(() => emu.close());
  beforeEach(async () => {
    await call(emu, "POST", "/_emulator/reset");
    saId = (await readState(emu)).serviceAccounts[0].id;
  });

  it("creates a team: 201, members in the dialect's shape, service accounts added, never users", async () => {
    const u = await createUser(emu, "dev-user1");
    const res = await call(emu, "POST", "/scim/Groups", { body: { schemas: [GROUP_SCHEMA], displayName: "acme-devs", members: [{ value: u.id }] } });
    expect(res.status).toBe(201);
    expect(res.headers.get("etag")).toMatch(/^W\/".+"$/);
    expect(res.body.schemas).toEqual([GROUP_SCHEMA]);
    expect(res.body.displayName).toBe("acme-devs");
    if (dialect === "wandb") {
      expect(res.body.members).toEqual([
        { Value: u.id, Ref: "", Type: "", Display: "dev-user1" },
        { Value: saId, Ref: "", Type: "", Display: "pulumi-automation" },
      ]);
      expect("version" in res.body.meta).toBe(false);
    } else {
      expect(res.body.members).toEqual([
        { value: u.id, display: "dev-user1" },
        { value: saId, display: "pulumi-automation" },
      ]);
      expect(res.body.meta.version).toBe(res.headers.get("etag"));
    }
    const users = (await call(emu, "GET", "/scim/Users")).body.Resources.map((x: any) => x.id);
    expect(users).not.toContain(saId);
    expectScimError(await call(emu, "GET", `/scim/Users/${saId}`), 404, dialect);
  });

  it("409 on a duplicate displayName, 400 on missing members or displayName or an unknown member", async () => {
    await createTeam(emu, "dup");
    expect(expectScimError(await call(emu, "POST", "/scim/Groups", { body: { schemas: [GROUP_SCHEMA], displayName: "dup", members: [] } }), 409, dialect).scimType).toBe(
      "uniqueness",
    );
    expectScimError(await call(emu, "POST", "/scim/Groups", { body: { schemas: [GROUP_SCHEMA], displayName: "x" } }), 400, dialect);
    expectScimError(await call(emu, "POST", "/scim/Groups", { body: { schemas: [GROUP_SCHEMA], members: [] } }), 400, dialect);
    expectScimError(await call(emu, "POST", "/scim/Groups", { body: { schemas: [GROUP_SCHEMA], displayName: "y", members: [{ value: "ghost" }] } }), 400, dialect);
  });

  it("PATCH add by id or email, remove one by id or email, remove all gives members null (wandb) or [] (rfc)", async () => {
    const a = await createUser(emu, "a");
    const b = await createUser(emu, "b");
    const team = await createTeam(emu, "crew");
    const patch = (...ops: unknown[]) => call(emu, "PATCH", `/scim/Groups/${team.id}`, { body: patchBody(...ops) });
    const added = await patch({ op: "add", path: "members", value: [{ value: a.id }, { value: "B@example.com" }] });
    expect(added.status).toBe(dialect === "wandb" ? 200 : 204);
    let g = (await call(emu, "GET", `/scim/Groups/${team.id}`)).body;
    expect(memberIds(g)).toEqual([saId, a.id, b.id]);
    if (dialect === "wandb") expect(memberIds(added.body)).toEqual([saId, a.id, b.id]);
    await patch({ op: "remove", path: `members[value eq "${a.id}"]` });
    await patch({ op: "remove", path: 'members[value eq "b@example.com"]' });
    g = (await call(emu, "GET", `/scim/Groups/${team.id}`)).body;
    expect(memberIds(g)).toEqual([saId]);
    const cleared = await patch({ op: "remove", path: "members" });
    g = (await call(emu, "GET", `/scim/Groups/${team.id}`)).body;
    if (dialect === "wandb") {
      expect(cleared.body.members).toBeNull();
      expect(g.members).toBeNull();
    } else {
      expect(g.members).toEqual([]);
    }
  });

  it("PATCH replace members and displayName; PUT replaces name and the whole member list", async () => {
    const a = await createUser(emu, "a");
    const b = await createUser(emu, "b");
    const team = await createTeam(emu, "crew", [a.id]);
    await call(emu, "PATCH", `/scim/Groups/${team.id}`, { body: patchBody({ op: "replace", path: "members", value: [{ value: b.id }] }) });
    expect(memberIds((await call(emu, "GET", `/scim/Groups/${team.id}`)).body)).toEqual([b.id]);
    await call(emu, "PATCH", `/scim/Groups/${team.id}`, { body: patchBody({ op: "replace", value: { displayName: "crew2" } }) });
    expect((await heldUser(emu, b.id)).teamRoles).toEqual([{ teamName: "crew2", roleName: "member" }]);
    const put = await call(emu, "PUT", `/scim/Groups/${team.id}`, { body: { schemas: [GROUP_SCHEMA], displayName: "crew3", members: [{ value: a.id }] } });
    expect(put.status).toBe(200);
    expect(put.body.displayName).toBe("crew3");
    expect(memberIds(put.body)).toEqual([a.id]);
    expect((await heldUser(emu, b.id)).teamRoles).toEqual([]);
    expectScimError(await call(emu, "PUT", `/scim/Groups/${team.id}`, { body: { schemas: [GROUP_SCHEMA], displayName: "seed-team", members: [] } }), 409, dialect);
  });

  it("unknown group ops and paths give 400; unknown ids 404", async () => {
    const team = await createTeam(emu, "crew");
    expectScimError(await call(emu, "PATCH", `/scim/Groups/${team.id}`, { body: patchBody({ op: "add", path: "owners", value: [] }) }), 400, dialect);
    expectScimError(await call(emu, "PATCH", `/scim/Groups/${team.id}`, { body: patchBody({ op: "remove", path: 'members[display eq "x"]' }) }), 400, dialect);
    expectScimError(await call(emu, "GET", "/scim/Groups/nope"), 404, dialect);
    expectScimError(await call(emu, "PATCH", "/scim/Groups/nope", { body: patchBody({ op: "remove", path: "members" }) }), 404, dialect);
  });

  it("DELETE of a team is refused with 405 and a SCIM error naming the web application; the team stays", async () => {
    const team = await createTeam(emu, "keep");
    const res = await call(emu, "DELETE", `/scim/Groups/${team.id}`);
    const body = expectScimError(res, 405, dialect);
    expect(body.detail).toContain("web application");
    expect(res.headers.get("allow")).toBe("GET, PUT, PATCH");
    expect((await call(emu, "GET", `/scim/Groups/${team.id}`)).status).toBe(200);
  });

  it("lists and filters on displayName", async () => {
    await createTeam(emu, "alpha");
    const list = await call(emu, "GET", "/scim/Groups");
    expect(list.body.Resources.map((g: any) => g.displayName)).toEqual(["seed-team", "alpha"]);
    const one = await call(emu, "GET", `/scim/Groups?filter=${encodeURIComponent('displayName eq "alpha"')}`);
    expect(one.body.totalResults).toBe(1);
    expect(one.body.Resources[0].displayName).toBe("alpha");
    expectScimError(await call(emu, "GET", `/scim/Groups?filter=${encodeURIComponent('userName eq "alpha"')}`), 400, dialect);
    expect((await call(emu, "GET", "/scim/Groups?startIndex=2&count=1")).body.Resources.map((g: any) => g.displayName)).toEqual(["alpha"]);
  });
});
