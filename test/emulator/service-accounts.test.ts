// Service accounts through SCIM, as W&B's reference documents them (wandb/docs#2641; quoted in
// docs/reference-quotes/service-accounts.md): POST /Users with `accountType` and the teams
// extension's `defaultTeam`, `teams` on the multi-tenant cloud only, never modelsSeat or weaveRole,
// never a PATCH; GET /Users never returns one, its teams list it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { call, createTeam, expectScimError, patchBody, TEAMS_EXT, USER_SCHEMA } from "../support/emulator-calls";

/** The reference's parameters: `userName`, `accountType` and the teams extension with `defaultTeam` (and, on saas, `teams`). */
const serviceAccountBody = (userName: string, accountType: string, extension: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  schemas: [USER_SCHEMA, TEAMS_EXT],
  userName,
  accountType,
  [TEAMS_EXT]: extension,
  ...extra,
});

const memberIds = async (emu: RunningEmulator, teamId: string): Promise<string[]> =>
  ((await call(emu, "GET", `/scim/Groups/${teamId}`)).body.members ?? []).map((m: { Value: string }) => m.Value);

describe.each(["dedicated", "saas"] as const)("service accounts on %s", (deployment) => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, deployment });
  });
  afterAll(() => emu.close());
  beforeEach(async () => {
    await call(emu, "POST", "/_emulator/reset");
  });

  it("creates a team-scoped one (SERVICE) in its defaultTeam, which lists it and no later team does; GET /Users never returns it", async () => {
    const ml = await createTeam(emu, "ml");
    const created = await call(emu, "POST", "/scim/Users", { body: serviceAccountBody("ci-bot", "SERVICE", { defaultTeam: "ml" }) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(String), userName: "ci-bot" });
    const id: string = created.body.id;
    expect(await memberIds(emu, ml.id)).toContain(id);
    const later = await createTeam(emu, "later");
    expect(await memberIds(emu, later.id)).not.toContain(id);
    expect((await call(emu, "GET", `/scim/Users/${id}`)).status).toBe(404);
    const listed: { id: string }[] = (await call(emu, "GET", "/scim/Users")).body.Resources;
    expect(listed.map((user) => user.id)).not.toContain(id);
  });

  it("creates an organization-scoped one (ORG_SERVICE), which teams created later through SCIM also get", async () => {
    await createTeam(emu, "ml");
    const { body } = await call(emu, "POST", "/scim/Users", { body: serviceAccountBody("org-bot", "ORG_SERVICE", { defaultTeam: "ml" }) });
    const later = await createTeam(emu, "later");
    expect(await memberIds(emu, later.id)).toContain(body.id);
  });

  it("refuses an unknown defaultTeam, a missing teams extension, modelsSeat or weaveRole, another accountType and a name in use (409)", async () => {
    await createTeam(emu, "ml");
    const refused = async (body: unknown) => expectScimError(await call(emu, "POST", "/scim/Users", { body }), 400, "wandb").detail;
    expect(await refused(serviceAccountBody("b1", "SERVICE", { defaultTeam: "nope" }))).toContain('Team "nope" does not exist');
    expect(await refused({ schemas: [USER_SCHEMA], userName: "b2", accountType: "SERVICE" })).toContain("defaultTeam");
    expect(await refused(serviceAccountBody("b3", "SERVICE", { defaultTeam: "ml" }, { modelsSeat: "full" }))).toContain("modelsSeat and weaveRole are not supported");
    expect(await refused(serviceAccountBody("b4", "ORG_SERVICE", { defaultTeam: "ml" }, { weaveRole: "viewer" }))).toContain("modelsSeat and weaveRole are not supported");
    expect(await refused(serviceAccountBody("b5", "ROBOT", { defaultTeam: "ml" }))).toContain("accountType");
    await call(emu, "POST", "/scim/Users", { body: serviceAccountBody("taken", "SERVICE", { defaultTeam: "ml" }) });
    expect((await call(emu, "POST", "/scim/Users", { body: serviceAccountBody("taken", "SERVICE", { defaultTeam: "ml" }) })).status).toBe(409);
  });

  it("refuses a PATCH of a service account and a DELETE through /Users (no deprovisioning request is documented)", async () => {
    await createTeam(emu, "ml");
    const { body } = await call(emu, "POST", "/scim/Users", { body: serviceAccountBody("ci-bot", "SERVICE", { defaultTeam: "ml" }) });
    const patched = await call(emu, "PATCH", `/scim/Users/${body.id}`, { body: patchBody({ op: "replace", value: { active: false } }) });
    expect(expectScimError(patched, 400, "wandb").detail).toBe("Service accounts cannot be updated with PATCH or PUT");
    expect((await call(emu, "DELETE", `/scim/Users/${body.id}`)).status).toBe(404);
  });
});

describe("teams, on the multi-tenant cloud only", () => {
  it("adds the account to every team of `teams` on saas, which must include defaultTeam; refuses `teams` on dedicated", async () => {
    const saas = await startEmulator({ port: 0, deployment: "saas" });
    const dedicated = await startEmulator({ port: 0, deployment: "dedicated" });
    try {
      const a = await createTeam(saas, "a");
      const b = await createTeam(saas, "b");
      const both = await call(saas, "POST", "/scim/Users", { body: serviceAccountBody("two-teams", "SERVICE", { defaultTeam: "a", teams: ["a", "b"] }) });
      expect(both.status).toBe(201);
      expect(await memberIds(saas, a.id)).toContain(both.body.id);
      expect(await memberIds(saas, b.id)).toContain(both.body.id);
      const without = await call(saas, "POST", "/scim/Users", { body: serviceAccountBody("no-default", "SERVICE", { defaultTeam: "a", teams: ["b"] }) });
      expect(expectScimError(without, 400, "wandb").detail).toContain('teams must include the defaultTeam "a"');
      await createTeam(dedicated, "a");
      const refused = await call(dedicated, "POST", "/scim/Users", { body: serviceAccountBody("x", "SERVICE", { defaultTeam: "a", teams: ["a"] }) });
      expect(expectScimError(refused, 400, "wandb").detail).toContain("multi-tenant cloud only");
    } finally {
      await Promise.all([saas.close(), dedicated.close()]);
    }
  });
});
