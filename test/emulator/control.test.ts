import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { readState } from "../../scripts/emulator-api";
import { basic, bearer, call, createUser, newUserBody } from "../support/emulator-calls";

describe("control API", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
  });
  afterAll(() => emu.close());
  beforeEach(async () => {
    await call(emu, "DELETE", "/_emulator/faults");
    await call(emu, "POST", "/_emulator/reset");
    await call(emu, "DELETE", "/_emulator/log");
  });

  it("is guarded by admin credentials in every auth form", async () => {
    expect((await call(emu, "GET", "/_emulator/log", { auth: null })).status).toBe(401);
    expect((await call(emu, "GET", "/_emulator/log", { auth: bearer(emu.member.apiKey) })).status).toBe(403);
    expect((await call(emu, "GET", "/_emulator/log", { auth: bearer(emu.admin.apiKey) })).status).toBe(200);
    expect((await call(emu, "GET", "/_emulator/log", { auth: basic("", emu.serviceAccount.apiKey) })).status).toBe(200);
  });

  it("logs /scim and /v1 requests with route counters, writes and maxInFlight; not control requests; DELETE resets", async () => {
    const u = await createUser(emu, "logged");
    await call(emu, "GET", `/scim/Users/${u.id}`);
    await call(emu, "GET", `/scim/Users/${u.id}`);
    await call(emu, "GET", "/scim/Users/unknown");
    await call(emu, "GET", "/v1/models", { auth: bearer(emu.admin.apiKey) });
    await call(emu, "GET", "/_emulator/state");
    const log = (await call(emu, "GET", "/_emulator/log")).body;
    expect(log.counters.byRoute).toEqual({ "POST /scim/Users": 1, "GET /scim/Users/:id": 3, "GET /v1/models": 1 });
    expect(log.counters.byMethod).toEqual({ POST: 1, GET: 4 });
    expect(log.counters.writes).toBe(1);
    expect(log.counters.total).toBe(5);
    expect(log.maxInFlight).toBeGreaterThanOrEqual(1);
    expect(log.requests[0]).toEqual({ method: "POST", route: "/scim/Users", path: "/scim/Users", status: 201, ms: expect.any(Number), at: expect.any(String) });
    expect(log.requests.map((r: any) => r.status)).toEqual([201, 200, 200, 404, 200]);
    expect((await call(emu, "DELETE", "/_emulator/log")).status).toBe(204);
    expect((await call(emu, "GET", "/_emulator/log")).body.counters.total).toBe(0);
  });

  it("GET state shows deactivated users, teams with members, roles and registries; POST reset restores the seed", async () => {
    const u = await createUser(emu, "temp");
    await call(emu, "PATCH", `/scim/Users/${u.id}`, { body: { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [{ op: "replace", value: { active: false } }] } });
    let s = await readState(emu);
    expect(s.users.find((x: any) => x.userName === "temp").active).toBe(false);
    expect(s.teams[0]).toMatchObject({ displayName: "seed-team", members: [{ user: "admin", role: "admin" }, { user: "member", role: "member" }, { serviceAccount: "pulumi-automation" }] });
    expect(s.registries).toEqual(["models", "datasets"]);
    expect(s.roles).toEqual([]);
    expect((await call(emu, "POST", "/_emulator/reset")).status).toBe(204);
    s = await readState(emu);
    expect(s.users.map((x: any) => x.userName)).toEqual(["admin", "second-admin", "member"]);
  });

  it("rejects an invalid fault configuration with 400 naming the field", async () => {
    const res = await call(emu, "PUT", "/_emulator/faults", { body: { errorRates: { "500": 2 } } });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain("errorRates");
    expect((await call(emu, "PUT", "/_emulator/faults", { body: { failNext: [{ status: 418 }] } })).status).toBe(400);
    expect((await call(emu, "PUT", "/_emulator/faults", { body: { bogus: true } })).status).toBe(400);
  });

  it("failNext: deterministic queue matched by method and path prefix, with Retry-After, in each API's error shape", async () => {
    await call(emu, "PUT", "/_emulator/faults", {
      body: {
        failNext: [
          { status: 503, method: "POST", pathPrefix: "/scim/Users", count: 2, retryAfter: 7 },
          { status: 429, pathPrefix: "/v1/" },
        ],
      },
    });
    expect((await call(emu, "GET", "/scim/Users")).status).toBe(200);
    const first = await call(emu, "POST", "/scim/Users", { body: newUserBody("f1") });
    expect(first.status).toBe(503);
    expect(first.headers.get("retry-after")).toBe("7");
    expect(first.body).toMatchObject({ schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status: 503, detail: "The engine is currently overloaded, please try again later" });
    expect((await call(emu, "POST", "/scim/Users", { body: newUserBody("f1") })).status).toBe(503);
    expect((await call(emu, "POST", "/scim/Users", { body: newUserBody("f1") })).status).toBe(201);
    const inf = await call(emu, "GET", "/v1/models", { auth: bearer(emu.admin.apiKey) });
    expect(inf.status).toBe(429);
    expect(inf.body.error.message).toBe("Concurrency limit reached for requests");
    expect((await call(emu, "GET", "/v1/models", { auth: bearer(emu.admin.apiKey) })).status).toBe(200);
    // Control routes are never faulted, and injected failures are logged.
    const log = (await call(emu, "GET", "/_emulator/log")).body;
    expect(log.requests.map((r: any) => r.status)).toEqual([200, 503, 503, 201, 429, 200]);
    expect(log.counters.writes).toBe(3);
  });

  it("errorRates with a seed repeat exactly; 429s carry retryAfterSeconds", async () => {
    const run = async () => {
      await call(emu, "PUT", "/_emulator/faults", { body: { errorRates: { "429": 0.3, "500": 0.2, "503": 0.1 }, retryAfterSeconds: 3, seed: 42 } });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const res = await call(emu, "GET", "/scim/Groups");
        statuses.push(res.status);
        if (res.status === 429) expect(res.headers.get("retry-after")).toBe("3");
      }
      return statuses;
    };
    const a = await run();
    const b = await run();
    expect(a).toEqual(b);
    expect(new Set(a)).toEqual(new Set([200, 429, 500, 503]));
    await call(emu, "DELETE", "/_emulator/faults");
    expect((await call(emu, "GET", "/scim/Groups")).status).toBe(200);
  });

  it("latency delays every faultable request", async () => {
    await call(emu, "PUT", "/_emulator/faults", { body: { latency: { fixedMs: 120, jitterMs: 0 } } });
    const started = Date.now();
    await call(emu, "GET", "/scim/Users");
    expect(Date.now() - started).toBeGreaterThanOrEqual(115);
    const controlStart = Date.now();
    await call(emu, "GET", "/_emulator/log");
    expect(Date.now() - controlStart).toBeLessThan(100);
  });

  it("concurrencyLimit answers 429 to requests over the limit", async () => {
    await call(emu, "PUT", "/_emulator/faults", { body: { latency: { fixedMs: 150, jitterMs: 0 }, concurrencyLimit: 2, retryAfterSeconds: 1 } });
    const results = await Promise.all(Array.from({ length: 6 }, () => call(emu, "GET", "/scim/Users")));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBe(2);
    const throttled = results.filter((r) => r.status === 429);
    expect(throttled.length).toBe(4);
    expect(throttled[0]?.body.detail).toBe("Concurrency limit reached for requests");
    expect(throttled[0]?.headers.get("retry-after")).toBe("1");
    // Two held by the latency plus at least one being refused.
    expect((await call(emu, "GET", "/_emulator/log")).body.maxInFlight).toBeGreaterThanOrEqual(3);
    await call(emu, "PUT", "/_emulator/faults", { body: { concurrencyLimit: null } });
    const free = await Promise.all(Array.from({ length: 6 }, () => call(emu, "GET", "/scim/Users")));
    expect(free.every((r) => r.status === 200)).toBe(true);
  });

  it("dropNext applies the change and then closes the connection without an answer", async () => {
    await call(emu, "PUT", "/_emulator/faults", { body: { dropNext: [{ method: "POST", pathPrefix: "/scim/Users" }] } });
    await expect(call(emu, "POST", "/scim/Users", { body: newUserBody("dropped") })).rejects.toThrow();
    expect((await readState(emu)).users.map((u: any) => u.userName)).toContain("dropped");
    const retry = await call(emu, "POST", "/scim/Users", { body: newUserBody("dropped") });
    expect(retry.status).toBe(409);
    const log = (await call(emu, "GET", "/_emulator/log")).body;
    expect(log.requests.map((r: any) => r.status)).toEqual([0, 409]);
  });

  it("dropRate applies writes and loses their answers at that rate, never a read's", async () => {
    await call(emu, "PUT", "/_emulator/faults", { body: { dropRate: 0.5, seed: 7 } });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(emu, "POST", "/scim/Users", { body: newUserBody(`rate-${i}`) }).then(() => "answered", () => "dropped")),
    );
    const dropped = outcomes.filter((o) => o === "dropped").length;
    expect(dropped).toBeGreaterThan(3);
    expect(dropped).toBeLessThan(17);
    // Every write was applied, answered or not.
    const names = (await readState(emu)).users.map((u: any) => u.userName);
    for (let i = 0; i < 20; i++) expect(names).toContain(`rate-${i}`);
    const reads = await Promise.all(Array.from({ length: 10 }, () => call(emu, "GET", "/scim/Users")));
    expect(reads.every((r) => r.status === 200)).toBe(true);
    await call(emu, "DELETE", "/_emulator/faults");
  });
});
