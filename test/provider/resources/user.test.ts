import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { defaultSeed } from "../../../emulator/seed";
import { closeAllPools, CONFLICT_RETRY_POLICY, ScimClient, type PatchOperation, type ScimUser } from "../../../service";
import { ResourceInitError } from "../../../provider/kit/errors";
import { user as impl, type UserInputs, type UserOutputs } from "../../../provider/resources/user";
import { clearFaults, emulatorApi, heldUser, readLog, resetLog, setFaults } from "../../../scripts/emulator-api";
import { unique } from "../../support/names";
import { nextOperation, operationFor } from "../../support/provider";
import { rolesShownByDefault } from "../../support/wire";
import type { Operation } from "../../../provider/operation";
import { KINDS } from "../../../provider/kinds";

/** The engine operation this file's calls are served in, built by each test's setup. */
let operation: Operation;

type Dialect = "wandb" | "rfc";
type Deployment = "saas" | "dedicated" | "self-managed";
const DIALECTS: Dialect[] = ["wandb", "rfc"];

afterAll(() => closeAllPools());
afterEach(() => vi.restoreAllMocks());


/** An out-of-band SCIM call with the admin's bearer key, as another tool or a person would make it. */
const scim = (emu: RunningEmulator, method: string, path: string, body?: unknown): Promise<any> => emulatorApi(emu).scim(method, path, body);

const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const patchUserOutOfBand = (emu: RunningEmulator, id: string, ...operations: PatchOperation[]) =>
  scim(emu, "PATCH", `/Users/${id}`, { schemas: [PATCH_OP], Operations: operations });

async function makeTeam(emu: RunningEmulator, name = unique("team")): Promise<{ id: string; name: string }> {
  const team = await scim(emu, "POST", "/Groups", {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"],
    displayName: name,
    members: [],
  });
  return { id: team.id, name };
}

async function makeUserOutOfBand(emu: RunningEmulator, userName: string, email: string, teams: string[] = []): Promise<string> {
  const extension = "urn:ietf:params:scim:schemas:extension:teams:2.0:User";
  const user = await scim(emu, "POST", "/Users", {
    schemas: teams.length ? ["urn:ietf:params:scim:schemas:core:2.0:User", extension] : ["urn:ietf:params:scim:schemas:core:2.0:User"],
    userName,
    emails: [{ value: email, primary: true }],
    ...(teams.length ? { [extension]: { teams } } : {}),
  });
  return user.id;
}

/** A fresh admin client, independent of the provider's. */
function adminClient(emu: RunningEmulator): ScimClient {
  return new ScimClient(
    {
      baseUrl: emu.url,
      scimPath: emu.scimRoot,
      apiKey: { reveal: () => emu.admin.apiKey } as never,
      authScheme: "basic",
      username: emu.admin.username,
      auditLog: false,
      deployment: emu.deployment,
      inferenceUrl: emu.inferenceUrl,
      maxConcurrency: 4,
      maxRetries: 0,
      timeoutSeconds: 10,
    },
    { retry: { limit: 0 } },
  );
}

/** The user as GET shows it (ETag included). */
async function shown(emu: RunningEmulator, id: string) {
  const result = await adminClient(emu).getUser(id);
  if (result.status !== "found") throw new Error(`user ${id} is gone`);
  return result.user;
}

/** The user as the emulator holds it: as GET shows it, with the roles GET may leave out. */
async function live(emu: RunningEmulator, id: string) {
  const [user, held] = await Promise.all([shown(emu, id), heldUser(emu, id)]);
  const { organizationRole, teamRoles, registryRoles } = held as Pick<ScimUser, "organizationRole" | "teamRoles" | "registryRoles">;
  return { ...user, organizationRole, teamRoles, registryRoles };
}

async function checked(news: Record<string, unknown>, olds: Record<string, unknown> = {}): Promise<UserInputs> {
  const result = await impl.check(operation, olds, news);
  expect(result.failures ?? []).toEqual([]);
  return result.inputs as UserInputs;
}

async function create(news: Record<string, unknown>): Promise<{ id: string; outs: UserOutputs; inputs: UserInputs }> {
  const inputs = await checked(news);
  const { id, outs } = await impl.create(operation, inputs);
  return { id, outs, inputs };
}

function newUser(extra: Record<string, unknown> = {}) {
  const userName = unique("user");
  return { userName, email: `${userName}@example.com`, ...extra };
}

async function expectNoRequests(emu: RunningEmulator, run: () => Promise<unknown>): Promise<void> {
  await resetLog(emu);
  await run();
  const log = await readLog(emu);
  expect(log.counters.total).toBe(0);
}

const patchOpsSent = () => {
  const calls: PatchOperation[][] = [];
  const original = ScimClient.prototype.patchUser;
  vi.spyOn(ScimClient.prototype, "patchUser").mockImplementation(function (this: ScimClient, id, operations, options) {
    calls.push(operations);
    return original.call(this, id, operations, options);
  });
  return calls;
};

