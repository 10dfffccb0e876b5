import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import { WandbApiError } from "../../../service";
import { getUser, getUsers, WandbLookupError } from "../../../sdk";
import { cachedClientCount } from "../../../sdk/functions/clients";
import { heldUser } from "../../../scripts/emulator-api";
import { rolesShownByDefault } from "../../support/wire";
import { adminEnv, failNext, readLog, runAsAdminOf, setEnv, setupClient, start, type Emulator } from "../../support/functions";

let emu: Emulator;
let alice: { id: string };
beforeAll(async () => {
  emu = await start();
  const scim = setupClient(emu);
  alice = await scim.createUser({ userName: "Alice", email: "Alice.Smith@Example.com", displayName: "Alice Smith" });
  await scim.createUser({ userName: "alina", email: "alina@example.com" });
  const bob = await scim.createUser({ userName: "bob", email: "bob@other.example" });
  await scim.patchUser(bob.id, [{ op: "replace", value: { active: false } }]);
  const team = await scim.findTeamByName("seed-team");
  await scim.patchTeam(team!.id, [{ op: "add", path: "members", value: [{ value: alice.id }] }]);
  await scim.patchUser(alice.id, [{ op: "replace", path: "registryRoles", value: [{ roleName: "admin", registryName: "models" }] }]);
});
runAsAdminOf(() => emu);

describe("getUser", () => {
  it("finds a user by userName, with plain typed fields and nothing secret", async () => {
    const user = await getUser({ userName: "Alice" });
    const roles = {
      organizationRole: "member",
      teamRoles: [{ teamName: "seed-team", roleName: "member" }],
      registryRoles: [{ registryName: "models", roleName: "admin" }],
    };
    expect(await heldUser(emu, alice.id)).toMatchObject(roles);
    expect(user).toEqual({
      id: alice.id,
      userName: "Alice",
      email: "Alice.Smith@Example.com",
      displayName: "Alice Smith",
      active: true,
      // The documented list items carry no roles (nor seats): the result then has none to tell.
      ...(rolesShownByDefault ? { ...roles, modelsSeat: "full", weaveRole: "full" } : { teamRoles: [], registryRoles: [] }),
      // Activity is in every listing; Alice has never been active, so there is no lastActiveAt.
      daysActive: 0,
    });
    expect(JSON.stringify(user)).not.toContain(emu.admin.apiKey);
    expect(user).not.toHaveProperty("etag");
  });

  it("matches userName and email ignoring case, like SCIM", async () => {
    expect((await getUser({ userName: "alice" })).id).toBe(alice.id);
    expect((await getUser({ email: "alice.smith@example.com" })).id).toBe(alice.id);
  });

  it("returns deactivated users with active: false", async () => {
    expect(await getUser({ userName: "bob" })).toMatchObject({ active: false, email: "bob@other.example" });
  });

  it("not found: says what was searched for, where, and the closest userNames", async () => {
    const error = (await getUser({ userName: "alicia" }).catch((e: unknown) => e)) as WandbLookupError;
    expect(error).toBeInstanceOf(WandbLookupError);
    expect(error.kind).toBe("not-found");
    expect(error.searched).toEqual({ userName: "alicia" });
    expect(error.message).toContain(`getUser: no user with userName "alicia" in the W&B organization at ${emu.url}`);
    expect(error.message).toMatch(/Closest: "Alice", "alina"/);
    expect(error.message).toMatch(/service accounts/);
  });

  it("not found by email: names the address but suggests no one else's", async () => {
    const error = (await getUser({ email: "nobody@example.com" }).catch((e: unknown) => e)) as WandbLookupError;
    expect(error.message).toContain('no user with email "nobody@example.com"');
    expect(error.message).not.toContain("alina@example.com");
  });

  it("rejects both or neither of userName and email", async () => {
    await expect(getUser({ userName: "Alice", email: "bob@other.example" } as never)).rejects.toThrow(/only one of `userName` and `email`/);
    await expect(getUser({} as never)).rejects.toThrow(/give `userName` or `email`/);
    await expect(getUser({ userName: " " })).rejects.toMatchObject({ kind: "invalid-argument" });
  });

  it("fails with 401 for a wrong key, passing the client's actionable message through", async () => {
    setEnv(adminEnv(emu, { WANDB_API_KEY: "wrong-key-abcdefgh" }));
    const error = (await getUser({ userName: "Alice" }).catch((e: unknown) => e)) as WandbApiError;
    expect(error).toBeInstanceOf(WandbApiError);
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/wandb:apiKey \/ WANDB_API_KEY/);
    expect(error.message).not.toContain("wrong-key-abcdefgh");
  });

  it("fails with 403 for a non-admin member's key", async () => {
    setEnv(adminEnv(emu, { WANDB_API_KEY: emu.member.apiKey, WANDB_USERNAME: emu.member.username }));
    const error = (await getUser({ userName: "Alice" }).catch((e: unknown) => e)) as WandbApiError;
    expect(error).toBeInstanceOf(WandbApiError);
    expect(error.status).toBe(403);
    expect(error.message).toMatch(/organization admin's API key/);
  });

  it("works with an organization service-account key (no username)", async () => {
    setEnv(adminEnv(emu, { WANDB_API_KEY: emu.serviceAccount.apiKey, WANDB_USERNAME: undefined }));
    expect((await getUser({ userName: "Alice" })).id).toBe(alice.id);
  });

  it("retries a 429 and then succeeds", async () => {
    await failNext(emu, { status: 429, retryAfter: 0, pathPrefix: "/scim/Users" });
    expect((await getUser({ userName: "Alice" })).id).toBe(alice.id);
    expect((await readLog(emu)).requests.map((r) => r.status)).toEqual([429, 200]);
  });

  it("retries a 503 and then succeeds", async () => {
    await failNext(emu, { status: 503, retryAfter: 0, pathPrefix: "/scim/Users" });
    expect((await getUser({ email: "bob@other.example" })).userName).toBe("bob");
    expect((await readLog(emu)).requests.map((r) => r.status)).toEqual([503, 200]);
  });

  it("reads the configuration at call time and keeps one client per configuration", async () => {
    const before = cachedClientCount();
    await getUser({ userName: "Alice" });
    await getUser({ userName: "alina" });
    const afterSame = cachedClientCount();
    expect(afterSame - before).toBeLessThanOrEqual(1);
    // A different key in the environment (with a setting no other test uses, so it is new here):
    // a different client, not the cached admin one.
    setEnv(adminEnv(emu, { WANDB_API_KEY: emu.member.apiKey, WANDB_USERNAME: emu.member.username, WANDB_TIMEOUT_SECONDS: "13" }));
    await expect(getUser({ userName: "Alice" })).rejects.toMatchObject({ status: 403 });
    expect(cachedClientCount()).toBe(afterSame + 1);
    setEnv(adminEnv(emu));
    expect((await getUser({ userName: "Alice" })).id).toBe(alice.id);
    expect(cachedClientCount()).toBe(afterSame + 1);
  });

  it("reads stack config without a Pulumi program without throwing", () => {
    expect(() => new pulumi.Config("wandb").get("apiKey")).not.toThrow();
    expect(new pulumi.Config("wandb").get("apiKey")).toBeUndefined();
  });
});

