import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type Dialect, type RunningEmulator } from "../../emulator";
import { call, createTeam, createUser, expectScimError, patchBody } from "../support/emulator-calls";

describe.each<Dialect>(["wandb", "rfc"])("conditional requests (%s dialect)", (dialect) => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, dialect });
  });
  afterAll(() => emu.close());
  beforeEach(async () => {
    await call(emu, "POST", "/_emulator/reset");
  });

  const etag = async (path: string) => (await call(emu, "GET", path)).headers.get("etag") ?? "";

  it("GET with a matching If-None-Match answers 304 without a body; a stale one 200", async () => {
    const u = await createUser(emu, "cond");
    const tag = await etag(`/scim/Users/${u.id}`);
    expect(tag).toMatch(/^W\/".+"$/);
    const same = await call(emu, "GET", `/scim/Users/${u.id}`, { headers: { "If-None-Match": tag } });
    expect(same.status).toBe(304);
    expect(same.body).toBeUndefined();
    expect(same.headers.get("etag")).toBe(tag);
    expect((await call(emu, "GET", `/scim/Users/${u.id}`, { headers: { "If-None-Match": 'W/"old"' } })).status).toBe(200);
  });

  it("If-Match: stale gives 412 and changes nothing; current or * passes (PATCH, PUT, DELETE)", async () => {
    const u = await createUser(emu, "cond");
    const tag = await etag(`/scim/Users/${u.id}`);
    const rename = (value: string, ifMatch: string) =>
      call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody({ op: "replace", path: "displayName", value }), headers: { "If-Match": ifMatch } });
    expect((await rename("one", tag)).status).toBe(dialect === "wandb" ? 200 : 204);
    expectScimError(await rename("two", tag), 412, dialect);
    expect((await call(emu, "GET", `/scim/Users/${u.id}`)).body.displayName).toBe("one");
    expect((await rename("three", "*")).status).toBeLessThan(300);
    expectScimError(await call(emu, "DELETE", `/scim/Users/${u.id}`, { headers: { "If-Match": tag } }), 412, dialect);
    const team = await createTeam(emu, "t");
    const teamTag = await etag(`/scim/Groups/${team.id}`);
    await call(emu, "PATCH", `/scim/Groups/${team.id}`, { body: patchBody({ op: "add", path: "members", value: [{ value: u.id }] }) });
    expectScimError(
      await call(emu, "PUT", `/scim/Groups/${team.id}`, { body: { schemas: [], displayName: "t", members: [] }, headers: { "If-Match": teamTag } }),
      412,
      dialect,
    );
    const role = (await call(emu, "POST", "/scim/Roles", { body: { name: "R", inheritedFrom: "viewer" } })).body;
    const roleTag = await etag(`/scim/Roles/${role.id}`);
    await call(emu, "PATCH", `/scim/Roles/${role.id}`, { body: patchBody({ op: "add", path: "permissions", value: [{ name: "run:stop" }] }) });
    expectScimError(await call(emu, "DELETE", `/scim/Roles/${role.id}`, { headers: { "If-Match": roleTag } }), 412, dialect);
    expect((await call(emu, "DELETE", `/scim/Roles/${role.id}`, { headers: { "If-Match": await etag(`/scim/Roles/${role.id}`) } })).status).toBe(204);
  });

  it("a user's ETag moves on team membership, team role, registry role and org role changes, and on team renames", async () => {
    const u = await createUser(emu, "moving");
    const path = `/scim/Users/${u.id}`;
    const tags = [await etag(path)];
    const team = await createTeam(emu, "t1", [u.id]);
    tags.push(await etag(path));
    await call(emu, "PATCH", path, { body: patchBody({ op: "replace", path: "teamRoles", value: [{ teamName: "t1", roleName: "admin" }] }) });
    tags.push(await etag(path));
    await call(emu, "PATCH", path, { body: patchBody({ op: "add", path: "registryRoles", value: [{ registryName: "models", roleName: "admin" }] }) });
    tags.push(await etag(path));
    await call(emu, "PATCH", path, { body: patchBody({ op: "replace", path: "organizationRole", value: "admin" }) });
    tags.push(await etag(path));
    await call(emu, "PATCH", `/scim/Groups/${team.id}`, { body: patchBody({ op: "replace", path: "displayName", value: "t1-renamed" }) });
    tags.push(await etag(path));
    await call(emu, "PATCH", `/scim/Groups/${team.id}`, { body: patchBody({ op: "remove", path: `members[value eq "${u.id}"]` }) });
    tags.push(await etag(path));
    expect(new Set(tags).size).toBe(tags.length);
    // A no-op leaves the ETag alone.
    await call(emu, "PATCH", path, { body: patchBody({ op: "replace", path: "organizationRole", value: "admin" }) });
    expect(await etag(path)).toBe(tags[tags.length - 1]);
  });

  it("a group's ETag moves when its members change", async () => {
    const team = await createTeam(emu, "g");
    const before = await etag(`/scim/Groups/${team.id}`);
    const u = await createUser(emu, "joiner");
    await call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody({ op: "replace", path: "teamRoles", value: [{ teamName: "g", roleName: "member" }] }) });
    expect(await etag(`/scim/Groups/${team.id}`)).not.toBe(before);
  });
});