describe.each(DIALECTS)("User on dedicated (%s dialect)", (dialect) => {
  let emu: RunningEmulator;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, dialect, deployment: "dedicated" });
  });
  afterAll(() => emu.close());
  const setup = () => {
    operation = operationFor(emu);
  };

  describe("check", () => {
    it.each([
      [{ email: "a@example.com" }, "userName", "userName is required"],
      [{ userName: " ", email: "a@example.com" }, "userName", "must not be empty"],
      [{ userName: "a" }, "email", "email is required"],
      [{ userName: "a", email: "not-an-email" }, "email", "email address"],
      [{ userName: "a", email: "a@example.com", organizationRole: "owner" }, "organizationRole", '"admin" or "member"'],
      [{ userName: "a", email: "a@example.com", deletionPolicy: "remove" }, "deletionPolicy", '"delete" or "deactivate"'],
      [{ userName: "a", email: "a@example.com", teams: "team" }, "teams", "list of team names"],
      [{ userName: "a", email: "a@example.com", teams: ["ok", ""] }, "teams[1]", "must not be empty"],
      [{ userName: "a", email: "a@example.com", active: "yes" }, "active", "true or false"],
      [{ userName: "a", email: "a@example.com", importId: "" }, "importId", "must not be empty"],
    ])("%j fails on %s, sending nothing", async (news, property, reason) => {
      setup();
      await expectNoRequests(emu, async () => {
        const result = await impl.check(operation, {}, news);
        const failure = result.failures?.find((f) => f.property === property);
        expect(failure?.reason).toContain(reason);
      });
    });

    it("normalises: defaults, case-insensitive role, viewer as member, teams as a sorted set", async () => {
      setup();
      await expectNoRequests(emu, async () => {
        const inputs = await checked({ userName: " jdoe ", email: "J@Example.com", organizationRole: "Viewer", teams: ["b", "a", "b"] });
        expect(inputs).toMatchObject({
          userName: "jdoe",
          email: "J@Example.com",
          active: true,
          organizationRole: "member",
          teams: ["a", "b"],
          adoptExisting: false,
          deletionPolicy: "delete",
        });
        expect((await checked({ userName: "x", email: "x@example.com", organizationRole: "ADMIN" })).organizationRole).toBe("admin");
      });
    });

    it("accepts on dedicated what the multi-tenant cloud refuses", async () => {
      setup();
      const olds = { userName: "jdoe", email: "old@example.com", displayName: "Old", active: false, deletionPolicy: "delete" };
      await expectNoRequests(emu, async () => {
        await checked({ userName: "jdoe", email: "new@example.com", displayName: "New", active: true, deletionPolicy: "deactivate" }, olds);
        await checked({ userName: "other", email: "o@example.com" });
      });
    });
  });

  describe("diff", () => {
    let olds: UserOutputs;
    let id: string;
    beforeAll(async () => {
      operation = operationFor(emu);
      const team = await makeTeam(emu);
      ({ id, outs: olds } = await create(newUser({ displayName: "Dee", organizationRole: "admin", teams: [team.name, "seed-team"] })));
    });

    const news = async (changes: Record<string, unknown>) => {
      const { etag: _e, createdAt: _c, teamRoles: _t, registryRoles: _r, daysActive: _d, lastActiveAt: _l, ...inputs } = olds;
      return checked({ ...inputs, ...changes });
    };

    it("finds no change where only case, order, defaults or read-only views differ", async () => {
      setup();
      const base = { userName: olds.userName, email: olds.email, displayName: "Dee", organizationRole: "admin", teams: olds.teams };
      await expectNoRequests(emu, async () => {
        for (const variant of [
          base,
          { ...base, email: olds.email.toUpperCase(), userName: olds.userName.toUpperCase() },
          { ...base, organizationRole: "ADMIN", teams: [...(olds.teams ?? [])].reverse() },
          { ...base, active: true, deletionPolicy: "delete", adoptExisting: false },
          { userName: olds.userName, email: olds.email }, // optional fields not managed
        ]) {
          expect(await impl.diff(operation, id, olds, await checked(variant))).toMatchObject({ changes: false, replaces: [] });
        }
        const withOtherViews = { ...olds, teamRoles: [{ teamName: "x", roleName: "Custom" }], registryRoles: [{ registryName: "models", roleName: "admin" }], etag: 'W/"other"' };
        expect((await impl.diff(operation, id, withOtherViews, await checked(base))).changes).toBe(false);
      });
    });

    it("updates in place what can change in place, and replaces only for a new userName", async () => {
      setup();
      await expectNoRequests(emu, async () => {
        for (const change of [
          { email: "new@example.com" },
          { displayName: "Other" },
          { active: false },
          { organizationRole: "member" },
          { teams: ["seed-team"] },
          { deletionPolicy: "deactivate" },
        ]) {
          expect(await impl.diff(operation, id, olds, await news(change)), JSON.stringify(change)).toMatchObject({ changes: true, replaces: [] });
        }
        const renamed = await impl.diff(operation, id, olds, await news({ userName: `${olds.userName}-2` }));
        expect(renamed).toMatchObject({ changes: true, replaces: ["userName"], deleteBeforeReplace: true });
        expect((await impl.diff(operation, id, olds, await news({ importId: "someone-else" }))).replaces).toEqual(["importId"]);
        expect((await impl.diff(operation, id, olds, await news({ importId: id }))).changes).toBe(false);
      });
    });
  });

  describe("create", () => {
    it("POSTs, then sets the role and joins the teams; outputs carry the fresh ETag and the creation time", async () => {
      setup();
      const team = await makeTeam(emu);
      await resetLog(emu);
      const { id, outs } = await create(newUser({ displayName: "Dev One", organizationRole: "Admin", teams: [team.name, "seed-team"] }));
      const now = await live(emu, id);
      expect(now).toMatchObject({ displayName: "Dev One", organizationRole: "admin", active: true });
      expect(outs).toMatchObject({
        displayName: "Dev One",
        organizationRole: "admin",
        teams: [team.name, "seed-team"].sort(),
        active: true,
        deletionPolicy: "delete",
        etag: now.etag,
      });
      expect(outs.createdAt).toBe(now.created);
      expect(outs.createdAt).not.toBe("");
      // The read-only view shows what the last representation carried: the documented GET body carries no teamRoles.
      expect(outs.teamRoles.map((t) => t.teamName).sort()).toEqual(rolesShownByDefault ? [team.name, "seed-team"].sort() : []);
      const routes = (await readLog(emu)).requests.map((r) => `${r.method} ${r.route}`);
      expect(routes.filter((r) => r === "POST /scim/Users")).toHaveLength(1);
      expect(routes.filter((r) => r === "PATCH /scim/Groups/:id")).toHaveLength(2);
    });

    it("sends nothing after the POST when the POST already makes it right", async () => {
      setup();
      await resetLog(emu);
      const { outs } = await create(newUser({ displayName: "Plain" }));
      expect((await readLog(emu)).requests.map((r) => `${r.method} ${r.route}`)).toEqual(["POST /scim/Users"]);
      expect(outs).not.toHaveProperty("organizationRole");
      expect(outs).not.toHaveProperty("teams");
    });

    it("reports a failure after the POST as ResourceInitError with the id (unknown team)", async () => {
      setup();
      const error = await impl.create(operation, await checked(newUser({ teams: ["no-such-team"] }))).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResourceInitError);
      const init = error as ResourceInitError;
      expect(init.id).toBeTruthy();
      expect(init.message).toContain('no W&B team named "no-such-team"');
      expect((await live(emu, init.id)).userName).toBeTruthy();
      expect(init.properties).toMatchObject({ etag: expect.any(String) });
    });

    it("reports a PATCH after the POST that keeps failing as ResourceInitError, with the service's error", async () => {
      setup();
      // Each lost answer is re-read and the PATCH tried again, as many times as the conflict policy allows.
      await setFaults(emu, { failNext: [{ status: 500, method: "PATCH", pathPrefix: "/scim/Users", count: CONFLICT_RETRY_POLICY.limit + 1 }] });
      try {
        const error = await impl.create(operation, await checked(newUser({ organizationRole: "admin" }))).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ResourceInitError);
        expect((error as ResourceInitError).message).toMatch(/PATCH .* failed with HTTP 500/);
        expect((await live(emu, (error as ResourceInitError).id)).organizationRole).toBe("member");
      } finally {
        await clearFaults(emu);
      }
    });

    it("fails on an existing user that is not as declared with a hint naming adoptExisting, and leaves it as it is", async () => {
      setup();
      const taken = newUser({ displayName: "Declared" });
      // Made by someone else: its display name defaults to its userName.
      const id = await makeUserOutOfBand(emu, taken.userName, taken.email);
      await expect(impl.create(operation, await checked(taken))).rejects.toThrow(/adoptExisting: true/);
      await expect(impl.create(operation, await checked(taken))).rejects.toThrow(/importId/);
      await expect(impl.create(operation, await checked(taken))).rejects.toThrow("The existing one differs from the declaration (displayName), so it was left as it is.");
      expect((await live(emu, id)).displayName).toBe(taken.userName);
    });

    it("adopts an existing user with adoptExisting (userName case-insensitively) and converges it", async () => {
      setup();
      const taken = newUser();
      const existingId = await makeUserOutOfBand(emu, taken.userName, taken.email);
      const { id, outs } = await create({ ...taken, userName: taken.userName.toUpperCase(), adoptExisting: true, displayName: "Adopted", teams: ["seed-team"] });
      expect(id).toBe(existingId);
      expect(outs).toMatchObject({ userName: taken.userName, displayName: "Adopted", teams: ["seed-team"], adoptExisting: true });
      // No spurious diff from the case of the userName.
      const again = await checked({ ...taken, userName: taken.userName.toUpperCase(), adoptExisting: true, displayName: "Adopted", teams: ["seed-team"] });
      expect((await impl.diff(operation, id, outs, again)).changes).toBe(false);
    });

    it("adopts an admin declared member without demoting it, and says so: hidden, the declaration is recorded unverified; shown, W&B's role is, for the next preview to show", async () => {
      setup();
      const taken = newUser();
      const existingId = await makeUserOutOfBand(emu, taken.userName, taken.email);
      await patchUserOutOfBand(emu, existingId, { op: "replace", path: "organizationRole", value: "admin" });
      const warned = vi.spyOn(console, "error").mockImplementation(() => {});
      await resetLog(emu);
      const { id, outs, inputs } = await create({ ...taken, adoptExisting: true, organizationRole: "member" });
      expect((await live(emu, existingId)).organizationRole).toBe("admin");
      expect((await readLog(emu)).counters.writes).toBe(0);
      if (rolesShownByDefault) {
        expect(outs.organizationRole).toBe("admin");
        expect(outs).not.toHaveProperty("organizationRoleUnverified");
        expect(warned.mock.calls.flat().join("\n")).toContain(`user "${taken.userName}" adopted: W&B shows organization role "admin", not the declared "member"`);
        // The declared role is then a change of its own, which the next preview shows and its up writes.
        expect((await impl.diff(operation, id, outs, inputs)).changes).toBe(true);
        return;
      }
      expect(outs).toMatchObject({ organizationRole: "member", organizationRoleUnverified: true });
      expect(warned.mock.calls.flat().join("\n")).toContain(`user "${taken.userName}" taken over: W&B does not show its organization role`);
      // An Organization's user (guardedBy) is named by its component, once per kind: not here.
      warned.mockClear();
      const other = newUser();
      await makeUserOutOfBand(emu, other.userName, other.email);
      await create({ ...other, adoptExisting: true, organizationRole: "member", guardedBy: "acme" });
      expect(warned.mock.calls.flat().join("\n")).not.toContain(other.userName);
    });

    it("adoptExisting with an email that belongs to another user explains importId", async () => {
      setup();
      const taken = newUser();
      await makeUserOutOfBand(emu, taken.userName, taken.email);
      await expect(impl.create(operation, await checked({ userName: unique("other"), email: taken.email, adoptExisting: true }))).rejects.toThrow(
        /importId/,
      );
    });

    it("adopts exactly the user of importId, and refuses a wrong id or another userName; a role the service hides is recorded, not written", async () => {
      setup();
      const taken = newUser();
      const existingId = await makeUserOutOfBand(emu, taken.userName, taken.email);
      await expect(impl.create(operation, await checked({ ...taken, importId: "nobody" }))).rejects.toThrow(/no W&B user has the SCIM id "nobody"/);
      await expect(impl.create(operation, await checked({ ...taken, userName: "someone-else", importId: existingId }))).rejects.toThrow(
        new RegExp(`set userName to "${taken.userName}"`),
      );
      await resetLog(emu);
      const { id, outs } = await create({ ...taken, importId: existingId, organizationRole: "admin" });
      expect(id).toBe(existingId);
      // Adopting writes no role: hidden, the declaration is recorded, unverified; shown, W&B's role is.
      expect(outs).toMatchObject(rolesShownByDefault ? { importId: existingId, organizationRole: "member" } : { importId: existingId, organizationRole: "admin", organizationRoleUnverified: true });
      expect((await live(emu, id)).organizationRole).toBe("member");
      expect((await readLog(emu)).counters.writes).toBe(0);
    });

    it("stores viewer as member, so there is no perpetual diff", async () => {
      setup();
      const args = newUser({ organizationRole: "viewer" });
      const { id, outs } = await create(args);
      expect(outs.organizationRole).toBe("member");
      expect((await impl.diff(operation, id, outs, await checked(args))).changes).toBe(false);
    });
  });

  describe("a create the preview plans", () => {
    it("is refused when another user holds its email (in any case) under another userName, naming the resource, the property, that user and what to do, from the one listing", async () => {
      setup();
      const holder = newUser();
      const holderId = await makeUserOutOfBand(emu, holder.userName, holder.email);
      const declared = await checked({ userName: unique("newcomer"), email: holder.email.toUpperCase() });
      await resetLog(emu);
      const { refusal } = await KINDS.User.previewCreate(operation, "newcomer", declared, { namesTakeover: true });
      expect(refusal).toContain(
        `User "newcomer": property email "${declared.email}" is the email of the W&B user "${holder.userName}" (id ${holderId}, its email spelled "${holder.email}"), ` +
          `which already exists under another userName than "${declared.userName}".`,
      );
      expect(refusal).toContain(`declare it with its userName "${holder.userName}" (with adoptExisting: true, or importId: "${holderId}", to take it over); else give this User another email.`);
      expect((await readLog(emu)).requests.map((r) => `${r.method} ${r.route}`)).toEqual(["GET /scim/Users"]);
      // As `up` would find: the create is refused with 409, and so is an adoption of the user with the declared userName.
      await expect(impl.create(nextOperation(operation), declared)).rejects.toThrow(/already exists/);
      const namesake = await makeUserOutOfBand(emu, declared.userName, `${declared.userName}@elsewhere.example`);
      const adopting = await checked({ ...declared, adoptExisting: true });
      expect(await impl.refusedAtCreate?.(nextOperation(operation), adopting, "newcomer")).toContain(`(id ${holderId}, `);
      await expect(impl.create(nextOperation(operation), adopting)).rejects.toThrow(/409|already exists/);
      await expect(impl.create(nextOperation(operation), await checked({ ...declared, importId: namesake }))).rejects.toThrow(/409|already exists/);
      expect((await live(emu, namesake)).email).toBe(`${declared.userName}@elsewhere.example`);
    });

    it("is not refused when no user holds its email, or the one that does has the declared userName (the create judges it as its own)", async () => {
      setup();
      const holder = newUser();
      await makeUserOutOfBand(emu, holder.userName, holder.email);
      for (const declared of [newUser(), { userName: holder.userName.toUpperCase(), email: holder.email.toUpperCase() }, { ...holder, displayName: "Someone else" }]) {
        expect(await impl.refusedAtCreate?.(operation, await checked(declared), "declared"), JSON.stringify(declared)).toBeUndefined();
      }
    });
  });

  describe("read", () => {
    it("is the state as recorded when nothing changed, from the operation's one listing of /Users", async () => {
      setup();
      const { id, outs } = await create(newUser({ displayName: "R" }));
      operation = nextOperation(operation);
      await resetLog(emu);
      expect(await impl.read(operation, id, outs)).toEqual({ id, props: outs });
      const log = await readLog(emu);
      expect(log.requests.map((r) => [r.method, r.route, r.status])).toEqual([["GET", "/scim/Users", 200]]);
    });

    it("turns drift into inputs, field by field, and leaves unmanaged fields and read-only views out of the inputs", async () => {
      setup();
      const args = newUser({ displayName: "Before", teams: ["seed-team"] });
      const { id, outs } = await create(args);
      const other = await makeTeam(emu);
      await patchUserOutOfBand(
        emu,
        id,
        { op: "replace", path: "displayName", value: "After" },
        { op: "replace", path: "emails", value: [{ value: "moved@example.com", primary: true }] },
        { op: "replace", path: "organizationRole", value: "admin" },
        { op: "replace", path: "registryRoles", value: [{ registryName: "models", roleName: "admin" }] },
        { op: "replace", path: "teamRoles", value: [{ teamName: other.name, roleName: "admin" }] },
      );
      // The refresh is the next engine operation: its listings are its own.
      operation = nextOperation(operation);
      const result = await impl.read(operation, id, outs);
      expect(result.id).toBe(id);
      expect(result.inputs).toMatchObject({ displayName: "After", email: "moved@example.com", teams: [other.name, "seed-team"].sort() });
      expect(result.inputs).not.toHaveProperty("organizationRole");
      expect(result.inputs).not.toHaveProperty("teamRoles");
      expect(result.inputs).not.toHaveProperty("registryRoles");
      expect(result.inputs).not.toHaveProperty("etag");
      // The read-only view shows what the listing carries; on the documented wire nothing, so it stays as last seen.
      expect(result.props?.registryRoles).toEqual(rolesShownByDefault ? [{ registryName: "models", roleName: "admin" }] : outs.registryRoles);
      // Changed: the ETag of an RFC server's list item; W&B's carry none, so none is recorded and the next write reads first.
      expect(result.props?.etag).toBe(dialect === "rfc" ? (await live(emu, id)).etag : "");
      // The next preview shows exactly the drift of the managed fields.
      const diff = await impl.diff(operation, id, result.props!, await checked(args));
      expect(diff).toMatchObject({ changes: true, replaces: [] });
    });

    it("reads from the id alone (User.get, an import): the teams in the outputs, not in the inputs (a Team declares its members)", async () => {
      setup();
      const { id } = await create(newUser({ displayName: "G", teams: ["seed-team"] }));
      operation = nextOperation(operation);
      // What either door hands over when the engine knows only the id.
      const result = await impl.read(operation, id, undefined);
      // Teams are read through /Groups when GET does not show them; the organization role then is not known at all.
      expect(result.props).toMatchObject({ displayName: "G", teams: ["seed-team"], active: true, deletionPolicy: "delete" });
      expect(result.inputs).toMatchObject({ displayName: "G", active: true });
      expect(result.inputs).not.toHaveProperty("teams");
      if (rolesShownByDefault) expect(result.props).toMatchObject({ organizationRole: "member" });
      else expect(result.props).not.toHaveProperty("organizationRole");
      // W&B's list items carry no ETag: none is recorded, so a write reads the user first.
      expect(result.props?.etag).toBe(dialect === "rfc" ? (await live(emu, id)).etag : "");
    });

    it("reports a deleted user as gone", async () => {
      setup();
      const { id, outs } = await create(newUser());
      await scim(emu, "DELETE", `/Users/${id}`);
      expect(await impl.read(operation, id, outs)).toEqual({});
    });
  });

  describe("update", () => {
    it("PATCHes only the changed fields, with If-Match", async () => {
      setup();
      const args = newUser({ displayName: "One", organizationRole: "member" });
      const { id, outs } = await create(args);
      const sent = patchOpsSent();
      await resetLog(emu);
      const { outs: after } = await impl.update(operation, id, outs, await checked({ ...args, displayName: "Two", email: args.email.toUpperCase() }));
      expect(sent).toEqual([[{ op: "replace", path: "displayName", value: "Two" }]]);
      expect(after).toMatchObject({ displayName: "Two", etag: (await live(emu, id)).etag });
      expect((await readLog(emu)).counters.writes).toBe(1);

      sent.length = 0;
      const { outs: third } = await impl.update(operation, id, after, await checked({ ...args, displayName: "Two", email: `x${args.email}`, active: false, organizationRole: "admin" }));
      expect(sent).toEqual([
        [
          { op: "replace", path: "emails", value: [{ value: `x${args.email}`, primary: true }] },
          { op: "replace", value: { active: false } },
          { op: "replace", path: "organizationRole", value: "admin" },
        ],
      ]);
      expect(third).toMatchObject({ email: `x${args.email}`, active: false, organizationRole: "admin" });
    });

    it("changes only settings without sending anything", async () => {
      setup();
      const args = newUser({ displayName: "S" });
      const { id, outs } = await create(args);
      await expectNoRequests(emu, async () => {
        const { outs: after } = await impl.update(operation, id, outs, await checked({ ...args, deletionPolicy: "deactivate" }));
        expect(after).toEqual({ ...outs, deletionPolicy: "deactivate" });
      });
    });

    it("retries with the fresh ETag when only a role assignment moved it (412 with a foreign change)", async () => {
      setup();
      const args = newUser({ displayName: "A", teams: ["seed-team"] });
      const { id, outs } = await create(args);
      // The update is a later operation: its create's own team write is not what moves the ETag here.
      operation = nextOperation(operation);
      await patchUserOutOfBand(
        emu,
        id,
        { op: "replace", path: "teamRoles", value: [{ teamName: "seed-team", roleName: "admin" }] },
        { op: "replace", path: "registryRoles", value: [{ registryName: "models", roleName: "admin" }] },
      );
      await resetLog(emu);
      const { outs: after } = await impl.update(operation, id, outs, await checked({ ...args, displayName: "B" }));
      expect(after).toMatchObject({ displayName: "B", teams: ["seed-team"] });
      // The view shows what the PATCH answer carried: W&B answers with the user, an RFC server's 204 is followed by a GET.
      const viewShown = dialect === "wandb" || rolesShownByDefault;
      expect(after.teamRoles).toEqual(viewShown ? [{ teamName: "seed-team", roleName: "admin" }] : []);
      expect((await live(emu, id)).teamRoles).toEqual([{ teamName: "seed-team", roleName: "admin" }]);
      const statuses = (await readLog(emu)).requests.filter((r) => r.method === "PATCH").map((r) => r.status);
      expect(statuses).toEqual([412, dialect === "rfc" ? 204 : 200]);
      // ... and the role assignment's work causes no diff for the User.
      expect((await impl.diff(operation, id, after, await checked({ ...args, displayName: "B" }))).changes).toBe(false);
    });

    it("fails naming the field and pulumi refresh when an owned field changed outside Pulumi (412)", async () => {
      setup();
      const args = newUser({ displayName: "Mine" });
      const { id, outs } = await create(args);
      await patchUserOutOfBand(emu, id, { op: "replace", path: "displayName", value: "Theirs" });
      const error = await impl.update(operation, id, outs, await checked({ ...args, email: `new-${args.email}` })).catch((e: unknown) => e);
      expect(String(error)).toMatch(/changed outside Pulumi \(displayName\)/);
      expect(String(error)).toContain("pulumi refresh");
      expect((await live(emu, id)).email).toBe(args.email);
    });

    it("ignores an organization role set by an assignment when the User does not declare one", async () => {
      setup();
      const args = newUser({ displayName: "N" });
      const { id, outs } = await create(args);
      await patchUserOutOfBand(emu, id, { op: "replace", path: "organizationRole", value: "admin" });
      const { outs: after } = await impl.update(operation, id, outs, await checked({ ...args, displayName: "M" }));
      expect(after.displayName).toBe("M");
      const refreshed = await impl.read(operation, id, after);
      expect(refreshed.props ?? after).not.toHaveProperty("organizationRole");
      expect((await impl.diff(operation, id, refreshed.props ?? after, await checked({ ...args, displayName: "M" }))).changes).toBe(false);
    });

    it("moves the user between teams through /Groups and returns the fresh ETag", async () => {
      setup();
      const [a, b] = [await makeTeam(emu), await makeTeam(emu)];
      const args = newUser({ teams: [a.name, "seed-team"] });
      const { id, outs } = await create(args);
      await resetLog(emu);
      const { outs: after } = await impl.update(operation, id, outs, await checked({ ...args, teams: [b.name, "seed-team"] }));
      expect(after.teams).toEqual([b.name, "seed-team"].sort());
      expect(after.etag).toBe((await live(emu, id)).etag);
      const routes = (await readLog(emu)).requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.route}`);
      expect(routes).toEqual(["PATCH /scim/Groups/:id", "PATCH /scim/Groups/:id"]);
      const teamA = await scim(emu, "GET", `/Groups/${a.id}`);
      expect(JSON.stringify(teamA.members ?? [])).not.toContain(id);
    });

    it("refuses a team change when the teams were changed outside Pulumi", async () => {
      setup();
      const [a, b] = [await makeTeam(emu), await makeTeam(emu)];
      const args = newUser({ teams: [a.name] });
      const { id, outs } = await create(args);
      await scim(emu, "PATCH", `/Groups/${b.id}`, { schemas: [PATCH_OP], Operations: [{ op: "add", path: "members", value: [{ value: id }] }] });
      operation = nextOperation(operation);
      await expect(impl.update(operation, id, outs, await checked({ ...args, teams: [a.name, "seed-team"] }))).rejects.toThrow(
        /changed outside Pulumi \(teams\).*pulumi refresh/,
      );
    });

    it("names an unknown team", async () => {
      setup();
      const args = newUser({ teams: ["seed-team"] });
      const { id, outs } = await create(args);
      await expect(impl.update(operation, id, outs, await checked({ ...args, teams: ["nope"] }))).rejects.toThrow(/no W&B team named "nope"/);
      expect((await live(emu, id)).teamRoles!.map((t) => t.teamName)).toEqual(["seed-team"]);
    });
  });

  describe("delete", () => {
    it("deletes, and a user already gone is success", async () => {
      setup();
      const { id, outs } = await create(newUser());
      await impl.delete(operation, id, outs);
      expect((await adminClient(emu).getUser(id)).status).toBe("not-found");
      await impl.delete(operation, id, outs);
    });

    it("deactivates with deletionPolicy deactivate, and a user already gone is success", async () => {
      setup();
      const { id, outs } = await create(newUser({ deletionPolicy: "deactivate" }));
      await impl.delete(operation, id, outs);
      expect((await live(emu, id)).active).toBe(false);
      await scim(emu, "DELETE", `/Users/${id}`);
      await impl.delete(operation, id, outs);
    });
  });
});

describe.each(DIALECTS)("User on the multi-tenant cloud (%s dialect)", (dialect) => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, dialect, deployment: "saas" });
  });
  afterAll(() => emu.close());
  const setup = () => {
    operation = operationFor(emu);
  };

  const failuresOf = async (news: Record<string, unknown>, olds: Record<string, unknown> = {}) => {
    let failures: { property: string; reason: string }[] = [];
    await expectNoRequests(emu, async () => {
      failures = ((await impl.check(operation, olds, news)).failures ?? []) as typeof failures;
    });
    return failures;
  };

  it("requires at least one team to create a user, and says why", async () => {
    setup();
    for (const teams of [undefined, []]) {
      const failures = await failuresOf({ userName: "a", email: "a@example.com", ...(teams ? { teams } : {}) });
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ property: "teams" });
      expect(failures[0]?.reason).toMatch(/multi-tenant cloud \(saas\).*team/);
    }
    // Adopting by id creates nothing; an existing user may leave its teams unmanaged.
    expect(await failuresOf({ userName: "a", email: "a@example.com", importId: "abc" })).toEqual([]);
    expect(await failuresOf({ userName: "a", email: "a@example.com" }, { userName: "a", email: "a@example.com", active: true })).toEqual([]);
  });

  it("refuses deletionPolicy deactivate, active false and deactivateInactiveAfterDays, explaining why", async () => {
    setup();
    const failures = await failuresOf({ userName: "a", email: "a@example.com", teams: ["seed-team"], deletionPolicy: "deactivate" });
    expect(failures).toEqual([{ property: "deletionPolicy", reason: expect.stringMatching(/removes them from the organization for good: use deletionPolicy "delete"/) }]);
    const inactive = await failuresOf({ userName: "a", email: "a@example.com", teams: ["seed-team"], active: false });
    expect(inactive.map((f) => f.property)).toEqual(["active"]);
    const byHand = await failuresOf({ userName: "a", email: "a@example.com", teams: ["seed-team"], deactivateInactiveAfterDays: 90 });
    expect(byHand).toEqual([{ property: "deactivateInactiveAfterDays", reason: expect.stringMatching(/^deactivateInactiveAfterDays is not offered on the multi-tenant cloud \(saas\), where deactivating a user removes them from the organization for good: .*--inactive-days/) }]);
  });

  it("refuses email and displayName changes and reactivation of an existing user at preview", async () => {
    setup();
    const olds = { userName: "a", email: "a@example.com", displayName: "A", active: false, teams: ["seed-team"] };
    const failures = await failuresOf({ ...olds, email: "b@example.com", displayName: "B", active: true }, olds);
    expect(failures.map((f) => f.property).sort()).toEqual(["active", "displayName", "email"]);
    for (const f of failures.filter((f) => f.property !== "active")) {
      expect(f.reason).toBe(`changing ${f.property} is not offered on the multi-tenant cloud (saas): the account is not managed by the organization; change it in the user's W&B profile, or remove the property`);
    }
    // Same values in another case, or a new user (replacement), are fine.
    expect(await failuresOf({ ...olds, email: "A@Example.com", active: false }, olds)).toEqual([]);
    expect(await failuresOf({ ...olds, userName: "new-name", email: "b@example.com", displayName: "B", active: true }, olds)).toEqual([]);
  });

  it("creates the user into its teams with the teams extension, then manages membership through /Groups", async () => {
    setup();
    const other = await makeTeam(emu);
    const args = newUser({ teams: ["seed-team"], organizationRole: "admin" });
    await resetLog(emu);
    const { id, outs } = await create(args);
    const routes = (await readLog(emu)).requests.map((r) => `${r.method} ${r.route}`);
    expect(routes).toContain("POST /scim/Users");
    expect(routes).not.toContain("PATCH /scim/Groups/:id");
    expect(outs).toMatchObject({ teams: ["seed-team"], organizationRole: "admin", etag: (await live(emu, id)).etag });

    const { outs: after } = await impl.update(operation, id, outs, await checked({ ...args, teams: [other.name] }, args));
    expect(after.teams).toEqual([other.name]);
    expect((await impl.read(operation, id, after)).props).toEqual(after);
    await impl.delete(operation, id, after);
    expect((await adminClient(emu).getUser(id)).status).toBe("not-found");
  });

  it("never takes over a deactivated user, which the multi-tenant cloud cannot reactivate: 409", async () => {
    const userName = unique("inactive");
    const seed = defaultSeed();
    seed.users.push({ userName, email: `${userName}@example.com`, displayName: userName, active: false });
    const withInactive = await startEmulator({ port: 0, dialect, deployment: "saas", seed });
    try {
      operation = operationFor(withInactive);
      const inputs = await checked({ userName, email: `${userName}@example.com`, teams: ["seed-team"] });
      await expect(impl.create(operation, inputs)).rejects.toThrow(/already exists.*differs from the declaration \(active\).*adoptExisting: true/s);
    } finally {
      await withInactive.close();
    }
  });

  it("surfaces the seat limit with the client's actionable message", async () => {
    const seed = { ...defaultSeed(), seats: 3 };
    const full = await startEmulator({ port: 0, dialect, deployment: "saas", seed });
    try {
      operation = operationFor(full);
      const error = await impl.create(operation, await checked(newUser({ teams: ["seed-team"] }))).catch((e: unknown) => e);
      expect(String(error)).toContain("Seat limit reached");
      expect(String(error)).toContain("free one (set a user's modelsSeat");
      expect(error).not.toBeInstanceOf(ResourceInitError);
    } finally {
      await full.close();
    }
  });
});

