// CustomRole against a real emulator over HTTP, as the engine calls it, in both wire dialects and
// under both readings of PUT /Roles (replaces the permissions, or keeps them).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { ResourceInitError } from "../../../provider/kit/errors";
import { STATE_VERSION_KEY } from "../../../provider/kit/state";
import { customRole, type CustomRoleInputs, type CustomRoleOutputs } from "../../../provider/resources/custom-role";
import { adminRequest, clearFaults, emulatorApi, readLog, resetLog, setFaults } from "../../../scripts/emulator-api";
import { checkedInputs, dynamicProviderWith, nextOperation, operationFor, type Proxy, stackConfigFor, startProxy } from "../../support/provider";
import type { Operation } from "../../../provider/operation";

/** The engine operation this file's calls are served in, built by each test's setup. */
let operation: Operation;

type Dialect = "wandb" | "rfc";
const ROLE_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Role";
const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

const cases = (["wandb", "rfc"] as Dialect[]).flatMap((dialect) => [true, false].map((putReplaces) => ({ dialect, putReplaces })));

describe.each(cases)("CustomRole, $dialect dialect, rolePutReplacesPermissions: $putReplaces", ({ dialect, putReplaces }) => {
  let emu: RunningEmulator;
  let counter = 0;

  const call = (method: string, path: string, body?: unknown) => adminRequest(emu, method, path, body);
  const log = () => readLog(emu);
  const clearLog = () => resetLog(emu);
  const liveRole = async (id: string) => {
    const { body } = await call("GET", `/scim/Roles/${id}`);
    const permissions = (body.permissions as { name: string; isInherited: boolean }[]).filter((p) => !p.isInherited).map((p) => p.name);
    return { name: body.name as string, description: body.description as string, inheritedFrom: body.inheritedFrom as string, permissions: permissions.sort() };
  };
  const patchRole = async (id: string, ...Operations: unknown[]) => {
    const answer = await call("PATCH", `/scim/Roles/${id}`, { schemas: [PATCH_SCHEMA], Operations });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  };
  const uniqueName = (base: string) => `${base} ${dialect} ${putReplaces} ${++counter}`;
  const checked = (news: Record<string, unknown>) => checkedInputs<CustomRoleInputs>(operation, customRole, news);

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, dialect, rolePutReplacesPermissions: putReplaces });
  });
  afterAll(async () => {
    await emu.close();
  });
  beforeEach(async () => {
    operation = operationFor(emu, { maxRetries: "1" });
    await clearFaults(emu);
    await clearLog();
  });

  it("check fails on the exact property and sends nothing", async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ inheritedFrom: "member", permissions: [] }, "name"],
      [{ name: "  ", inheritedFrom: "member", permissions: [] }, "name"],
      [{ name: "r", inheritedFrom: "admin", permissions: [] }, "inheritedFrom"],
      [{ name: "r", permissions: [] }, "inheritedFrom"],
      [{ name: "r", inheritedFrom: "member", permissions: ["Run:Stop"] }, "permissions[0]"],
      [{ name: "r", inheritedFrom: "member", permissions: ["run:stop", "stop"] }, "permissions[1]"],
      [{ name: "r", inheritedFrom: "member" }, "permissions"],
      [{ name: "r", inheritedFrom: "member", permissions: [], adoptExisting: "yes" }, "adoptExisting"],
      [{ name: "r", inheritedFrom: "member", permissions: [], colour: "red" }, "colour"],
    ];
    for (const [news, property] of bad) {
      const result = await customRole.check(operation, {}, news);
      expect(result.failures?.map((f) => f.property), JSON.stringify(news)).toEqual([property]);
    }
    const good = await customRole.check(operation, {}, { name: " Ops ", inheritedFrom: "Member", permissions: ["run:stop", "project:update", "run:stop"] });
    expect(good.inputs).toMatchObject({ name: "Ops", description: "", inheritedFrom: "member", permissions: ["project:update", "run:stop"], adoptExisting: false });
    expect((await log()).counters.total).toBe(0);
  });

  it("create; permissions the base role already grants cause no perpetual diff", async () => {
    const inputs = await checked({ name: uniqueName("Operator"), inheritedFrom: "member", permissions: ["run:read", "run:stop", "run:delete", "project:update"] });
    const { id, outs } = await customRole.create(operation, inputs);
    // run:read and run:stop come from member: only the rest is the role's own.
    expect(outs.permissions).toEqual(["project:update", "run:delete"]);
    expect(outs.inheritedPermissions).toEqual(expect.arrayContaining(["run:read", "run:stop"]));
    expect(await liveRole(id)).toMatchObject({ inheritedFrom: "member", permissions: ["project:update", "run:delete"] });
    await clearLog();
    expect(await customRole.diff(operation, id, outs, inputs)).toEqual({ changes: false });
    // Order, duplicates and the base role's case do not matter either.
    const reordered = await checked({ name: inputs.name, inheritedFrom: "MEMBER", permissions: ["run:delete", "project:update", "run:read", "run:delete"] });
    expect(await customRole.diff(operation, id, outs, reordered)).toEqual({ changes: false });
    // An update with nothing to change sends no write.
    const { outs: same } = await customRole.update(operation, id, outs, inputs);
    expect(same.permissions).toEqual(["project:update", "run:delete"]);
    expect((await log()).counters.writes).toBe(0);
  });

  it("diff is exact: custom names are case-sensitive, a real permission change shows", async () => {
    const inputs = await checked({ name: uniqueName("Case"), inheritedFrom: "viewer", permissions: ["run:stop"] });
    const { id, outs } = await customRole.create(operation, inputs);
    await clearLog();
    expect(await customRole.diff(operation, id, outs, { ...inputs, name: inputs.name.toUpperCase() })).toEqual({ changes: true, detailedDiff: { name: "update" } });
    expect(await customRole.diff(operation, id, outs, { ...inputs, description: "new" })).toEqual({ changes: true, detailedDiff: { description: "update" } });
    expect(await customRole.diff(operation, id, outs, { ...inputs, permissions: ["run:delete", "run:stop"] })).toEqual({ changes: true, detailedDiff: { "permissions[0]": "add" } });
    expect(await customRole.diff(operation, id, outs, { ...inputs, inheritedFrom: "member" })).toEqual({ changes: true, detailedDiff: { inheritedFrom: "update" } });
    expect((await log()).counters.total).toBe(0);
  });

  it("update converges name, description, base and permissions under this reading of PUT", async () => {
    const first = await checked({ name: uniqueName("Evolving"), description: "one", inheritedFrom: "viewer", permissions: ["run:stop", "run:delete"] });
    const { id, outs } = await customRole.create(operation, first);
    const second = await checked({ name: uniqueName("Evolved"), description: "two", inheritedFrom: "viewer", permissions: ["run:delete", "project:update"] });
    const { outs: updated } = await customRole.update(operation, id, outs, second);
    expect(await liveRole(id)).toEqual({ name: second.name, description: "two", inheritedFrom: "viewer", permissions: ["project:update", "run:delete"] });
    expect(updated).toMatchObject({ name: second.name, description: "two", permissions: ["project:update", "run:delete"] });
    expect(await customRole.diff(operation, id, updated, second)).toEqual({ changes: false });

    // viewer → member: run:stop becomes inherited; member → viewer: it must become the role's own again.
    const third = await checked({ name: second.name, description: "two", inheritedFrom: "member", permissions: ["run:stop", "run:delete"] });
    const { outs: promoted } = await customRole.update(operation, id, updated, third);
    expect(await liveRole(id)).toMatchObject({ inheritedFrom: "member", permissions: ["run:delete"] });
    expect(await customRole.diff(operation, id, promoted, third)).toEqual({ changes: false });
    const fourth = await checked({ name: second.name, description: "two", inheritedFrom: "viewer", permissions: ["run:stop", "run:delete"] });
    const { outs: demoted } = await customRole.update(operation, id, promoted, fourth);
    expect(await liveRole(id)).toMatchObject({ inheritedFrom: "viewer", permissions: ["run:delete", "run:stop"] });
    expect(await customRole.diff(operation, id, demoted, fourth)).toEqual({ changes: false });
    expect((await customRole.read(operation, id, demoted)).props).toEqual(demoted);
  });

  it("read: one listing of /Roles per operation; unchanged keeps the state, drift becomes the inputs, a deleted role is gone, the id alone is enough", async () => {
    const inputs = await checked({ name: uniqueName("Read"), inheritedFrom: "member", permissions: ["run:delete"] });
    const { id, outs } = await customRole.create(operation, inputs);
    const other = await customRole.create(operation, await checked({ name: uniqueName("Read other"), inheritedFrom: "viewer", permissions: ["run:stop"] }));
    operation = nextOperation(operation);
    await clearLog();
    expect(await customRole.read(operation, id, outs)).toEqual({ id, props: outs });
    expect(await customRole.read(operation, other.id, other.outs)).toEqual({ id: other.id, props: other.outs });
    const routes = async () => (await log()).requests.map((r) => `${r.method} ${r.route} ${r.status}`);
    expect(await routes()).toEqual(["GET /scim/Roles 200"]);

    await patchRole(id, { op: "add", path: "permissions", value: [{ name: "project:delete" }] });
    operation = nextOperation(operation);
    const drift = await customRole.read(operation, id, outs);
    expect(drift.inputs).toEqual({ ...inputs, permissions: ["project:delete", "run:delete"] });
    // The permission added out of band leaves, by its index in the state.
    expect(await customRole.diff(operation, id, drift.props!, inputs)).toEqual({ changes: true, detailedDiff: { "permissions[0]": "delete" } });
    // W&B's list items carry no ETag: none is recorded, so the next write reads the role first. An RFC server's carry it.
    expect(drift.props?.etag).toBe(dialect === "rfc" ? (await call("GET", `/scim/Roles/${id}`)).etag : "");

    const fromId = await customRole.read(operation, id, {} as CustomRoleOutputs);
    expect(fromId.props).toMatchObject({ name: inputs.name, inheritedFrom: "member", permissions: ["project:delete", "run:delete"], adoptExisting: false });

    await call("DELETE", `/scim/Roles/${id}`);
    operation = nextOperation(operation);
    await clearLog();
    expect(await customRole.read(operation, id, outs)).toEqual({});
    // The listing does not show it: a direct read confirms it is gone.
    expect(await routes()).toEqual(["GET /scim/Roles 200", "GET /scim/Roles/:id 404"]);
  });

  it("update: an ETag moved without an owned change is retried; an owned change fails naming it", async () => {
    const inputs = await checked({ name: uniqueName("Guarded"), description: "d", inheritedFrom: "member", permissions: ["run:delete"] });
    const { id, outs } = await customRole.create(operation, inputs);
    // Granting a permission the base role already grants moves the ETag but changes nothing we own.
    await patchRole(id, { op: "add", path: "permissions", value: [{ name: "run:read" }] });
    await clearLog();
    const wanted = await checked({ ...inputs, permissions: ["run:delete", "project:update"] });
    const { outs: updated } = await customRole.update(operation, id, outs, wanted);
    expect(updated.permissions).toEqual(["project:update", "run:delete"]);
    expect((await log()).requests.filter((r) => r.method === "PATCH").map((r) => r.status)).toEqual([412, dialect === "rfc" ? 204 : 200]);

    const live = await liveRole(id);
    const put = await call("PUT", `/scim/Roles/${id}`, {
      schemas: [ROLE_SCHEMA],
      name: live.name,
      description: "changed in the web app",
      inheritedFrom: "member",
      permissions: live.permissions.map((name) => ({ name })),
    });
    expect(put.status).toBe(200);
    const failure = customRole.update(operation, id, updated, await checked({ ...wanted, name: `${inputs.name} renamed` }));
    await expect(failure).rejects.toThrow(/changed outside Pulumi \(description\).*pulumi refresh/);
    expect(await liveRole(id)).toMatchObject({ name: inputs.name, description: "changed in the web app" });
  });

  it("update with no ETag in state (the service sends it with GET only) reads first and never writes blindly", async () => {
    const inputs = await checked({ name: uniqueName("No etag"), description: "d", inheritedFrom: "member", permissions: ["run:delete"] });
    const { id, outs } = await customRole.create(operation, inputs);
    await call("PUT", `/scim/Roles/${id}`, { schemas: [ROLE_SCHEMA], ...(await liveRole(id)), description: "changed in the web app", permissions: [{ name: "run:delete" }] });
    await clearLog();
    const withoutEtag = { ...outs, etag: "" };
    const failure = customRole.update(operation, id, withoutEtag, await checked({ ...inputs, permissions: ["run:delete", "project:update"] }));
    await expect(failure).rejects.toThrow(/changed outside Pulumi \(description\)/);
    const requests = (await log()).requests;
    expect(requests.map((r) => r.method)).toEqual(["GET"]);

    // After a refresh the state holds the live description (still no ETag): the write then goes through.
    const refreshed = { ...withoutEtag, description: "changed in the web app" };
    const { outs: updated } = await customRole.update(operation, id, refreshed, await checked({ ...inputs, description: "changed in the web app", permissions: ["run:delete", "project:update"] }));
    expect(updated.permissions).toEqual(["project:update", "run:delete"]);
    expect((await log()).requests.filter((r) => r.method === "PATCH").every((r) => r.status < 300)).toBe(true);
  });

  it("adoption: adoptExisting takes the role over and converges it; without it the 409 says what to do", async () => {
    const name = uniqueName("Existing");
    const made = await call("POST", "/scim/Roles", {
      schemas: [ROLE_SCHEMA],
      name,
      description: "made by hand",
      inheritedFrom: "viewer",
      permissions: [{ name: "run:stop" }],
    });
    expect(made.status).toBe(201);
    await expect(customRole.create(operation, await checked({ name, inheritedFrom: "member", permissions: ["run:delete"] }))).rejects.toThrow(/HTTP 409.*adoptExisting: true/);

    const inputs = await checked({ name, description: "managed", inheritedFrom: "member", permissions: ["run:delete"], adoptExisting: true });
    const { id, outs } = await customRole.create(operation, inputs);
    expect(id).toBe(made.body.id);
    expect(await liveRole(id)).toEqual({ name, description: "managed", inheritedFrom: "member", permissions: ["run:delete"] });
    expect(outs).toMatchObject({ adoptExisting: true, permissions: ["run:delete"] });
    expect(outs.etag).not.toBe("");
    expect(await customRole.diff(operation, id, outs, inputs)).toEqual({ changes: false });
  });

  it("adoptExisting with no such role creates it", async () => {
    const inputs = await checked({ name: uniqueName("Fresh"), inheritedFrom: "viewer", permissions: [], adoptExisting: true });
    const { id, outs } = await customRole.create(operation, inputs);
    expect(await liveRole(id)).toMatchObject({ name: inputs.name, permissions: [] });
    expect(outs.adoptExisting).toBe(true);
  });

  it("create: an unknown permission fails before anything exists", async () => {
    const inputs = await checked({ name: uniqueName("Unknown"), inheritedFrom: "member", permissions: ["run:teleport"] });
    await expect(customRole.create(operation, inputs)).rejects.toThrow(/HTTP 400.*run:teleport/);
    await expect(customRole.create(operation, inputs)).rejects.not.toBeInstanceOf(ResourceInitError);
  });

  it("adoption: a failed write fails the create and leaves the existing role untouched", async () => {
    const name = uniqueName("Half made");
    const existing = await call("POST", "/scim/Roles", { schemas: [ROLE_SCHEMA], name, description: "", inheritedFrom: "member", permissions: [] });
    // Adoption: the PUT is not retried after a 503 (conditional writes are not repeated).
    await setFaults(emu, { failNext: [{ status: 503, method: "PUT", pathPrefix: "/scim/Roles", count: 5 }] });
    const inputs = await checked({ name, description: "new", inheritedFrom: "member", permissions: [], adoptExisting: true });
    const error = await customRole.create(operation, inputs).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/503/);
    expect(existing.status).toBe(201);
    expect(await liveRole(existing.body.id)).toMatchObject({ name, description: "" });
  });

  it("delete; a role already gone is success", async () => {
    const { id, outs } = await customRole.create(operation, await checked({ name: uniqueName("Doomed"), inheritedFrom: "viewer", permissions: ["run:stop"] }));
    await customRole.delete(operation, id, outs);
    expect((await call("GET", `/scim/Roles/${id}`)).status).toBe(404);
    await customRole.delete(operation, id, outs);
  });
});

