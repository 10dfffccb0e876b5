// W&B's audit-logging API as the emulator serves it, quoting the page's request and answer shapes
// (test/support/audit-log-wire.json, from docs/reference-quotes/audit-logging.md): the two paths,
// the two answer forms, the date parameters and their limits per deployment, cursor paging, PII
// left out with anonymize, 403 for anyone but an organization admin; and which writes make an
// entry, with the key's owner as the actor, and which (team roles, custom roles, registry roles) none.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultSeed, startEmulator, type RunningEmulator } from "../../emulator";
import { WIRE } from "../support/audit-log-wire";
import { basic, bearer, call, createTeam, createUser, GROUP_SCHEMA, patchBody, USER_SCHEMA } from "../support/emulator-calls";

const seed = defaultSeed();
const key = (userName: string) => seed.users.find((user) => user.userName === userName)?.apiKey ?? "";
const SECOND_ADMIN = basic("second-admin", key("second-admin"));

interface Fetched {
  status: number;
  contentType: string;
  text: string;
}

async function auditLogs(emu: RunningEmulator, query: string, auth = basic(emu.admin.username, emu.admin.apiKey), path = WIRE.paths[emu.deployment]): Promise<Fetched> {
  const response = await fetch(`${emu.url}${path}${query === "" ? "" : `?${query}`}`, { headers: { authorization: auth } });
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", text: await response.text() };
}

const paged = (fetched: Fetched) => {
  expect(fetched.status, fetched.text).toBe(200);
  return JSON.parse(fetched.text) as { audit_logs: Record<string, unknown>[]; range_start_time: string; range_end_time: string; count: number; next_cursor: string | null };
};

/** A range around now, to the second, in the Dedicated forms. */
const aroundNow = () => {
  const at = (offset: number) => new Date(Date.now() + offset).toISOString().slice(0, 19);
  return `startDate=${at(-3_600_000)}&endDate=${at(3_600_000)}`;
};

