import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAllPools, WandbApiError, type ScimClient } from "../../service";
import { heldUser, readState } from "../../scripts/emulator-api";
import { rolesShownByDefault } from "../support/wire";
import { unique } from "../support/names";
import { DIALECTS, startHarness, type Harness } from "../support/client";

afterAll(() => closeAllPools());

describe.each(DIALECTS)("ScimClient against the %s dialect", (dialect) => {
  let h: Harness;
  let scim: ScimClient;

  beforeAll(async () => {
    h = await startHarness(dialect);
    scim = h.scim();
  });
  afterAll(() => h.close());

  const newUser = (name = unique("user")) => ({ userName: name, email: `${name}@example.com` });

  it("sends modelsSeat and weaveRole on create, and a team's storageBucket, as the reference's requests do", async () => {
    const created = await scim.createUser({ ...newUser(), modelsSeat: "viewer", weaveRole: "none" });
    expect(await heldUser(h.emulator, created.id)).toMatchObject({ modelsSeat: "viewer", weaveRole: "none" });
    const bucket = { name: "my-gcs-bucket", provider: "GCP", path: "data-science/runs" };
    const team = await scim.createTeam({ name: unique("byob"), memberIds: [created.id], storageBucket: bucket });
    const held = (await readState(h.emulator)).teams.find((t: { id: string }) => t.id === team.id);
    expect(held.storageBucket).toEqual(bucket);
  });

  it("creates, reads, finds, patches and deletes a user", async () => {
    const input = { ...newUser(), displayName: "Dev User" };
    const created = await scim.createUser(input);
    expect(created).toMatchObject({ userName: input.userName, email: input.email, active: true });

    const read = await scim.getUser(created.id);
    expect(read.status).toBe("found");
    if (read.status !== "found") return;
    expect(read.user.etag).toMatch(/^W\/"/);
    expect(read.user.created).toBeTruthy();

    expect((await scim.findUserByUserName(input.userName))?.id).toBe(created.id);
    expect((await scim.findUserByEmail(input.email.toUpperCase()))?.id).toBe(created.id);
    expect(await scim.findUserByUserName(`${input.userName}-nobody`)).toBeUndefined();
    // userName is not case-exact (RFC 7643): another spelling finds the same user.
    expect((await scim.findUserByUserName(input.userName.toUpperCase()))?.id).toBe(created.id);

    const patched = await scim.patchUser(created.id, [
      { op: "replace", path: "displayName", value: "Renamed" },
      { op: "replace", path: "organizationRole", value: "admin" },
    ]);
    expect(patched).toMatchObject({ id: created.id, displayName: "Renamed" });
    // A PATCH 200 carries the roles; after an RFC server's 204 the client reads the user, whose GET
    // body carries them only where the service shows roles on GET (absent: not said).
    expect(patched.organizationRole).toBe(dialect === "wandb" || rolesShownByDefault ? "admin" : undefined);
    expect((await heldUser(h.emulator, created.id)).organizationRole).toBe("admin");

    const deactivated = await scim.patchUser(created.id, [{ op: "replace", value: { active: false } }]);
    expect(deactivated.active).toBe(false);

    expect(await scim.deleteUser(created.id)).toEqual({ status: "deleted" });
    expect(await scim.deleteUser(created.id)).toEqual({ status: "already-gone" });
    expect(await scim.getUser(created.id)).toEqual({ status: "not-found" });
  });

  it("lists every user, across pages, without duplicates", async () => {
    const made = await Promise.all([1, 2, 3].map(() => scim.createUser(newUser())));
    const all = await scim.listUsers();
    const ids = all.map((u) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const user of made) expect(ids).toContain(user.id);
  });

  it.each([`a"b`, `a\\b`, `x" or userName eq "admin`, `a or b`, `quote"and\\slash`])(
    "finds exactly the user named %s",
    async (hostile) => {
      const decoy = await scim.createUser(newUser(`decoy-${unique("d")}`));
      const user = await scim.createUser({ userName: hostile, email: `${unique("hostile")}@example.com` });
      try {
        const found = await scim.findUserByUserName(hostile);
        expect(found?.id).toBe(user.id);
        expect(found?.userName).toBe(hostile);
        expect(await scim.findUserByUserName(`${hostile}x`)).toBeUndefined();
        expect((await scim.findUserByUserName(decoy.userName))?.id).toBe(decoy.id);
      } finally {
        await scim.deleteUser(user.id);
      }
    },
  );

  it("a userName crafted to widen the filter matches nobody", async () => {
    await scim.createUser(newUser());
    expect(await scim.findUserByUserName(`nobody" or userName eq "${h.emulator.admin.username}`)).toBeUndefined();
    expect(await scim.findUserByUserName(`" or "" eq "`)).toBeUndefined();
  });

  it("answers 304 to If-None-Match with the current ETag, and the user once it changes", async () => {
    const user = await scim.createUser(newUser());
    const first = await scim.getUser(user.id);
    if (first.status !== "found") throw new Error("user missing");
    expect(await scim.getUser(user.id, { ifNoneMatch: first.user.etag! })).toEqual({ status: "not-modified" });
    await scim.patchUser(user.id, [{ op: "replace", path: "displayName", value: "Changed" }]);
    const after = await scim.getUser(user.id, { ifNoneMatch: first.user.etag! });
    expect(after.status).toBe("found");
  });

  it("rejects a write with a stale If-Match as 412, once", async () => {
    const user = await scim.createUser(newUser());
    const read = await scim.getUser(user.id);
    if (read.status !== "found") throw new Error("user missing");
    const stale = read.user.etag!;
    const fresh = await scim.patchUser(user.id, [{ op: "replace", path: "displayName", value: "One" }], { ifMatch: stale });
    expect(fresh.etag).not.toBe(stale);

    await h.resetLog();
    const error = await scim
      .patchUser(user.id, [{ op: "replace", path: "displayName", value: "Two" }], { ifMatch: stale })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WandbApiError);
    expect(error).toMatchObject({ status: 412, method: "PATCH" });
    expect((error as Error).message).toContain("changed since it was last read");
    // `pulumi refresh` is the provider's advice to add (test/kit/errors.test.ts).
    expect((error as Error).message).not.toContain("pulumi");
    expect((await h.requestLog()).counters.total).toBe(1);
  });

  it("manages a team: create, find, add and remove members, replace", async () => {
    const [a, b] = await Promise.all([scim.createUser(newUser()), scim.createUser(newUser())]);
    const name = unique("team");
    const team = await scim.createTeam({ name, memberIds: [a!.id] });
    expect(team.name).toBe(name);
    expect(team.members.map((m) => m.id)).toContain(a!.id);

    expect((await scim.findTeamByName(name))?.id).toBe(team.id);
    expect(await scim.findTeamByName(`${name}-other`)).toBeUndefined();

    const added = await scim.patchTeam(team.id, [{ op: "add", path: "members", value: [{ value: b!.id }] }]);
    expect(added.members.map((m) => m.id)).toEqual(expect.arrayContaining([a!.id, b!.id]));

    const emptied = await scim.patchTeam(team.id, [{ op: "remove", path: "members" }]);
    expect(emptied.members).toEqual([]);

    const replaced = await scim.replaceTeam(team.id, { name, memberIds: [b!.id] });
    expect(replaced.members.map((m) => m.id)).toEqual([b!.id]);

    const read = await scim.getTeam(team.id);
    expect(read.status).toBe("found");
    expect((await scim.listTeams()).map((t) => t.id)).toContain(team.id);
  });

  it("manages a custom role and separates inherited permissions", async () => {
    const name = unique("Role");
    const role = await scim.createRole({
      name,
      description: "test role",
      inheritedFrom: "member",
      permissions: ["run:delete"],
    });
    expect(role).toMatchObject({ name, description: "test role", inheritedFrom: "member", permissions: ["run:delete"] });
    expect(role.inheritedPermissions.length).toBeGreaterThan(0);

    expect((await scim.findRoleByName(name))?.id).toBe(role.id);
    expect(await scim.findRoleByName(name.toLowerCase())).toBeUndefined();

    const patched = await scim.patchRole(role.id, [{ op: "add", path: "permissions", value: [{ name: "project:delete" }] }]);
    expect(patched.permissions.sort()).toEqual(["project:delete", "run:delete"]);

    const replaced = await scim.replaceRole(role.id, { ...role, description: "changed", permissions: patched.permissions });
    expect(replaced.description).toBe("changed");

    expect(await scim.deleteRole(role.id)).toEqual({ status: "deleted" });
    expect(await scim.getRole(role.id)).toEqual({ status: "not-found" });
  });

  it("reports a duplicate create as 409, without retrying, and leaves the advice to its caller", async () => {
    const input = newUser();
    await scim.createUser(input);
    await h.resetLog();
    const error = (await scim.createUser(input).catch((e: unknown) => e)) as WandbApiError;
    expect(error).toBeInstanceOf(WandbApiError);
    expect(error.status).toBe(409);
    expect(error.message).toContain("already exists");
    // The provider adds the adoption hint (test/kit/errors.test.ts); the pulumi-wandb command has no use for it.
    expect(error.message).not.toContain("adoptExisting");
    expect((await h.requestLog()).counters.total).toBe(1);
  });
});