describe.each(DIALECTS)("User on self-managed (%s dialect)", (dialect) => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, dialect, deployment: "self-managed" as Deployment });
  });
  afterAll(() => emu.close());

  it("joins teams after the POST, deactivates and reactivates, and deactivates on removal", async () => {
    operation = operationFor(emu);
    const args = newUser({ teams: ["seed-team"], deletionPolicy: "deactivate" });
    const { id, outs } = await create(args);
    expect((await live(emu, id)).teamRoles!.map((t) => t.teamName)).toEqual(["seed-team"]);
    const { outs: off } = await impl.update(operation, id, outs, await checked({ ...args, active: false }, args));
    expect(off.active).toBe(false);
    const { outs: on } = await impl.update(operation, id, off, await checked({ ...args, active: true }, { ...args, active: false }));
    expect(on.active).toBe(true);
    await impl.delete(operation, id, on);
    expect((await live(emu, id)).active).toBe(false);
  });
});

// The documented GET /Users/{id} body carries no organizationRole, teamRoles or registryRoles:
// absent means "unknown", never "none", and team membership is read through /Groups.
describe.each(DIALECTS)("User against the documented GET body, without roles (%s dialect)", (dialect) => {
  let emu: RunningEmulator;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, dialect, deployment: "dedicated", userRolesOnGet: "omitted" });
  });
  afterAll(() => emu.close());
  const setup = () => {
    operation = operationFor(emu);
  };
  const removeFromTeam = (teamId: string, userId: string) =>
    scim(emu, "PATCH", `/Groups/${teamId}`, { schemas: [PATCH_OP], Operations: [{ op: "remove", path: `members[value eq "${userId}"]` }] });

  it("shows no diff after create and read for a declared organizationRole and teams", async () => {
    setup();
    const team = await makeTeam(emu);
    for (const organizationRole of ["admin", "member"]) {
      const args = newUser({ displayName: "D", organizationRole, teams: [team.name, "seed-team"] });
      const { id, outs, inputs } = await create(args);
      // The emulator really leaves the roles out of GET.
      const got = await shown(emu, id);
      expect(got.teamRoles).toBeUndefined();
      expect(got.organizationRole).toBeUndefined();
      expect(outs).toMatchObject({ organizationRole, teams: [team.name, "seed-team"].sort() });
      expect((await impl.diff(operation, id, outs, inputs)).changes).toBe(false);

      const read = await impl.read(operation, id, outs);
      const props = read.props ?? outs;
      expect(props).toMatchObject({ organizationRole, teams: [team.name, "seed-team"].sort() });
      expect(read.inputs ?? {}).not.toHaveProperty("organizationRole", "");
      expect((await impl.diff(operation, id, props, inputs)).changes).toBe(false);
      // The read-only views are empty when unknown and never compared.
      expect(props.teamRoles).toEqual([]);
      expect(props.registryRoles).toEqual([]);
    }
  });

  it("updates through a 412 caused by a foreign change (retries: the unknown roles count as unchanged)", async () => {
    setup();
    const args = newUser({ displayName: "A", organizationRole: "admin", teams: ["seed-team"] });
    const { id, outs } = await create(args);
    // The update is a later operation: its create's own team write is not what moves the ETag here.
    operation = nextOperation(operation);
    const read = await impl.read(operation, id, outs);
    const before = read.props ?? outs;
    // A role assignment (another resource) moves the ETag.
    await patchUserOutOfBand(
      emu,
      id,
      { op: "replace", path: "teamRoles", value: [{ teamName: "seed-team", roleName: "admin" }] },
      { op: "replace", path: "registryRoles", value: [{ registryName: "models", roleName: "admin" }] },
    );
    await resetLog(emu);
    const { outs: after } = await impl.update(operation, id, before, await checked({ ...args, displayName: "B" }));
    expect(after).toMatchObject({ displayName: "B", organizationRole: "admin", teams: ["seed-team"] });
    const statuses = (await readLog(emu)).requests.filter((r) => r.method === "PATCH").map((r) => r.status);
    expect(statuses).toEqual([412, dialect === "rfc" ? 204 : 200]);
    expect((await impl.diff(operation, id, after, await checked({ ...args, displayName: "B" }))).changes).toBe(false);
    expect((await impl.read(operation, id, after)).props).toMatchObject({ organizationRole: "admin", teams: ["seed-team"] });
  });

  it("still fails on a 412 when a shown owned field changed outside Pulumi", async () => {
    setup();
    const args = newUser({ displayName: "Mine", organizationRole: "admin", teams: ["seed-team"] });
    const { id, outs } = await create(args);
    await patchUserOutOfBand(emu, id, { op: "replace", path: "displayName", value: "Theirs" });
    await expect(impl.update(operation, id, outs, await checked({ ...args, email: `new-${args.email}` }))).rejects.toThrow(
      /changed outside Pulumi \(displayName\)/,
    );
  });

  it("detects team membership drift through /Groups and converges it back", async () => {
    setup();
    const team = await makeTeam(emu);
    const args = newUser({ organizationRole: "admin", teams: [team.name, "seed-team"] });
    const { id, outs } = await create(args);
    await removeFromTeam(team.id, id);
    operation = nextOperation(operation);

    const read = await impl.read(operation, id, outs);
    expect(read.props).toMatchObject({ organizationRole: "admin", teams: ["seed-team"] });
    expect(read.inputs).toMatchObject({ teams: ["seed-team"] });
    const inputs = await checked(args);
    expect(await impl.diff(operation, id, read.props!, inputs)).toMatchObject({ changes: true, replaces: [] });

    const { outs: after } = await impl.update(operation, id, read.props!, inputs);
    expect(after.teams).toEqual([team.name, "seed-team"].sort());
    const members = (await scim(emu, "GET", `/Groups/${team.id}`)).members ?? [];
    expect(JSON.stringify(members)).toContain(id);
    expect((await impl.diff(operation, id, after, inputs)).changes).toBe(false);
  });

  it("refuses a team change when the teams were changed outside Pulumi (seen through /Groups)", async () => {
    setup();
    const [a, b] = [await makeTeam(emu), await makeTeam(emu)];
    const args = newUser({ teams: [a.name] });
    const { id, outs } = await create(args);
    await scim(emu, "PATCH", `/Groups/${b.id}`, { schemas: [PATCH_OP], Operations: [{ op: "add", path: "members", value: [{ value: id }] }] });
    operation = nextOperation(operation);
    await expect(impl.update(operation, id, outs, await checked({ ...args, teams: [a.name, "seed-team"] }))).rejects.toThrow(
      /changed outside Pulumi \(teams\)/,
    );
  });

  it("finds team-membership drift in the one listing of /Groups, though the user is unchanged", async () => {
    setup();
    const team = await makeTeam(emu);
    const { id, outs } = await create(newUser({ teams: ["seed-team"] }));
    await scim(emu, "PATCH", `/Groups/${team.id}`, { schemas: [PATCH_OP], Operations: [{ op: "add", path: "members", value: [{ value: id }] }] });
    // The emulator moves the user's ETag with its teams; W&B need not: the stored ETag is the current one.
    const stored = { ...outs, etag: (await live(emu, id)).etag ?? "" };
    operation = nextOperation(operation);
    await resetLog(emu);
    const read = await impl.read(operation, id, stored);
    expect(read.props?.teams).toEqual([team.name, "seed-team"].sort());
    expect(read.inputs?.teams).toEqual([team.name, "seed-team"].sort());
    expect((await readLog(emu)).requests.map((r) => [r.method, r.route, r.status])).toEqual([
      ["GET", "/scim/Users", 200],
      ["GET", "/scim/Groups", 200],
    ]);
    // Unchanged membership keeps the state as it is.
    expect(await impl.read(operation, id, { ...stored, teams: read.props!.teams! })).toEqual({ id, props: { ...stored, teams: read.props!.teams! } });
  });

  it("reads the team membership of many users with one listing of /Groups", async () => {
    setup();
    const team = await makeTeam(emu);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await create(newUser({ teams: i % 2 ? [team.name, "seed-team"] : ["seed-team"] })));
    operation = nextOperation(operation);
    await resetLog(emu);
    // The listing of /Users shows no teamRoles: each user's teams are read from the one listing of /Groups.
    const reads = await Promise.all(made.map(({ id, outs }) => impl.read(operation, id, outs)));
    expect(reads.map((r) => r.props?.teams)).toEqual(made.map(({ outs }) => outs.teams));
    const { byRoute } = (await readLog(emu)).counters;
    expect(byRoute).toEqual({ "GET /scim/Users": 1, "GET /scim/Groups": 1 });
  });

  it("lists /Groups only when teams are declared", async () => {
    setup();
    const { id, outs } = await create(newUser({ displayName: "No teams", organizationRole: "admin" }));
    await patchUserOutOfBand(emu, id, { op: "replace", path: "displayName", value: "Other" });
    operation = nextOperation(operation);
    await resetLog(emu);
    const read = await impl.read(operation, id, outs);
    expect(read.props).toMatchObject({ displayName: "Other", organizationRole: "admin" });
    expect(read.props).not.toHaveProperty("teams");
    expect((await readLog(emu)).requests.map((r) => `${r.method} ${r.route}`)).toEqual(["GET /scim/Users"]);
  });
});