describe("the audit log's requests and answers, as documented", () => {
  let dedicated: RunningEmulator;
  let saas: RunningEmulator;
  beforeAll(async () => {
    [dedicated, saas] = await Promise.all([startEmulator({ port: 0 }), startEmulator({ port: 0, deployment: "saas" })]);
  });
  afterAll(async () => {
    await Promise.all([dedicated?.close(), saas?.close()]);
  });

  it("serves Dedicated and Self-Managed at /admin/audit_logs, the Multi-tenant Cloud at /audit_logs, and nothing at the other", async () => {
    expect((await auditLogs(dedicated, "limit=1")).status).toBe(200);
    expect((await auditLogs(dedicated, "limit=1", undefined, WIRE.paths.saas)).status).toBe(404);
    expect((await auditLogs(saas, "limit=1")).status).toBe(200);
    expect((await auditLogs(saas, "limit=1", undefined, WIRE.paths.dedicated)).status).toBe(404);
    expect(WIRE.multiTenantEndpoint.endsWith(WIRE.paths.saas)).toBe(true);
  });

  it.each(WIRE.requests)("$deployment: $said ($query)", async ({ deployment, query, form, range }) => {
    const fetched = await auditLogs(deployment === "saas" ? saas : dedicated, query);
    expect(fetched.status, fetched.text).toBe(200);
    if (form === "ndjson") {
      expect(fetched.contentType).toMatch(/ndjson/);
      return;
    }
    const answer = paged(fetched);
    expect(Object.keys(answer).sort()).toEqual([...WIRE.pagedAnswerKeys].sort());
    expect([answer.range_start_time, answer.range_end_time]).toEqual(range);
  });

  it.each(WIRE.refused)("$deployment refuses $query: $why", async ({ deployment, query }) => {
    const fetched = await auditLogs(deployment === "saas" ? saas : dedicated, query);
    expect(fetched.status, fetched.text).toBe(400);
  });

  it("answers the documented shapes: newline-delimited entries without limit or endDate, the paged object with them", async () => {
    await createUser(dedicated, "shape-check");
    const today = new Date().toISOString().slice(0, 10);
    const streamed = await auditLogs(dedicated, `startDate=${today}`);
    const lines = streamed.text.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.at(-1)).toMatchObject({ action: "user:create", user_email: "shape-check@example.com" });
    const answer = paged(await auditLogs(dedicated, aroundNow()));
    expect(answer.audit_logs).toEqual(lines);
    expect(answer.count).toBe(lines.length);
    for (const entry of answer.audit_logs) {
      expect(WIRE.entryKeys).toEqual(expect.arrayContaining(Object.keys(entry)));
      expect(entry["timestamp"]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
    // The Multi-tenant Cloud answers the paged object even without limit.
    expect(Object.keys(paged(await auditLogs(saas, ""))).sort()).toEqual([...WIRE.pagedAnswerKeys].sort());
  });

  it("pages by cursor until next_cursor is null; a cursor belongs to its resolved range", async () => {
    for (const userName of ["p1", "p2", "p3", "p4", "p5"]) await createUser(dedicated, userName);
    const range = aroundNow();
    const all = paged(await auditLogs(dedicated, range)).audit_logs;
    const seen: unknown[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = paged(await auditLogs(dedicated, `${range}&limit=2${cursor === null ? "" : `&cursor=${cursor}`}`));
      expect(answer.count).toBe(answer.audit_logs.length);
      expect(answer.count).toBeLessThanOrEqual(2);
      seen.push(...answer.audit_logs);
      cursor = answer.next_cursor;
      pages += 1;
    } while (cursor !== null);
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 2));
    const first = paged(await auditLogs(dedicated, `${range}&limit=2`));
    expect((await auditLogs(dedicated, `${range}&limit=2&anonymize=true&cursor=${first.next_cursor}`)).status).toBe(400);
    expect((await auditLogs(dedicated, `startDate=2026-08-01&limit=2&cursor=${first.next_cursor}`)).status).toBe(400);
  });

  it("leaves out PII with anonymize=true", async () => {
    const answer = paged(await auditLogs(dedicated, `${aroundNow()}&anonymize=true`));
    expect(answer.audit_logs.length).toBeGreaterThan(0);
    for (const entry of answer.audit_logs) for (const pii of WIRE.piiKeys) expect(entry).not.toHaveProperty(pii);
  });

  it("reads for organization admins only (403 for a member), with Basic authentication as documented", async () => {
    expect((await auditLogs(dedicated, "limit=1", basic(dedicated.member.username, dedicated.member.apiKey))).status).toBe(403);
    expect((await auditLogs(saas, "limit=1", basic(saas.member.username, saas.member.apiKey))).status).toBe(403);
    expect((await auditLogs(dedicated, "limit=1", basic("admin", "not-a-key"))).status).toBe(401);
    expect((await auditLogs(dedicated, "limit=1", bearer(dedicated.admin.apiKey))).status).toBe(401);
    expect((await auditLogs(dedicated, "limit=1", basic("", dedicated.serviceAccount.apiKey))).status).toBe(200);
  });

  it("the Multi-tenant Cloud has them for Enterprise plans only: 403 on another plan", async () => {
    const other = await startEmulator({ port: 0, deployment: "saas", enterprise: false });
    try {
      expect((await auditLogs(other, "limit=1")).status).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe("what the emulator's writes log", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
  });
  afterAll(() => emu?.close());
  beforeEach(async () => {
    await call(emu, "POST", "/_emulator/reset");
  });

  const entries = async () => paged(await auditLogs(emu, aroundNow())).audit_logs;
  const asSecondAdmin = (method: string, path: string, body: unknown) => call(emu, method, `/scim${path}`, { body, auth: SECOND_ADMIN });

  it("an entry per documented action, the actor being the key's owner", async () => {
    const ana = await createUser(emu, "ana");
    const team = (await asSecondAdmin("POST", "/Groups", { schemas: [GROUP_SCHEMA], displayName: "by-hand", members: [{ value: ana.id }] })).body as { id: string };
    await asSecondAdmin("PATCH", `/Users/${ana.id}`, patchBody({ op: "replace", path: "organizationRole", value: "admin" }));
    await asSecondAdmin("PATCH", `/Users/${ana.id}`, patchBody({ op: "replace", value: { active: false } }));
    await asSecondAdmin("PATCH", `/Users/${ana.id}`, patchBody({ op: "replace", value: { active: true } }));
    await asSecondAdmin("PATCH", `/Groups/${team.id}`, patchBody({ op: "remove", path: `members[value eq "${ana.id}"]` }));
    await asSecondAdmin("DELETE", `/Users/${ana.id}`, undefined);
    const logged = await entries();
    expect(logged.map((entry) => entry["action"])).toEqual([
      "user:create",
      "team:create",
      "team:invite_user",
      "organization:update_member",
      "user:deactivate",
      "user:reactivate",
      "team:uninvite",
      "user:permanently_delete",
    ]);
    expect(logged[0]).toMatchObject({ actor_email: "admin@acme.example", user_email: "ana@example.com", user_asset: ana.id, response_code: 201, actor_ip: "127.0.0.1" });
    const secondAdmin = seed.users.find((user) => user.userName === "second-admin");
    for (const entry of logged.slice(1)) expect(entry["actor_email"]).toBe(secondAdmin?.email);
    expect(logged[1]).toMatchObject({ entity_name: "by-hand", entity_asset: team.id });
    expect(logged[2]).toMatchObject({ entity_name: "by-hand", user_email: "ana@example.com" });
  });

  it("a service account's key is the actor by its id, without an email", async () => {
    const user = await createUser(emu, "by-robot", {});
    await call(emu, "PATCH", `/scim/Users/${user.id}`, { body: patchBody({ op: "replace", path: "modelsSeat", value: "viewer" }), auth: bearer(emu.serviceAccount.apiKey) });
    const entry = (await entries()).at(-1);
    expect(entry).toMatchObject({ action: "organization:update_member", user_email: "by-robot@example.com" });
    expect(entry).not.toHaveProperty("actor_email");
    expect(entry?.["actor_user_id"]).toEqual(expect.any(String));
  });

  it("no entry for what W&B does not log: team roles, custom roles, registry roles, a team's name; nor for a refused write", async () => {
    const team = await createTeam(emu, "quiet");
    const ana = await createUser(emu, "ana", { schemas: [USER_SCHEMA] });
    await call(emu, "PATCH", `/scim/Users/${ana.id}`, { body: patchBody({ op: "replace", path: "teamRoles", value: [{ teamName: "quiet", roleName: "member" }] }) });
    const before = (await entries()).length;
    await call(emu, "PATCH", `/scim/Users/${ana.id}`, { body: patchBody({ op: "replace", path: "teamRoles", value: [{ teamName: "quiet", roleName: "admin" }] }) });
    await call(emu, "PATCH", `/scim/Users/${ana.id}`, { body: patchBody({ op: "add", path: "registryRoles", value: [{ registryName: "models", roleName: "admin" }] }) });
    const role = await call(emu, "POST", "/scim/Roles", { body: { name: "Auditor", description: "", inheritedFrom: "viewer", permissions: [{ name: "project:update" }] } });
    expect(role.status).toBe(201);
    await call(emu, "DELETE", `/scim/Roles/${role.body.id}`);
    await call(emu, "PATCH", `/scim/Groups/${team.id}`, { body: patchBody({ op: "replace", path: "displayName", value: "renamed" }) });
    expect((await call(emu, "POST", "/scim/Users", { body: { schemas: [USER_SCHEMA], userName: "ana", emails: [{ value: "x@example.com", primary: true }] } })).status).toBe(409);
    expect(await entries()).toHaveLength(before);
  });
});