describe("ScimClient on the multi-tenant cloud", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("wandb", "saas");
  });
  afterAll(() => h.close());

  it("adds a user to the organization through the teams extension", async () => {
    const scim = h.scim();
    const team = await scim.createTeam({ name: unique("saas-team"), memberIds: [] });
    const name = unique("saas-user");
    const user = await scim.createUser({ userName: name, email: `${name}@example.com`, teams: [team.name] });
    expect(user.teamRoles).toEqual([{ teamName: team.name, roleName: "member" }]);
    expect(user.organizationRole).toBe("member");
  });
});

describe.each(DIALECTS)("seat limit (%s dialect)", (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(dialect);
  });
  afterAll(() => h.close());

  it("says to free seats or raise the plan once the seats are used up", async () => {
    const scim = h.scim();
    let error: unknown;
    for (let i = 0; i < 100 && error === undefined; i++) {
      const name = unique("seat");
      error = await scim.createUser({ userName: name, email: `${name}@example.com` }).then(
        () => undefined,
        (e: unknown) => e,
      );
    }
    expect(error).toBeInstanceOf(WandbApiError);
    expect((error as WandbApiError).isSeatLimit).toBe(true);
    expect((error as WandbApiError).message).toMatch(/free one \(set a user's modelsSeat to "viewer" or "none", or deactivate or delete a user\) or raise the plan's seat limit/);
  });
});
