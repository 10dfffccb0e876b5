import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type Dialect, type RunningEmulator } from "../../emulator";
import { heldUser, readState } from "../../scripts/emulator-api";
import { call, createTeam, createUser, expectScimError, getUser, newUserBody, patchBody, TEAMS_EXT, USER_SCHEMA } from "../support/emulator-calls";

// The roles as the representation carries them: the reading where every user body shows
// organizationRole, teamRoles and registryRoles. The documented reading has its own block below.
describe.each<Dialect>(["wandb", "rfc"])("users with userRolesOnGet: shown (%s dialect)", (dialect) => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, dialect, userRolesOnGet: "shown" });
  });
  afterAll(() => emu.close());
  beforeEach(async () => {
    await call(emu, "POST", "/_emulator/reset");
  });

  it("creates a user: 201, ETag header, dialect shape, no lastModified in the wandb creation meta", async () => {
    const res = await call(emu, "POST", "/scim/Users", { body: newUserBody("dev-user2", { displayName: "Dev User 2" }) });
    expect(res.status).toBe(201);
    expect(res.headers.get("etag")).toMatch(/^W\/".+"$/);
    const u = res.body;
    expect(u.userName).toBe("dev-user2");
    expect(u.displayName).toBe("Dev User 2");
    expect(u.active).toBe(true);
    expect(u.schemas).toEqual([USER_SCHEMA]);
    expect(u.organizationRole).toBe("member");
    expect(u.teamRoles).toEqual([]);
    expect(u.registryRoles).toEqual([]);
    expect(u.groups).toBeUndefined();
    if (dialect === "wandb") {
      expect(u.emails).toEqual({ Value: "dev-user2@example.com", Display: "", Type: "", Primary: true });
      expect(u.meta).toEqual({ resourceType: "User", created: expect.any(String), location: `Users/${u.id}` });
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    } else {
      expect(u.emails).toEqual([{ value: "dev-user2@example.com", primary: true }]);
      expect(u.meta.version).toBe(res.headers.get("etag"));
      expect(u.meta.lastModified).toEqual(expect.any(String));
      expect(u.meta.location).toBe(`${emu.url}/scim/Users/${u.id}`);
      expect(res.headers.get("content-type")).toMatch(/^application\/scim\+json/);
    }
  });

  it("GET by id: lastModified present, meta.version only in rfc, 404 for an unknown id", async () => {
    const u = await createUser(emu, "getme");
    const res = await call(emu, "GET", `/scim/Users/${u.id}`);
    expect(res.status).toBe(200);
    expect(res.body.meta.lastModified).toEqual(expect.any(String));
    expect("version" in res.body.meta).toBe(dialect === "rfc");
    expectScimError(await call(emu, "GET", "/scim/Users/nope"), 404, dialect);
  });

  it("rejects duplicate userName case-insensitively and duplicate email with 409 uniqueness", async () => {
    await createUser(emu, "dupe");
    const again = await call(emu, "POST", "/scim/Users", { body: newUserBody("DUPE", { emails: [{ primary: true, value: "x@example.com" }] }) });
    expect(expectScimError(again, 409, dialect).scimType).toBe("uniqueness");
    const sameEmail = await call(emu, "POST", "/scim/Users", { body: newUserBody("other", { emails: [{ primary: true, value: "DUPE@example.com" }] }) });
    expectScimError(sameEmail, 409, dialect);
  });

  it.each([
    ["malformed JSON", "{not json"],
    ["missing userName", JSON.stringify({ schemas: [USER_SCHEMA], emails: [{ primary: true, value: "a@b.c" }] })],
    ["missing emails", JSON.stringify({ schemas: [USER_SCHEMA], userName: "x" })],
    ["no primary email", JSON.stringify({ schemas: [USER_SCHEMA], userName: "x", emails: [{ value: "a@b.c" }] })],
    ["two emails on dedicated", JSON.stringify({ schemas: [USER_SCHEMA], userName: "x", emails: [{ value: "a@b.c", primary: true }, { value: "d@b.c" }] })],
  ])("400 with a SCIM error body on %s", async (_, rawBody) => {
    const body = expectScimError(await call(emu, "POST", "/scim/Users", { rawBody }), 400, dialect);
    expect(body.detail.length).toBeGreaterThan(0);
  });

  it("DELETE: 204 with an empty body, then 404; the user leaves its teams", async () => {
    const u = await createUser(emu, "gone");
    const team = await createTeam(emu, "with-gone", [u.id]);
    const del = await call(emu, "DELETE", `/scim/Users/${u.id}`);
    expect(del.status).toBe(204);
    expect(del.body).toBeUndefined();
    expectScimError(await call(emu, "GET", `/scim/Users/${u.id}`), 404, dialect);
    expectScimError(await call(emu, "DELETE", `/scim/Users/${u.id}`), 404, dialect);
    const g = (await call(emu, "GET", `/scim/Groups/${team.id}`)).body;
    const values = (g.members ?? []).map((m: any) => m.Value ?? m.value);
    expect(values).not.toContain(u.id);
  });

  it("lists with the ListResponse envelope, paging by startIndex/count, never listing service accounts", async () => {
    for (const n of ["p1", "p2", "p3"]) await createUser(emu, n);
    const all = await call(emu, "GET", "/scim/Users");
    expect(all.body.schemas).toEqual(["urn:ietf:params:scim:api:messages:2.0:ListResponse"]);
    expect(all.body.totalResults).toBe(6);
    expect(all.body.startIndex).toBe(1);
    expect(all.body.itemsPerPage).toBe(dialect === "wandb" ? 9999 : 6);
    expect(all.body.Resources.map((u: any) => u.userName)).not.toContain("pulumi-automation");
    const page = await call(emu, "GET", "/scim/Users?startIndex=4&count=2");
    expect(page.body.Resources.map((u: any) => u.userName)).toEqual(["p1", "p2"]);
    expect(page.body.totalResults).toBe(6);
    expect(page.body.startIndex).toBe(4);
    expect(page.body.itemsPerPage).toBe(2);
    const capped = await call(emu, "GET", "/scim/Users?count=50000");
    expect(capped.body.itemsPerPage).toBe(dialect === "wandb" ? 9999 : 6);
    expectScimError(await call(emu, "GET", "/scim/Users?count=abc"), 400, dialect);
  });

  it("PATCH replace displayName and emails: 200 with the full user (wandb) or 204 empty (rfc)", async () => {
    const u = await createUser(emu, "patchme");
    const res = await call(emu, "PATCH", `/scim/Users/${u.id}`, {
      body: patchBody(
        { op: "replace", path: "displayName", value: "John Doe" },
        { op: "replace", path: "emails", value: [{ value: "new@example.com", primary: true }] },
      ),
    });
    if (dialect === "wandb") {
      expect(res.status).toBe(200);
      expect(res.body.displayName).toBe("John Doe");
      expect(res.body.emails.Value).toBe("new@example.com");
      expect(res.headers.get("etag")).toMatch(/^W\//);
    } else {
      expect(res.status).toBe(204);
      expect(res.body).toBeUndefined();
    }
    const after = await getUser(emu, u.id);
    expect(after.displayName).toBe("John Doe");
    const filtered = await call(emu, "GET", `/scim/Users?filter=${encodeURIComponent('emails.value eq "NEW@example.com"')}`);
    expect(filtered.body.Resources.map((x: any) => x.id)).toEqual([u.id]);
  });

  it("a failing operation in a PATCH changes nothing", async () => {
    const u = await createUser(emu, "atomic");
    const res = await call(emu, "PATCH", `/scim/Users/${u.id}`, {
      body: patchBody({ op: "replace", path: "displayName", value: "Changed" }, { op: "replace", path: "organizationRole", value: "no-such-role" }),
    });
    expectScimError(res, 400, dialect);
    expect((await getUser(emu, u.id)).displayName).toBe("atomic");
  });

  it("deactivates and reactivates with op replace and no path (user kept on dedicated)", async () => {
    const u = await createUser(emu, "sleepy");
    await call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody({ op: "replace", value: { active: false } }) });
    expect((await getUser(emu, u.id)).active).toBe(false);
    expect((await readState(emu)).users.find((x: any) => x.id === u.id).active).toBe(false);
    await call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody({ op: "Replace", value: { active: true } }) });
    expect((await getUser(emu, u.id)).active).toBe(true);
  });

  it("organization role: admin, member, viewer becomes member, custom role by exact name, else 400", async () => {
    const u = await createUser(emu, "roles");
    const set = (value: string) => call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody({ op: "replace", path: "organizationRole", value }) });
    await set("ADMIN");
    expect((await getUser(emu, u.id)).organizationRole).toBe("admin");
    await set("viewer");
    expect((await getUser(emu, u.id)).organizationRole).toBe("member");
    await call(emu, "POST", "/scim/Roles", { body: { name: "Auditor", inheritedFrom: "viewer", permissions: [{ name: "run:stop" }] } });
    expectScimError(await set("auditor"), 400, dialect);
    await set("Auditor");
    expect((await getUser(emu, u.id)).organizationRole).toBe("Auditor");
  });

  it("team roles: replace teamRoles sets that team's role and joins the team; unknown team or role gives 400", async () => {
    const u = await createUser(emu, "teamer");
    const res = await call(emu, "PATCH", `/scim/Users/${u.id}`, {
      body: patchBody({ op: "replace", path: "teamRoles", value: [{ roleName: "admin", teamName: "seed-team" }] }),
    });
    expect(res.status).toBe(dialect === "wandb" ? 200 : 204);
    const after = await getUser(emu, u.id);
    expect(after.teamRoles).toEqual([{ teamName: "seed-team", roleName: "admin" }]);
    const team = (await call(emu, "GET", `/scim/Groups?filter=${encodeURIComponent('displayName eq "seed-team"')}`)).body.Resources[0];
    expect(team.members.map((m: any) => m.Value ?? m.value)).toContain(u.id);
    await call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody({ op: "replace", path: "teamRoles", value: [{ roleName: "Viewer", teamName: "seed-team" }] }) });
    expect((await getUser(emu, u.id)).teamRoles).toEqual([{ teamName: "seed-team", roleName: "viewer" }]);
    expectScimError(
      await call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody({ op: "replace", path: "teamRoles", value: [{ roleName: "admin", teamName: "nope" }] }) }),
      400,
      dialect,
    );
    expectScimError(
      await call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody({ op: "replace", path: "teamRoles", value: [{ roleName: "boss", teamName: "seed-team" }] }) }),
      400,
      dialect,
    );
    expectScimError(
      await call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody({ op: "add", path: "teamRoles", value: [{ roleName: "admin", teamName: "seed-team" }] }) }),
      400,
      dialect,
    );
  });

  it("registry roles: add or replace grants, remove or replace with a filter path leaves one, path alone leaves all", async () => {
    const u = await createUser(emu, "reg");
    const patch = (...ops: unknown[]) => call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody(...ops) });
    await patch({ op: "add", path: "registryRoles", value: [{ roleName: "admin", registryName: "models" }] });
    await patch({ op: "replace", path: "registryRoles", value: [{ roleName: "Restricted Viewer", registryName: "datasets" }] });
    expect((await getUser(emu, u.id)).registryRoles).toEqual([
      { registryName: "models", roleName: "admin" },
      { registryName: "datasets", roleName: "restricted viewer" },
    ]);
    await patch({ op: "replace", path: 'registryRoles[registryName eq "models"]' });
    expect((await getUser(emu, u.id)).registryRoles).toEqual([{ registryName: "datasets", roleName: "restricted viewer" }]);
    await patch({ op: "add", path: "registryRoles", value: [{ roleName: "member", registryName: "models" }] });
    await patch({ op: "remove", path: 'registryRoles[registryName eq "datasets"]' });
    expect((await getUser(emu, u.id)).registryRoles).toEqual([{ registryName: "models", roleName: "member" }]);
    await patch({ op: "remove", path: "registryRoles" });
    expect((await getUser(emu, u.id)).registryRoles).toEqual([]);
    await patch({ op: "add", path: "registryRoles", value: [{ roleName: "viewer", registryName: "models" }] });
    await patch({ op: "replace", path: "registryRoles" });
    expect((await getUser(emu, u.id)).registryRoles).toEqual([]);
    expectScimError(await patch({ op: "add", path: "registryRoles", value: [{ roleName: "admin", registryName: "nope" }] }), 400, dialect);
    expectScimError(await patch({ op: "add", path: "registryRoles", value: [{ roleName: "owner", registryName: "models" }] }), 400, dialect);
    expectScimError(await patch({ op: "remove", path: 'registryRoles[registryName eq "nope"]' }), 400, dialect);
  });

  it("400 invalidPath / invalidSyntax on unknown ops and paths, and a PatchOp envelope is required", async () => {
    const u = await createUser(emu, "oddops");
    const patch = (body: unknown) => call(emu, "PATCH", `/scim/Users/${u.id}`, { body });
    expect(expectScimError(await patch(patchBody({ op: "replace", path: "nickName", value: "x" })), 400, dialect).scimType).toBe("invalidPath");
    expect(expectScimError(await patch(patchBody({ op: "move", path: "displayName", value: "x" })), 400, dialect).scimType).toBe("invalidSyntax");
    expectScimError(await patch({ Operations: [{ op: "replace", path: "displayName", value: "x" }] }), 400, dialect);
    expectScimError(await patch(patchBody()), 400, dialect);
    expectScimError(await patch(patchBody({ op: "replace", path: "displayName", value: 42 })), 400, dialect);
    expectScimError(await patch(patchBody({ op: "add", value: { active: false } })), 400, dialect);
  });

  it("dedicated accepts the teams extension on creation and adds the user to the teams", async () => {
    const u = await createUser(emu, "ext", {
      schemas: [USER_SCHEMA, "urn:ietf:params:scim:schemas:extension:teams:2.0:User"],
      "urn:ietf:params:scim:schemas:extension:teams:2.0:User": { teams: ["seed-team"] },
    });
    expect(u.teamRoles).toEqual([{ teamName: "seed-team", roleName: "member" }]);
    const missing = await call(emu, "POST", "/scim/Users", {
      body: newUserBody("ext2", {
        schemas: [USER_SCHEMA, "urn:ietf:params:scim:schemas:extension:teams:2.0:User"],
        "urn:ietf:params:scim:schemas:extension:teams:2.0:User": { teams: ["nope"] },
      }),
    });
    expectScimError(missing, 400, dialect);
  });
});

