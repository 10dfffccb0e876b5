import { beforeAll, describe, expect, it } from "vitest";
import { WandbApiError } from "../../../service";
import { getCustomRole, getTeam, WandbLookupError } from "../../../sdk";
import { adminEnv, failNext, readLog, runAsAdminOf, setEnv, setupClient, start, type Emulator } from "../../support/functions";

let emu: Emulator;
const ids: Record<string, string> = {};
beforeAll(async () => {
  emu = await start();
  const scim = setupClient(emu);
  const carol = await scim.createUser({ userName: "carol", email: "carol@example.com" });
  ids["carol"] = carol.id;
  // Team names are unique only with their case: both of these may exist.
  ids["squad"] = (await scim.createTeam({ name: "squad", memberIds: [carol.id] })).id;
  ids["SQUAD"] = (await scim.createTeam({ name: "SQUAD", memberIds: [] })).id;
  ids["Run operator"] = (await scim.createRole({ name: "Run operator", description: "Stops runs", inheritedFrom: "member", permissions: ["run:delete", "project:delete"] })).id;
  ids["run operator"] = (await scim.createRole({ name: "run operator", description: "", inheritedFrom: "viewer", permissions: ["run:stop"] })).id;
});
runAsAdminOf(() => emu);

describe("getTeam", () => {
  it("finds a team by its exact name, with sorted member ids (service accounts included)", async () => {
    const team = await getTeam({ name: "squad" });
    expect(team.id).toBe(ids["squad"]);
    expect(team.name).toBe("squad");
    expect(team.memberIds).toContain(ids["carol"]);
    expect(team.memberIds).toEqual([...team.memberIds].sort());
    expect(team.members.map((m) => m.id)).toEqual(team.memberIds);
    expect(team.members.find((m) => m.id === ids["carol"])).toEqual({ id: ids["carol"], display: "carol" });
    expect(team).not.toHaveProperty("etag");
  });

  it("an exact match wins over names that differ only in case", async () => {
    expect((await getTeam({ name: "SQUAD" })).id).toBe(ids["SQUAD"]);
  });

  it("team names are case-sensitive: a wrong case is not found, with 'did you mean' listing the case variants", async () => {
    const unique = (await getTeam({ name: "Seed-Team" }).catch((e: unknown) => e)) as WandbLookupError;
    expect(unique).toBeInstanceOf(WandbLookupError);
    expect(unique.kind).toBe("not-found");
    expect(unique.message).toContain('case-sensitive: did you mean "seed-team"?');
    const several = (await getTeam({ name: "Squad" }).catch((e: unknown) => e)) as WandbLookupError;
    expect(several.kind).toBe("not-found");
    expect(several.message).toContain('no team with name "Squad"');
    expect(several.message).toContain('case-sensitive: did you mean "SQUAD" or "squad"?');
  });

  it("not found: says what was searched and the closest names", async () => {
    const error = (await getTeam({ name: "sqaud" }).catch((e: unknown) => e)) as WandbLookupError;
    expect(error.kind).toBe("not-found");
    expect(error.message).toContain(`no team with name "sqaud" in the W&B organization at ${emu.url} (searched 3).`);
    expect(error.message).toContain('Closest: "SQUAD", "squad".');
    await expect(getTeam({ name: "platform" })).rejects.toThrow(/\(searched 3\)\. Check the name/);
    await expect(getTeam({ name: "" })).rejects.toThrow(/`name` must be a non-empty string/);
  });

  it("fails with 401 (wrong key) and 403 (member key)", async () => {
    setEnv(adminEnv(emu, { WANDB_API_KEY: "wrong-key-abcdefgh" }));
    await expect(getTeam({ name: "squad" })).rejects.toMatchObject({ name: "WandbApiError", status: 401 });
    setEnv(adminEnv(emu, { WANDB_API_KEY: emu.member.apiKey, WANDB_USERNAME: emu.member.username }));
    await expect(getTeam({ name: "squad" })).rejects.toMatchObject({ name: "WandbApiError", status: 403 });
  });

  it("retries 429 and 503, then succeeds", async () => {
    await failNext(emu, { status: 429, retryAfter: 0, pathPrefix: "/scim/Groups" }, { status: 503, retryAfter: 0, pathPrefix: "/scim/Groups" });
    expect((await getTeam({ name: "squad" })).id).toBe(ids["squad"]);
    expect((await readLog(emu)).requests.map((r) => r.status)).toEqual([429, 503, 200]);
  });
});

describe("getCustomRole", () => {
  it("finds a role by its exact, case-sensitive name, permissions sorted", async () => {
    const role = await getCustomRole({ name: "Run operator" });
    expect(role).toMatchObject({
      id: ids["Run operator"],
      name: "Run operator",
      description: "Stops runs",
      inheritedFrom: "member",
      permissions: ["project:delete", "run:delete"],
    });
    expect(role.inheritedPermissions.length).toBeGreaterThan(0);
    expect(role.inheritedPermissions).toEqual([...role.inheritedPermissions].sort());
    expect((await getCustomRole({ name: "run operator" })).id).toBe(ids["run operator"]);
  });

  it("a wrong case is not found, with 'did you mean' listing the case variants", async () => {
    const error = (await getCustomRole({ name: "RUN OPERATOR" }).catch((e: unknown) => e)) as WandbLookupError;
    expect(error).toBeInstanceOf(WandbLookupError);
    expect(error.kind).toBe("not-found");
    expect(error.message).toContain('no custom role with name "RUN OPERATOR"');
    expect(error.message).toContain('case-sensitive: did you mean "Run operator" or "run operator"?');
  });

  it("not found: closest names, and a word on predefined roles", async () => {
    const error = (await getCustomRole({ name: "Run operater" }).catch((e: unknown) => e)) as WandbLookupError;
    expect(error.message).toMatch(/Closest: "Run operator", "run operator"/);
    await expect(getCustomRole({ name: "admin" })).rejects.toThrow(/Predefined roles \(admin, member, viewer\) are not custom roles/);
  });

  it("fails with 401 (wrong key) and 403 (member key)", async () => {
    setEnv(adminEnv(emu, { WANDB_API_KEY: "wrong-key-abcdefgh" }));
    const error = (await getCustomRole({ name: "Run operator" }).catch((e: unknown) => e)) as WandbApiError;
    expect(error).toBeInstanceOf(WandbApiError);
    expect(error.status).toBe(401);
    setEnv(adminEnv(emu, { WANDB_API_KEY: emu.member.apiKey, WANDB_USERNAME: emu.member.username }));
    await expect(getCustomRole({ name: "Run operator" })).rejects.toMatchObject({ status: 403 });
  });

  it("retries 429 and 503, then succeeds", async () => {
    await failNext(emu, { status: 503, retryAfter: 0, pathPrefix: "/scim/Roles" }, { status: 429, retryAfter: 0, pathPrefix: "/scim/Roles" });
    expect((await getCustomRole({ name: "Run operator" })).id).toBe(ids["Run operator"]);
    expect((await readLog(emu)).requests.map((r) => r.status)).toEqual([503, 429, 200]);
  });
});
