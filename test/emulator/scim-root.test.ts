import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { bearer, call, newUserBody } from "../support/emulator-calls";

describe("an emulator serving SCIM under /v2 (rfc dialect)", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, dialect: "rfc", scimRoot: "/v2/" });
  });
  afterAll(() => emu.close());

  it("serves the API there, with Location and meta.location under the root", async () => {
    expect(emu).toMatchObject({ scimRoot: "/v2", scimUrl: `${emu.url}/v2` });
    const created = await call(emu, "POST", "/v2/Users", { body: newUserBody("rooted") });
    expect(created.status).toBe(201);
    const location = `${emu.url}/v2/Users/${created.body.id}`;
    expect(created.headers.get("location")).toBe(location);
    expect(created.body.meta.location).toBe(location);
    const read = await call(emu, "GET", `/v2/Users/${created.body.id}`, { auth: bearer(emu.admin.apiKey) });
    expect(read.status).toBe(200);
    expect(read.body.meta.location).toBe(location);
  });

  it("has no SCIM API under W&B's /scim, names routes from the server root, and faults match the full path", async () => {
    expect((await call(emu, "GET", "/scim/Users")).status).toBe(404);
    await call(emu, "DELETE", "/_emulator/log");
    await call(emu, "PUT", "/_emulator/faults", { body: { failNext: [{ status: 503, pathPrefix: "/v2/Groups" }] } });
    expect((await call(emu, "GET", "/v2/Groups")).status).toBe(503);
    expect((await call(emu, "GET", "/v2/Groups")).status).toBe(200);
    const wrong = await call(emu, "DELETE", "/v2/Users");
    expect(wrong.status).toBe(405);
    expect(wrong.body.detail).toContain("/v2/Users");
    const log = (await call(emu, "GET", "/_emulator/log")).body;
    expect(Object.keys(log.counters.byRoute)).toEqual(expect.arrayContaining(["GET /v2/Groups", "DELETE /v2/Users"]));
  });
});

describe("an emulator serving SCIM at the server root", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, scimRoot: "/" });
  });
  afterAll(() => emu.close());

  it("answers /Users, and still serves inference under /v1 and control under /_emulator", async () => {
    expect(emu.scimUrl).toBe(emu.url);
    expect((await call(emu, "GET", "/Users")).status).toBe(200);
    expect((await call(emu, "GET", "/v1/models", { auth: bearer(emu.admin.apiKey) })).status).toBe(200);
    expect((await call(emu, "GET", "/_emulator/state")).status).toBe(200);
  });
});

describe("scimRoot validation", () => {
  it.each(["v2", "/v1", "/v1/scim", "/_emulator", "/scim/../v1", "/scim v2"])("rejects %j with a message naming the option", async (scimRoot) => {
    await expect(startEmulator({ port: 0, scimRoot })).rejects.toThrow(/^scimRoot must/);
  });
});