describe("getUsers", () => {
  it("lists every user sorted by userName, with ids in the same order", async () => {
    const result = await getUsers();
    expect(result.userNames).toEqual(["Alice", "admin", "alina", "bob", "member", "second-admin"]);
    expect(result.ids).toEqual(result.users.map((u) => u.id));
    expect(await getUsers({})).toEqual(result);
  });

  it("filters client-side, all conditions together", async () => {
    expect((await getUsers({ filter: { userNameStartsWith: "AL" } })).userNames).toEqual(["Alice", "alina"]);
    expect((await getUsers({ filter: { emailDomain: "EXAMPLE.com" } })).userNames).toEqual(["Alice", "alina"]);
    expect((await getUsers({ filter: { active: false } })).userNames).toEqual(["bob"]);
    // The documented list items carry no organizationRole: the filter would match nobody, so it is refused.
    const admins = getUsers({ filter: { organizationRole: "ADMIN", active: true } });
    if (rolesShownByDefault) expect((await admins).userNames).toEqual(["admin", "second-admin"]);
    else await expect(admins).rejects.toThrow(/does not show users' organization roles in its listing, so filter\.organizationRole would match nobody/);
    expect((await getUsers({ filter: { userNameStartsWith: "al", emailDomain: "other.example" } })).users).toEqual([]);
  });

  it("rejects unknown filter fields rather than ignoring them", async () => {
    await expect(getUsers({ filter: { userName: "x" } as never })).rejects.toThrow(/unknown filter field\(s\) `userName`/);
    await expect(getUsers({ filter: { active: "yes" } as never })).rejects.toThrow(/filter.active must be true or false/);
  });

  it("fails with 403 for a member's key and 401 for a wrong key", async () => {
    setEnv(adminEnv(emu, { WANDB_API_KEY: emu.member.apiKey, WANDB_USERNAME: emu.member.username }));
    await expect(getUsers()).rejects.toMatchObject({ name: "WandbApiError", status: 403 });
    setEnv(adminEnv(emu, { WANDB_API_KEY: "wrong-key-abcdefgh" }));
    await expect(getUsers()).rejects.toMatchObject({ name: "WandbApiError", status: 401 });
  });

  it("retries 429 and 503 and then succeeds", async () => {
    await failNext(emu, { status: 429, retryAfter: 0, pathPrefix: "/scim/Users" }, { status: 503, retryAfter: 0, pathPrefix: "/scim/Users" });
    expect((await getUsers()).users).toHaveLength(6);
    expect((await readLog(emu)).requests.map((r) => r.status)).toEqual([429, 503, 200]);
  });
});
