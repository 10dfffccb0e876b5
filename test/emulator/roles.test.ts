import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type Dialect, type RunningEmulator } from "../../emulator";
import { heldUser } from "../../scripts/emulator-api";
import { call, createUser, expectScimError, patchBody } from "../support/emulator-calls";

const roleBody = (extra: Record<string, unknown> = {}) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:Role"],
  name: "Sample custom role",
  description: "A sample custom role",
  inheritedFrom: "member",
  permissions: [{ name: "project:update" }],
  ...extra,
});
const custom = (r: any) => r.permissions.filter((p: any) => !p.isInherited).map((p: any) => p.name);

describe.each<Dialect>(["wandb", "rfc"])("custom roles (%s dialect)", (dialect) => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, dialect });
  });
  afterAll(() => emu.close());
  beforeEach(async () => {
    await call(emu, "POST", "/_emulator/reset");
  });

  it("POST 201 in the documented shape with inherited and custom permissions", async () => {
    const res = await call(emu, "POST", "/scim/Roles", { body: roleBody() });
    expect(res.status).toBe(201);
    expect(res.headers.get("etag")).toMatch(/^W\//);
    const r = res.body;
    expect(r.name).toBe("Sample custom role");
    expect(r.description).toBe("A sample custom role");
    expect(r.inheritedFrom).toBe("member");
    expect(r.organizationID).toEqual(expect.any(String));
    expect(r.schemas).toEqual(dialect === "wandb" ? [""] : ["urn:ietf:params:scim:schemas:core:2.0:Role"]);
    expect(r.permissions).toContainEqual({ name: "artifact:read", isInherited: true });
    expect(r.permissions).toContainEqual({ name: "project:update", isInherited: false });
    expect(custom(r)).toEqual(["project:update"]);
    const got = await call(emu, "GET", `/scim/Roles/${r.id}`);
    expect(got.body.meta.location).toContain(`Roles/${r.id}`);
    const list = await call(emu, "GET", "/scim/Roles");
    expect(list.body.totalResults).toBe(1);
    expect(list.body.Resources[0].id).toBe(r.id);
  });

  it("400 on unknown permissions, missing name or inheritedFrom, bad inheritedFrom; 409 on a duplicate or predefined name", async () => {
    expectScimError(await call(emu, "POST", "/scim/Roles", { body: roleBody({ permissions: [{ name: "run:fly" }] }) }), 400, dialect);
    expectScimError(await call(emu, "POST", "/scim/Roles", { body: roleBody({ name: undefined }) }), 400, dialect);
    expectScimError(await call(emu, "POST", "/scim/Roles", { body: roleBody({ inheritedFrom: undefined }) }), 400, dialect);
    expectScimError(await call(emu, "POST", "/scim/Roles", { body: roleBody({ inheritedFrom: "admin" }) }), 400, dialect);
    await call(emu, "POST", "/scim/Roles", { body: roleBody() });
    expectScimError(await call(emu, "POST", "/scim/Roles", { body: roleBody() }), 409, dialect);
    expectScimError(await call(emu, "POST", "/scim/Roles", { body: roleBody({ name: "Viewer" }) }), 409, dialect);
    expect((await call(emu, "POST", "/scim/Roles", { body: roleBody({ name: "sample custom role" }) })).status).toBe(201);
  });

  it("PATCH add/remove permissions; other ops or paths 400; removing an inherited permission 400", async () => {
    const r = (await call(emu, "POST", "/scim/Roles", { body: roleBody() })).body;
    const patch = (...ops: unknown[]) => call(emu, "PATCH", `/scim/Roles/${r.id}`, { body: patchBody(...ops) });
    const added = await patch({ op: "add", path: "permissions", value: [{ name: "run:delete" }, { name: "project:delete" }] });
    expect(added.status).toBe(dialect === "wandb" ? 200 : 204);
    await patch({ op: "remove", path: "permissions", value: [{ name: "project:update" }] });
    expect(custom((await call(emu, "GET", `/scim/Roles/${r.id}`)).body)).toEqual(["run:delete", "project:delete"]);
    expectScimError(await patch({ op: "replace", path: "permissions", value: [{ name: "run:delete" }] }), 400, dialect);
    expectScimError(await patch({ op: "add", path: "name", value: "x" }), 400, dialect);
    expectScimError(await patch({ op: "add", path: "permissions", value: [{ name: "nope:nope" }] }), 400, dialect);
    expectScimError(await patch({ op: "remove", path: "permissions", value: [{ name: "artifact:read" }] }), 400, dialect);
  });

  it("PUT replaces name, description, inheritedFrom and (by default) permissions when given", async () => {
    const r = (await call(emu, "POST", "/scim/Roles", { body: roleBody() })).body;
    const res = await call(emu, "PUT", `/scim/Roles/${r.id}`, {
      body: roleBody({ name: "Renamed", description: "d2", inheritedFrom: "viewer", permissions: [{ name: "run:stop" }] }),
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe("Renamed");
    expect(res.body.inheritedFrom).toBe("viewer");
    expect(custom(res.body)).toEqual(["run:stop"]);
    expect(res.body.permissions).not.toContainEqual({ name: "artifact:create", isInherited: true });
    const kept = await call(emu, "PUT", `/scim/Roles/${r.id}`, { body: roleBody({ name: "Renamed", inheritedFrom: "viewer", permissions: undefined }) });
    expect(custom(kept.body)).toEqual(["run:stop"]);
  });

  it("DELETE 204 moves org-role and team-role holders to the inherited role", async () => {
    const r = (await call(emu, "POST", "/scim/Roles", { body: roleBody({ name: "Watcher", inheritedFrom: "viewer" }) })).body;
    const u = await createUser(emu, "holder");
    await call(emu, "PATCH", `/scim/Users/${u.id}`, {
      body: patchBody(
        { op: "replace", path: "organizationRole", value: "Watcher" },
        { op: "replace", path: "teamRoles", value: [{ teamName: "seed-team", roleName: "Watcher" }] },
      ),
    });
    const before = await heldUser(emu, u.id);
    expect(before.organizationRole).toBe("Watcher");
    expect(before.teamRoles).toEqual([{ teamName: "seed-team", roleName: "Watcher" }]);
    const del = await call(emu, "DELETE", `/scim/Roles/${r.id}`);
    expect(del.status).toBe(204);
    expect(del.body).toBeUndefined();
    const after = await heldUser(emu, u.id);
    expect(after.organizationRole).toBe("viewer");
    expect(after.teamRoles).toEqual([{ teamName: "seed-team", roleName: "viewer" }]);
    expectScimError(await call(emu, "GET", `/scim/Roles/${r.id}`), 404, dialect);
  });

  it("paging and no filters on /Roles", async () => {
    for (const name of ["r1", "r2", "r3"]) await call(emu, "POST", "/scim/Roles", { body: roleBody({ name }) });
    const page = await call(emu, "GET", "/scim/Roles?startIndex=2&count=1");
    expect(page.body.Resources.map((r: any) => r.name)).toEqual(["r2"]);
    expect(page.body.totalResults).toBe(3);
    expectScimError(await call(emu, "GET", `/scim/Roles?filter=${encodeURIComponent('name eq "r1"')}`), 400, dialect);
  });
});

describe("custom roles with rolePutReplacesPermissions: false", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, rolePutReplacesPermissions: false });
  });
  afterAll(() => emu.close());

  it("PUT changes name, description and inheritedFrom and keeps the custom permissions", async () => {
    const r = (await call(emu, "POST", "/scim/Roles", { body: roleBody() })).body;
    const res = await call(emu, "PUT", `/scim/Roles/${r.id}`, { body: roleBody({ name: "New", description: "nd", permissions: [{ name: "run:stop" }] }) });
    expect(res.body.name).toBe("New");
    expect(res.body.description).toBe("nd");
    expect(custom(res.body)).toEqual(["project:update"]);
  });
});
