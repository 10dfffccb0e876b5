import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeAllPools, KeyHeldError, WandbApiError, type ScimClient, type ScimUser } from "../../service";
import { unique } from "../support/names";
import { DIALECTS, startHarness, type Harness } from "../support/client";

afterAll(() => closeAllPools());

const SLOW_MS = 1_600;
/** Lets answers still delayed by the emulator finish before the next test counts requests. */
const settle = () => new Promise((resolve) => setTimeout(resolve, SLOW_MS));

describe.each(DIALECTS)("faults against the %s dialect", (dialect) => {
  let h: Harness;
  let scim: ScimClient;

  beforeAll(async () => {
    h = await startHarness(dialect);
    scim = h.scim();
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.clearFaults();
    await h.resetLog();
    h.events.length = 0;
  });

  const newUser = () => {
    const name = unique("user");
    return { userName: name, email: `${name}@example.com` };
  };
  /** What a create whose outcome was unknown reports: the object it found holding the natural key. */
  const heldKey = async <T extends { id: string }>(create: Promise<T>) => {
    const error = await create.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(error instanceof KeyHeldError)) throw new Error(`expected a KeyHeldError, got ${String(error)}`);
    return error as KeyHeldError<T>;
  };
  const gapsMs = (requests: { at: string }[]) =>
    requests.slice(1).map((r, i) => Date.parse(r.at) - Date.parse(requests[i]!.at));

  it("waits as long as Retry-After says on 429, then succeeds", async () => {
    const user = await scim.createUser(newUser());
    await h.resetLog();
    await h.faults({ failNext: [{ status: 429, retryAfter: 1, method: "GET", pathPrefix: "/scim/Users" }] });

    const started = Date.now();
    expect((await scim.getUser(user.id)).status).toBe("found");
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);

    const { requests } = await h.requestLog();
    expect(requests.map((r) => r.status)).toEqual([429, 200]);
    expect(gapsMs(requests)[0]).toBeGreaterThanOrEqual(950);
    expect(h.events).toContainEqual(expect.objectContaining({ type: "retry", delayMs: 1000, reason: "status 429" }));
  });

  it("repeats a POST rejected with 503 + Retry-After (not applied) and creates one user", async () => {
    await h.faults({ failNext: [{ status: 503, retryAfter: 1, method: "POST", pathPrefix: "/scim/Users" }] });
    const input = newUser();
    const created = await scim.createUser(input);
    const { requests } = await h.requestLog();
    expect(requests.filter((r) => r.method === "POST").map((r) => r.status)).toEqual([503, 201]);
    expect(gapsMs(requests)[0]).toBeGreaterThanOrEqual(950);
    expect((await scim.listUsers()).filter((u) => u.userName === input.userName).map((u) => u.id)).toEqual([created.id]);
  });

  it("survives 500s on reads and reports them once the retries are used up", async () => {
    const user = await scim.createUser(newUser());
    await h.resetLog();
    await h.faults({ failNext: [{ status: 500, method: "GET", count: 2 }] });
    expect((await scim.getUser(user.id)).status).toBe("found");
    expect((await h.requestLog()).requests.map((r) => r.status)).toEqual([500, 500, 200]);

    await h.faults({ failNext: [{ status: 500, method: "GET", count: 10 }] });
    const error = (await scim.getUser(user.id).catch((e: unknown) => e)) as WandbApiError;
    expect(error).toBeInstanceOf(WandbApiError);
    expect(error).toMatchObject({ status: 500, attempts: 4 });
    expect(error.message).toContain("after 4 attempts");
  });

  it("reports persistent 429 with advice to lower wandb:maxConcurrency", async () => {
    await h.faults({ failNext: [{ status: 429, method: "GET", count: 10 }] });
    const error = (await scim.listUsers().catch((e: unknown) => e)) as WandbApiError;
    expect(error).toMatchObject({ status: 429, attempts: 4 });
    expect(error.message).toContain("wandb:maxConcurrency");
  });

  it("survives random 429/500/503 answers", async () => {
    const user = await scim.createUser(newUser());
    const tolerant = h.scim({ retry: { limit: 8 } });
    await h.faults({ errorRates: { "429": 0.15, "500": 0.15, "503": 0.15 }, seed: 7 });
    for (let i = 0; i < 20; i++) expect((await tolerant.getUser(user.id)).status).toBe("found");
    const { counters } = await h.requestLog();
    expect(counters.total).toBeGreaterThan(20);
  });

  it("a 500 on POST is reconciled by userName before posting again", async () => {
    await h.faults({ failNext: [{ status: 500, method: "POST", pathPrefix: "/scim/Users" }] });
    const input = newUser();
    const created = await scim.createUser(input);
    expect(created.userName).toBe(input.userName);
    expect((await scim.listUsers()).filter((u) => u.userName === input.userName)).toHaveLength(1);
    expect(h.events).toContainEqual(expect.objectContaining({ type: "reconcile", resource: "user", naturalKey: input.userName }));
    // The second POST waited the policy's backoff (FAST_RETRY: at most 20 ms before the first retry).
    const repost = h.events.find((e) => e.type === "retry" && e.method === "POST");
    expect(repost).toMatchObject({ path: "/scim/Users", attempt: 1, reason: `outcome unknown, no user ${JSON.stringify(input.userName)} found` });
    expect(repost).toHaveProperty("delayMs", expect.any(Number));
    const posts = (await h.requestLog()).requests.filter((r) => r.method === "POST");
    expect(posts.map((r) => r.status)).toEqual([500, 201]);
  });

  it("a reconcile lookup answered 429 with Retry-After waits and retries through the policy; one user results", async () => {
    // The POST is applied and its answer lost; the lookup that follows is throttled once.
    await h.faults({
      dropNext: [{ method: "POST", pathPrefix: "/scim/Users" }],
      failNext: [{ status: 429, retryAfter: 1, method: "GET", pathPrefix: "/scim/Users" }],
    });
    const input = newUser();
    const started = Date.now();
    const held = await heldKey(scim.createUser(input));
    expect(held.holder).toMatchObject(input);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);

    const { requests } = await h.requestLog();
    expect(requests.map((r) => [r.method, r.status])).toEqual([
      ["POST", 0],
      ["GET", 429],
      ["GET", 200],
    ]);
    expect(gapsMs(requests)[1]).toBeGreaterThanOrEqual(950);
    expect(h.events).toContainEqual(expect.objectContaining({ type: "retry", method: "GET", delayMs: 1000, reason: "status 429" }));
    expect(h.events).toContainEqual(expect.objectContaining({ type: "reconcile", naturalKey: input.userName, found: true }));
    const state = (await h.state()) as { users: { userName: string }[] };
    expect(state.users.filter((u) => u.userName === input.userName)).toHaveLength(1);
  });

  it("a reconcile lookup throttled past its own retries is looked up again by the create, never skipped: one user, no orphan", async () => {
    // The POST lands and its answer is lost; the lookup's first request and its 3 retries are all throttled.
    await h.faults({
      dropNext: [{ method: "POST", pathPrefix: "/scim/Users" }],
      failNext: [{ status: 429, method: "GET", pathPrefix: "/scim/Users", count: 5 }],
    });
    const input = newUser();
    const held = await heldKey(scim.createUser(input));
    expect(held.holder).toMatchObject(input);
    const { requests } = await h.requestLog();
    expect(requests.map((r) => [r.method, r.status])).toEqual([["POST", 0], ...Array.from({ length: 5 }, () => ["GET", 429]), ["GET", 200]]);
    expect(h.events).toContainEqual(
      expect.objectContaining({ type: "retry", method: "POST", reason: `outcome unknown, the lookup of user ${JSON.stringify(input.userName)} failed` }),
    );
    expect(h.events).toContainEqual(expect.objectContaining({ type: "reconcile", naturalKey: input.userName, found: true }));
    const state = (await h.state()) as { users: { userName: string }[] };
    expect(state.users.filter((u) => u.userName === input.userName)).toHaveLength(1);
  });

  it("a reconcile lookup that keeps failing ends the create with its own error once the policy is spent, never with a blind re-POST", async () => {
    await h.faults({
      dropNext: [{ method: "POST", pathPrefix: "/scim/Users" }],
      failNext: [{ status: 500, method: "GET", pathPrefix: "/scim/Users", count: 100 }],
    });
    const error = (await scim.createUser(newUser()).catch((e: unknown) => e)) as WandbApiError;
    expect(error).toBeInstanceOf(WandbApiError);
    expect(error).toMatchObject({ method: "GET", status: 500, attempts: 4 });
    const { requests } = await h.requestLog();
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(1);
    // The create's loop (limit 3) looked up 4 times, each lookup with its own 4 attempts.
    expect(requests.filter((r) => r.method === "GET")).toHaveLength(16);
  });

  it("a lookup refused for good (403) ends the create at once", async () => {
    await h.faults({ dropNext: [{ method: "POST", pathPrefix: "/scim/Users" }] });
    const member = h.scim({ key: h.emulator.member.apiKey, username: h.emulator.member.username });
    const error = (await member.createUser(newUser()).catch((e: unknown) => e)) as WandbApiError;
    expect(error).toMatchObject({ method: "GET", status: 403 });
    expect((await h.requestLog()).requests.map((r) => [r.method, r.status])).toEqual([["POST", 0], ["GET", 403]]);
  });

  it("after an unknown outcome, the object holding the natural key is reported, never returned as made: the caller judges whose it is", async () => {
    const input = newUser();
    // Someone made a user with the same userName and email, but another display name.
    const theirs = await scim.createUser({ ...input, displayName: "Theirs" });
    await h.resetLog();
    await h.faults({ failNext: [{ status: 500, method: "POST", pathPrefix: "/scim/Users" }] });
    const held = await heldKey(scim.createUser({ ...input, displayName: "Ours" }));
    expect(held).toMatchObject({ kind: "user", naturalKey: input.userName, holder: { id: theirs.id, displayName: "Theirs" }, failure: { status: 500 } });
    expect(held.message).toContain(`user ${JSON.stringify(input.userName)} (id ${theirs.id})`);
    expect(h.events).toContainEqual(expect.objectContaining({ type: "reconcile", naturalKey: input.userName, found: true }));
    // Nothing posted again, nothing written to theirs.
    expect((await h.requestLog()).requests.filter((r) => r.method !== "GET").map((r) => r.status)).toEqual([500]);
    expect(await scim.findUserByUserName(input.userName)).toMatchObject({ id: theirs.id, displayName: "Theirs" });
  });

  it("the create reconcile finds the user when the service spells the userName in another case", async () => {
    const input = newUser();
    const existing = await scim.createUser(input);
    await h.resetLog();
    // The first POST fails with an outcome the client cannot know; the lookup finds the user in the service's spelling.
    await h.faults({ failNext: [{ status: 500, method: "POST", pathPrefix: "/scim/Users" }] });
    const held = await heldKey(scim.createUser({ ...input, userName: input.userName.toUpperCase() }));
    expect(held.holder.id).toBe(existing.id);
    expect(h.events).toContainEqual(expect.objectContaining({ type: "reconcile", naturalKey: input.userName.toUpperCase(), found: true }));
    expect((await h.requestLog()).requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });

  it("a dropped POST /scim/Users leaves exactly one user", async () => {
    await h.faults({ dropNext: [{ method: "POST", pathPrefix: "/scim/Users" }] });
    const input = newUser();
    const held = await heldKey(scim.createUser(input));
    expect(held.holder).toMatchObject(input);

    const posts = (await h.requestLog()).requests.filter((r) => r.method === "POST");
    expect(posts.map((r) => r.status)).toEqual([0]);
    expect(h.events).toContainEqual(expect.objectContaining({ type: "reconcile", found: true }));
    const state = (await h.state()) as { users: { userName: string }[] };
    expect(state.users.filter((u) => u.userName === input.userName)).toHaveLength(1);
    expect((await scim.listUsers()).filter((u) => u.userName === input.userName)).toHaveLength(1);
  });

  it("dropped POSTs of teams and roles leave exactly one of each", async () => {
    const teamName = unique("team");
    const roleName = unique("role");
    await h.faults({
      dropNext: [
        { method: "POST", pathPrefix: "/scim/Groups" },
        { method: "POST", pathPrefix: "/scim/Roles" },
      ],
    });
    const team = (await heldKey(scim.createTeam({ name: teamName, memberIds: [] }))).holder;
    const role = (await heldKey(scim.createRole({ name: roleName, description: "", inheritedFrom: "viewer", permissions: [] }))).holder;
    expect((await scim.listTeams()).filter((t) => t.name === teamName).map((t) => t.id)).toEqual([team.id]);
    expect((await scim.listRoles()).filter((r) => r.name === roleName).map((r) => r.id)).toEqual([role.id]);
    expect((await h.requestLog()).counters.byMethod["POST"]).toBe(2);
  });

  it("retries a dropped read", async () => {
    const user = await scim.createUser(newUser());
    await h.resetLog();
    await h.faults({ dropNext: [{ method: "GET", pathPrefix: "/scim/Users" }] });
    expect((await scim.getUser(user.id)).status).toBe("found");
    expect((await h.requestLog()).requests.map((r) => r.status)).toEqual([0, 200]);
  });

  it("never repeats a dropped PATCH: reports the outcome as unknown", async () => {
    const user = await scim.createUser(newUser());
    await h.resetLog();
    await h.faults({ dropNext: [{ method: "PATCH" }] });
    const error = (await scim
      .patchUser(user.id, [{ op: "replace", path: "displayName", value: "X" }])
      .catch((e: unknown) => e)) as WandbApiError;
    expect(error).toBeInstanceOf(WandbApiError);
    expect(error).toMatchObject({ status: 0, outcomeUnknown: true, attempts: 1 });
    expect(error.message).toContain("may or may not have been applied.");
    // What to do next in Pulumi is the provider's to say (test/kit/errors.test.ts).
    expect(error.message).not.toContain("pulumi");
    expect((await h.requestLog()).counters.byMethod["PATCH"]).toBe(1);
  });

  it("does not retry 4xx answers", async () => {
    const missing = await scim
      .patchUser("no-such-user", [{ op: "replace", path: "displayName", value: "X" }])
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404 });
    const bad = await h
      .scim()
      .patchRole("no-such-role", [{ op: "add", path: "permissions", value: [{ name: "run:delete" }] }])
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(WandbApiError);
    const denied = await h.scim({ key: h.emulator.member.apiKey, username: h.emulator.member.username }).listUsers().catch((e: unknown) => e);
    expect(denied).toMatchObject({ status: 403 });
    expect((await h.requestLog()).counters.total).toBe(3);
  });

  it("gives up on answers slower than the timeout, after retrying reads", async () => {
    const user = await scim.createUser(newUser());
    await h.resetLog();
    // undici checks header timeouts on a coarse (~0.5 s) clock, hence the wide margin.
    await h.faults({ latency: { fixedMs: SLOW_MS, jitterMs: 0 } });
    const impatient = h.scim({ timeoutMs: 200, retry: { limit: 1 } });
    const started = Date.now();
    const error = (await impatient.getUser(user.id).catch((e: unknown) => e)) as WandbApiError;
    expect(error).toBeInstanceOf(WandbApiError);
    expect(error).toMatchObject({ status: 0, code: "UND_ERR_HEADERS_TIMEOUT", attempts: 2 });
    expect(error.message).toContain("wandb:timeoutSeconds");
    expect(Date.now() - started).toBeLessThan(2 * SLOW_MS);
    await settle();
    const { requests } = await h.requestLog();
    expect(requests.filter((r) => r.route.startsWith("/scim/Users"))).toHaveLength(2);
  });

  it("a POST that times out is reconciled, not duplicated", async () => {
    await h.faults({ latency: { fixedMs: SLOW_MS, jitterMs: 0 } });
    const impatient = h.scim({ timeoutMs: 200 });
    const input = newUser();
    const pending = impatient.createUser(input);
    // Lookups after the timeout must be answered in time again.
    setTimeout(() => void h.clearFaults(), SLOW_MS - 400);
    // Found by its lookup (reported as holding the key), or posted again once the lookup found nothing.
    const created = await pending.catch((error: unknown) => {
      if (error instanceof KeyHeldError) return error.holder as ScimUser;
      throw error;
    });
    expect(created.userName).toBe(input.userName);
    await settle();
    expect((await scim.listUsers()).filter((u) => u.userName === input.userName)).toHaveLength(1);
    expect(h.events).toContainEqual(expect.objectContaining({ type: "reconcile", resource: "user" }));
  });

  it("never has more requests in flight than maxConcurrency, across clients", async () => {
    const user = await scim.createUser(newUser());
    await h.resetLog();
    await h.faults({ latency: { fixedMs: 40, jitterMs: 20 } });
    const first = h.scim({ maxConcurrency: 4 });
    const second = h.scim({ maxConcurrency: 4 });
    const reads = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? first : second).getUser(user.id));
    const results = await Promise.all(reads);
    expect(results.every((r) => r.status === "found")).toBe(true);
    const log = await h.requestLog();
    expect(log.counters.total).toBe(40);
    expect(log.maxInFlight).toBeLessThanOrEqual(4);
    expect(log.maxInFlight).toBeGreaterThanOrEqual(2);
  });

  it("backs off from the service's concurrency limit until everything is through", async () => {
    const user = await scim.createUser(newUser());
    await h.faults({ latency: { fixedMs: 30, jitterMs: 10 }, concurrencyLimit: 2 });
    const eager = h.scim({ maxConcurrency: 6, retry: { limit: 10 } });
    const results = await Promise.all(Array.from({ length: 12 }, () => eager.getUser(user.id)));
    expect(results.every((r) => r.status === "found")).toBe(true);
    const { requests } = await h.requestLog();
    expect(requests.some((r) => r.status === 429)).toBe(true);
  });
});
