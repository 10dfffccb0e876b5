import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Dialect, type RunningEmulator } from "../../emulator";
import { basic, bearer, call, expectScimError, patchBody } from "../support/emulator-calls";

describe.each<Dialect>(["wandb", "rfc"])("SCIM authentication (%s dialect)", (dialect) => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, dialect });
  });
  afterAll(() => emu.close());

  it.each([
    ["Basic user:key", (e: RunningEmulator) => basic(e.admin.username, e.admin.apiKey)],
    ["Basic with the user name in another case", (e: RunningEmulator) => basic(e.admin.username.toUpperCase(), e.admin.apiKey)],
    ["Basic :key (service account)", (e: RunningEmulator) => basic("", e.serviceAccount.apiKey)],
    ["Bearer admin key", (e: RunningEmulator) => bearer(e.admin.apiKey)],
    ["Bearer service account key", (e: RunningEmulator) => bearer(e.serviceAccount.apiKey)],
  ])("accepts %s", async (_, auth) => {
    expect((await call(emu, "GET", "/scim/Users", { auth: auth(emu) })).status).toBe(200);
  });

  it.each([
    ["no header", () => null],
    ["a wrong key", (e: RunningEmulator) => basic(e.admin.username, "wrong")],
    ["the key under another user name", (e: RunningEmulator) => basic("member", e.admin.apiKey)],
    ["a user key without a user name", (e: RunningEmulator) => basic("", e.admin.apiKey)],
    ["an unknown bearer", () => bearer("nope")],
    ["a malformed header", () => "Basic !!!"],
    ["another scheme", (e: RunningEmulator) => `Token ${e.admin.apiKey}`],
  ])("401 with a SCIM error body for %s", async (_, auth) => {
    const res = await call(emu, "GET", "/scim/Users", { auth: auth(emu) });
    expectScimError(res, 401, dialect);
    expect(res.headers.get("www-authenticate")).toContain("Basic");
  });

  it("403 for a non-admin member with Basic or Bearer", async () => {
    expectScimError(await call(emu, "GET", "/scim/Users", { auth: basic(emu.member.username, emu.member.apiKey) }), 403, dialect);
    expectScimError(await call(emu, "GET", "/scim/Roles", { auth: bearer(emu.member.apiKey) }), 403, dialect);
  });

  it("an admin demoted through SCIM loses access; unknown SCIM paths 404, wrong methods 405", async () => {
    const other = await startEmulator({ port: 0, dialect });
    try {
      const admins = (await call(other, "GET", `/scim/Users?filter=${encodeURIComponent('userName eq "second-admin"')}`)).body.Resources[0];
      await call(other, "PATCH", `/scim/Users/${admins.id}`, { body: patchBody({ op: "replace", path: "organizationRole", value: "member" }) });
      expectScimError(await call(other, "GET", "/scim/Users", { auth: bearer("admin2-key-0000000000000000000000000000000") }), 403, dialect);
      expectScimError(await call(other, "GET", "/scim/Nope"), 404, dialect);
      expectScimError(await call(other, "PUT", `/scim/Users/${admins.id}`, { body: {} }), 405, dialect);
    } finally {
      await other.close();
    }
  });
});
