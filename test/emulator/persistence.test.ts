import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultSeed, seedSchema, startEmulator } from "../../emulator";
import { heldUser } from "../../scripts/emulator-api";
import { call, createTeam, createUser, patchBody } from "../support/emulator-calls";
import { temporaryFolder } from "../support/temporary-folder";

describe("state file and seeds", () => {
  it("persists every change atomically and reloads it (ids, ETags, memberships, roles) on start", async () => {
    const dir = temporaryFolder("wandb-emu-");
    const stateFile = join(dir, "state.json");
    const first = await startEmulator({ port: 0, stateFile });
    const u = await createUser(first, "persisted");
    const team = await createTeam(first, "kept", [u.id]);
    const role = (await call(first, "POST", "/scim/Roles", { body: { name: "Keeper", inheritedFrom: "member", permissions: [{ name: "run:delete" }] } })).body;
    await call(first, "PATCH", `/scim/Users/${u.id}`, { body: patchBody({ op: "replace", path: "organizationRole", value: "Keeper" }) });
    const etag = (await call(first, "GET", `/scim/Users/${u.id}`)).headers.get("etag");
    await first.close();
    expect(readdirSync(dir)).toEqual(["state.json"]);
    expect(JSON.parse(readFileSync(stateFile, "utf8")).users.map((x: any) => x.userName)).toContain("persisted");

    const second = await startEmulator({ port: 0, stateFile });
    try {
      const again = await call(second, "GET", `/scim/Users/${u.id}`);
      expect(again.status).toBe(200);
      expect(again.headers.get("etag")).toBe(etag);
      const held = await heldUser(second, u.id);
      expect(held.organizationRole).toBe("Keeper");
      expect(held.teamRoles).toEqual([{ teamName: "kept", roleName: "member" }]);
      expect((await call(second, "GET", `/scim/Groups/${team.id}`)).status).toBe(200);
      expect((await call(second, "GET", `/scim/Roles/${role.id}`)).body.name).toBe("Keeper");
      await call(second, "POST", "/_emulator/reset");
      expect(JSON.parse(readFileSync(stateFile, "utf8")).users.map((x: any) => x.userName)).not.toContain("persisted");
    } finally {
      await second.close();
    }
  });

  it("loads a seed file, and names the path of a problem in an invalid seed", async () => {
    const dir = temporaryFolder("wandb-seed-");
    const file = join(dir, "org.json");
    writeFileSync(file, JSON.stringify({ ...defaultSeed(), seats: 7 }));
    const emu = await startEmulator({ port: 0, seed: file });
    expect((await call(emu, "GET", "/_emulator/state")).body.seats).toBe(7);
    await emu.close();

    const bad = defaultSeed();
    bad.users[1] = { userName: "x", email: "not-an-email" };
    await expect(startEmulator({ port: 0, seed: bad })).rejects.toThrow(/users\[1\]\.email/);
    const badTeam = { ...defaultSeed(), teams: [{ displayName: "t", members: [{ user: "ghost" }] }] };
    await expect(startEmulator({ port: 0, seed: badTeam })).rejects.toThrow(/teams\[0\]\.members\[0\]\.user: unknown user "ghost"/);
    writeFileSync(file, "{nope");
    await expect(startEmulator({ port: 0, seed: file })).rejects.toThrow(/not valid JSON/);
    expect(seedSchema.safeParse(defaultSeed()).success).toBe(true);
  });

  it("starts in milliseconds", async () => {
    const started = performance.now();
    const emu = await startEmulator();
    const elapsed = performance.now() - started;
    await emu.close();
    expect(elapsed).toBeLessThan(200);
  });
});
