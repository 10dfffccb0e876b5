import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_EXCERPT_CHARS } from "../../service/errors";
import { closeAllPools, ScimClient, WandbApiError } from "../../service";
import { resolveConfig } from "../../service/config";
import { unique } from "../support/names";
import { startHarness, type Harness } from "../support/client";

afterAll(() => closeAllPools());

const catchError = (promise: Promise<unknown>) => promise.then(() => expect.unreachable("expected a failure"), (e: unknown) => e as WandbApiError);

describe.each(["/v2", "/scim/v2", "/"])("an RFC 7644 server with its SCIM root at %s, Bearer auth", (scimRoot) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("rfc", "dedicated", { scimRoot });
  });
  afterAll(() => h.close());

  it("creates, finds (in another case), patches, lists and deletes users and teams there", async () => {
    // With Bearer the username is not sent: a wrong one would fail Basic authentication.
    const scim = h.scim({ authScheme: "bearer", username: "not-the-key-owner" });
    const name = unique("Rfc-User");
    const user = await scim.createUser({ userName: name, email: `${name}@example.com` });
    expect((await scim.findUserByUserName(name.toLowerCase()))?.id).toBe(user.id);
    expect(await scim.patchUser(user.id, [{ op: "replace", path: "displayName", value: "Renamed" }])).toMatchObject({ displayName: "Renamed" });
    const team = await scim.createTeam({ name: unique("rfc-team"), memberIds: [user.id] });
    expect((await scim.patchTeam(team.id, [{ op: "remove", path: "members" }])).members).toEqual([]);
    expect((await scim.listTeams()).map((t) => t.id)).toContain(team.id);
    expect(await scim.deleteUser(user.id)).toEqual({ status: "deleted" });

    const root = scimRoot === "/" ? "" : scimRoot;
    const { requests } = await h.requestLog();
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) expect(request.path.startsWith(`${root}/Users`) || request.path.startsWith(`${root}/Groups`)).toBe(true);
  });

  it("says to check wandb:baseUrl and wandb:scimPath when W&B's default /scim finds no API there", async () => {
    const scim = h.scim({ scimPath: "/scim" });
    for (const attempt of [scim.listUsers(), scim.findUserByUserName("anyone"), scim.createUser({ userName: "x-user", email: "x@example.com" })]) {
      const error = await catchError(attempt);
      expect(error).toBeInstanceOf(WandbApiError);
      expect(error.status).toBe(404);
      expect(error.message).toContain("wandb:baseUrl (WANDB_BASE_URL) and wandb:scimPath (WANDB_SCIM_PATH)");
      expect(error.message).toContain(`${h.emulator.url}/`);
      expect(error.message).not.toContain("deleted outside Pulumi");
    }
  });
});

/** A server that answers every request with the given status, headers and body, recording what it got. */
async function cannedServer(answer: { status: number; headers: Record<string, string>; body: string }) {
  const seen: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    req.resume();
    req.on("end", () => res.writeHead(answer.status, answer.headers).end(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("errors keep the response", () => {
  const KEY = "canned-secret-key-0123456789abcdef";
  const config = (url: string, settings: Record<string, string> = {}) =>
    resolveConfig({ baseUrl: url, apiKey: KEY, username: "admin", maxRetries: "0", ...settings }, {});

  it("keeps status, headers (credentials redacted) and a bounded body excerpt scrubbed of secrets", async () => {
    const body = JSON.stringify({
      schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"],
      status: "400",
      detail: `bad request made with ${KEY}`,
      token: "session-token-value",
      trace: "x".repeat(5_000),
    });
    const server = await cannedServer({
      status: 400,
      headers: { "content-type": "application/scim+json", "x-request-id": "req-7f3a", "set-cookie": "session=abcdef0123456789" },
      body,
    });
    try {
      const error = await catchError(new ScimClient(config(server.url)).listUsers());
      expect(error.response).toBeDefined();
      expect(error.response!.status).toBe(400);
      expect(error.response!.headers["x-request-id"]).toBe("req-7f3a");
      expect(error.response!.headers["set-cookie"]).toBe("[REDACTED]");
      expect(error.response!.body.length).toBeLessThanOrEqual(BODY_EXCERPT_CHARS + 40);
      expect(error.response!.body).toMatch(/^\{"schemas"/);
      expect(error.response!.body).toContain('"token":"[REDACTED]"');
      expect(error.response!.body).toMatch(/more characters\)$/);
      for (const text of [JSON.stringify(error), inspect(error, { depth: 10 }), error.message]) {
        expect(text).not.toContain(KEY);
        expect(text).not.toContain("session-token-value");
        expect(text).not.toContain("abcdef0123456789");
      }
      expect(JSON.stringify(error)).toContain("req-7f3a");
    } finally {
      await server.close();
    }
  });

  it("says to check wandb:baseUrl and wandb:scimPath on a 405 from a collection, and sends Bearer when asked", async () => {
    const server = await cannedServer({ status: 405, headers: { allow: "GET" }, body: "" });
    try {
      const scim = new ScimClient(config(server.url, { scimPath: "/", authScheme: "bearer" }));
      const error = await catchError(scim.createTeam({ name: "t", memberIds: [] }));
      expect(error.status).toBe(405);
      expect(error.message).toContain(`no SCIM API at ${server.url}/Groups`);
      expect(error.message).toContain("wandb:scimPath");
      expect(error.response?.headers["allow"]).toBe("GET");
      expect(server.seen.map((r) => [r.method, r.url])).toEqual([["POST", "/Groups"]]);
      expect(server.seen[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    } finally {
      await server.close();
    }
  });

  it("names the missing Roles collection, not the whole API, on a server that serves no roles (other RFC 7644 servers)", async () => {
    const server = await cannedServer({ status: 404, headers: {}, body: "" });
    try {
      const scim = new ScimClient(config(server.url, { scimPath: "/scim/v2" }));
      const error = await catchError(scim.listRoles());
      expect(error.status).toBe(404);
      expect(error.message).toContain(`The server has no Roles collection at ${server.url}/scim/v2/Roles`);
      expect(error.message).toContain("Users and teams work without it");
      expect(error.message).not.toContain("no SCIM API");
    } finally {
      await server.close();
    }
  });
});