/**
 * A service whose POST /Roles ignores `permissions` (a proxy in front of the emulator that drops
 * them): create must then set them with PATCH, and a failure there leaves a recorded, half-made role.
 */
describe.each<Dialect>(["wandb", "rfc"])("CustomRole when POST ignores permissions, %s dialect", (dialect) => {
  let emu: RunningEmulator;
  let proxy: Proxy;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, dialect });
    proxy = await startProxy(emu, ({ method, url, body }) => {
      if (method !== "POST" || !url.startsWith("/scim/Roles")) return undefined;
      const { permissions: _dropped, ...rest } = JSON.parse(body);
      return { body: JSON.stringify(rest) };
    });
  });
  afterAll(async () => {
    await proxy.close();
    await emu.close();
  });
  beforeEach(async () => {
    operation = operationFor(emu, { baseUrl: proxy.url, maxRetries: "1" });
    await clearFaults(emu);
  });

  it("create sets the permissions with PATCH", async () => {
    const inputs = (await customRole.check(operation, {}, { name: "Patched after post", inheritedFrom: "member", permissions: ["run:delete", "run:read"] })).inputs;
    const { outs } = await customRole.create(operation, inputs as CustomRoleInputs);
    expect(outs.permissions).toEqual(["run:delete"]);
    expect(await customRole.diff(operation, "", outs, inputs as CustomRoleInputs)).toEqual({ changes: false });
  });

  it("a failure after the POST is a ResourceInitError whose outputs still load the provider", async () => {
    const news = { name: "Half made", inheritedFrom: "member", permissions: ["run:delete"], __provider: "serialized-provider-shim" };
    const provider = await dynamicProviderWith(stackConfigFor(emu, { baseUrl: proxy.url, maxRetries: "1" }));
    // Checked as the dynamic provider checks them: the shim rides along in the inputs.
    const inputs = ((await provider.dispatch("CustomRole", "check", [{}, news])) as { inputs: CustomRoleInputs }).inputs;
    await setFaults(emu, { failNext: [{ status: 503, method: "PATCH", pathPrefix: "/scim/Roles", count: 5 }] });
    const error = await provider.dispatch("CustomRole", "create", [inputs]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceInitError);
    const init = error as ResourceInitError;
    const listed = (await emulatorApi(emu).scim("GET", "/Roles")) as { Resources: { id: string; name: string }[] };
    const made = listed.Resources.find((r) => r.name === "Half made");
    expect(init.id).toBe(made?.id);
    expect(init.message).toMatch(/created .*could not finish setting it up.*503/);
    // The engine gives these back to refresh and delete, which need the serialized provider.
    expect(init.properties).toMatchObject({
      name: "Half made",
      permissions: [],
      __provider: "serialized-provider-shim",
      [STATE_VERSION_KEY]: customRole.state.version,
    });
    // The next `up` finishes the work through update.
    await clearFaults(emu);
    const { outs } = await customRole.update(operation, init.id, customRole.state.parse(init.properties, init.id), inputs);
    expect(outs.permissions).toEqual(["run:delete"]);
  });
});
