// The audit-log client: both documented answer forms parsed (the page's own examples, from
// test/support/audit-log-wire.json), anything else refused; against the emulator, a window read
// in the documented requests of each deployment (Dedicated: startDate, endDate, limit; the
// Multi-tenant Cloud: startDate and at most 7 numDays), paged by cursor, within a count of
// requests; a member's key refused with W&B's words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { closeAllPools, WandbApiError } from "../../service";
import { AuditLogClient, AuditLogShapeError, parseAuditLogAnswer } from "../../service/audit-log-client";
import { resolveConfig } from "../../service/config";
import { readLog, resetLog } from "../../scripts/emulator-api";
import { WIRE } from "../support/audit-log-wire";
import { createUser } from "../support/emulator-calls";

afterAll(() => closeAllPools());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("the audit log's answers, as documented", () => {
  it("reads the paginated object of each deployment", () => {
    for (const answer of [WIRE.answers.dedicated, WIRE.answers.saas]) {
      const read = parseAuditLogAnswer(JSON.stringify(answer));
      expect(read.entries).toEqual([expect.objectContaining({ action: "project:read", actor_email: "admin@example.com" })]);
      expect(read.nextCursor).toBe(answer["next_cursor"]);
    }
  });

  it("reads newline-delimited entries, which have no next page", () => {
    const read = parseAuditLogAnswer(WIRE.answers.ndjson);
    expect(read.entries.map((entry) => entry.action)).toEqual(["project:read", "user:login"]);
    expect(read.nextCursor).toBeNull();
    expect(parseAuditLogAnswer("").entries).toEqual([]);
  });

  it("refuses an answer in neither form, naming the line", () => {
    expect(() => parseAuditLogAnswer('{"action":"user:create","timestamp":"2026-08-01T14:00:00Z"}\nnot json')).toThrow(AuditLogShapeError);
    expect(() => parseAuditLogAnswer('{"logs":[]}')).toThrow(/line 1: action/);
  });
});

describe.each(["dedicated", "saas"] as const)("AuditLogClient on %s", (deployment) => {
  let emulator: RunningEmulator;
  const client = (options: { key?: string; username?: string; pageSize?: number } = {}) =>
    new AuditLogClient(
      resolveConfig({ baseUrl: emulator.url, deployment, apiKey: options.key ?? emulator.admin.apiKey, username: options.username ?? emulator.admin.username }, {}),
      { retry: { backoff: { baseDelayMs: 10, maxDelayMs: 20 } }, ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }) },
    );

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, deployment, seed: undefined });
    for (const userName of ["a1", "a2", "a3", "a4", "a5"]) await createUser(emulator, userName, deployment === "saas" ? { schemas: ["urn:ietf:params:scim:schemas:core:2.0:User", "urn:ietf:params:scim:schemas:extension:teams:2.0:User"], "urn:ietf:params:scim:schemas:extension:teams:2.0:User": { teams: ["seed-team"] } } : {});
  });
  afterAll(() => emulator?.close());

  it("reads a window in one request of the documented parameters, entries oldest first", async () => {
    await resetLog(emulator);
    const read = await client().read(Date.now() - HOUR, Date.now(), 4);
    expect(read).toMatchObject({ complete: true, requests: 1 });
    expect(read.entries.filter((entry) => entry.action === "user:create").map((entry) => entry.user_email)).toEqual(["a1", "a2", "a3", "a4", "a5"].map((name) => `${name}@example.com`));
    const [request] = (await readLog(emulator)).requests;
    const query = new URLSearchParams(request?.query);
    expect(request?.path).toBe(WIRE.paths[deployment]);
    expect([...query.keys()].sort()).toEqual(deployment === "saas" ? ["limit", "numDays", "startDate"] : ["endDate", "limit", "startDate"]);
  });

  it("pages by next_cursor, and stops at the requests allowed, saying the read is not complete", async () => {
    const whole = await client({ pageSize: 2 }).read(Date.now() - HOUR, Date.now(), 20);
    expect(whole.complete).toBe(true);
    expect(whole.requests).toBe(Math.ceil(whole.entries.length / 2));
    const cut = await client({ pageSize: 2 }).read(Date.now() - HOUR, Date.now(), 2);
    expect(cut).toMatchObject({ complete: false, requests: 2 });
    expect(cut.entries).toEqual(whole.entries.slice(0, 4));
  });

  it("a member's key is refused (403) with what W&B's page says", async () => {
    const refused = await client({ key: emulator.member.apiKey, username: emulator.member.username })
      .read(Date.now() - HOUR, Date.now(), 1)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WandbApiError);
    expect((refused as WandbApiError).status).toBe(403);
    expect((refused as WandbApiError).message).toContain("Organization-level admins can fetch audit logs");
  });
});

describe("AuditLogClient on the multi-tenant cloud, a window longer than 8 days", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, deployment: "saas" });
  });
  afterAll(() => emulator?.close());

  it("asks for whole days, at most 7 after startDate a request, the latest first", async () => {
    await resetLog(emulator);
    const config = resolveConfig({ baseUrl: emulator.url, deployment: "saas", apiKey: emulator.admin.apiKey, username: emulator.admin.username }, {});
    const read = await new AuditLogClient(config).read(Date.now() - 10 * DAY, Date.now(), 4);
    expect(read).toMatchObject({ complete: true, requests: 2 });
    const asked = (await readLog(emulator)).requests.map((request) => new URLSearchParams(request.query));
    expect(asked.map((query) => Number(query.get("numDays")))).toEqual([7, 2]);
    expect(asked.map((query) => query.get("startDate"))).toEqual([
      new Date(Math.floor(Date.now() / DAY) * DAY - 7 * DAY).toISOString().slice(0, 10),
      new Date(Math.floor((Date.now() - 10 * DAY) / DAY) * DAY).toISOString().slice(0, 10),
    ]);
  });
});