describe.each<Dialect>(["wandb", "rfc"])("users with userRolesOnGet: omitted (%s dialect)", (dialect) => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, dialect, userRolesOnGet: "omitted" });
  });
  afterAll(() => emu.close());
  beforeEach(async () => {
    await call(emu, "POST", "/_emulator/reset");
  });

  const ROLE_KEYS = ["organizationRole", "teamRoles", "registryRoles"];
  const roleKeysOf = (body: Record<string, unknown>) => ROLE_KEYS.filter((key) => key in body);

  it("GET by id, list items and the dedicated POST 201 carry no roles; PATCH responses do", async () => {
    const created = await call(emu, "POST", "/scim/Users", { body: newUserBody("quiet") });
    expect(created.status).toBe(201);
    expect(roleKeysOf(created.body)).toEqual([]);
    const id = created.body.id as string;
    await createTeam(emu, "quiet-team", [id]);

    const got = await call(emu, "GET", `/scim/Users/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.userName).toBe("quiet");
    expect(roleKeysOf(got.body)).toEqual([]);
    const listed = await call(emu, "GET", "/scim/Users");
    expect(listed.body.Resources.length).toBeGreaterThan(0);
    for (const item of listed.body.Resources) expect(roleKeysOf(item)).toEqual([]);
    const filtered = await call(emu, "GET", `/scim/Users?filter=${encodeURIComponent('userName eq "quiet"')}`);
    expect(filtered.body.Resources).toHaveLength(1);
    expect(roleKeysOf(filtered.body.Resources[0])).toEqual([]);

    const patched = await call(emu, "PATCH", `/scim/Users/${id}`, {
      body: patchBody({ op: "replace", path: "organizationRole", value: "admin" }),
    });
    if (dialect === "wandb") {
      expect(patched.status).toBe(200);
      expect(patched.body.organizationRole).toBe("admin");
      expect(patched.body.teamRoles).toEqual([{ teamName: "quiet-team", roleName: "member" }]);
      expect(patched.body.registryRoles).toEqual([]);
    } else {
      // rfc answers a PATCH with 204 and no body.
      expect(patched.status).toBe(204);
    }
    // The change happened even though GET does not show it.
    const state = await readState(emu);
    expect(state.users.find((u: any) => u.userName === "quiet").organizationRole).toBe("admin");
    expect(roleKeysOf(await getUser(emu, id))).toEqual([]);
  });

  it("role PATCHes change what the emulator holds, and move the ETag, though GET shows no role", async () => {
    const u = await createUser(emu, "held");
    const patch = (...ops: unknown[]) => call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody(...ops) });
    const etagBefore = (await call(emu, "GET", `/scim/Users/${u.id}`)).headers.get("etag");
    await patch(
      { op: "replace", path: "organizationRole", value: "viewer" },
      { op: "replace", path: "teamRoles", value: [{ roleName: "Admin", teamName: "seed-team" }] },
      { op: "add", path: "registryRoles", value: [{ roleName: "Restricted Viewer", registryName: "models" }] },
    );
    const got = await call(emu, "GET", `/scim/Users/${u.id}`);
    expect(roleKeysOf(got.body)).toEqual([]);
    expect(got.headers.get("etag")).not.toBe(etagBefore);
    expect(await heldUser(emu, u.id)).toMatchObject({
      organizationRole: "member",
      teamRoles: [{ teamName: "seed-team", roleName: "admin" }],
      registryRoles: [{ registryName: "models", roleName: "restricted viewer" }],
    });
    await patch({ op: "remove", path: 'registryRoles[registryName eq "models"]' });
    expect((await heldUser(emu, u.id)).registryRoles).toEqual([]);
  });

  it("the saas POST 201 still carries the roles and the teams joined", async () => {
    const saas = await startEmulator({ port: 0, dialect, deployment: "saas", userRolesOnGet: "omitted" });
    try {
      const team = await createTeam(saas, "saas-team");
      const created = await call(saas, "POST", "/scim/Users", {
        body: newUserBody("cloud", {
          schemas: [USER_SCHEMA, TEAMS_EXT],
          [TEAMS_EXT]: { teams: ["saas-team"] },
        }),
      });
      expect(created.status).toBe(201);
      expect(created.body.organizationRole).toBe("member");
      expect(created.body.teamRoles).toEqual([{ teamName: "saas-team", roleName: "member" }]);
      expect(created.body.groups).toEqual([{ value: team.id }]);
      expect(roleKeysOf(await getUser(saas, created.body.id))).toEqual([]);
    } finally {
      await saas.close();
    }
  });
});
