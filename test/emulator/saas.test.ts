import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type Dialect, type RunningEmulator } from "../../emulator";
import { readState } from "../../scripts/emulator-api";
import { call, createUser, expectScimError, newUserBody, patchBody, TEAMS_EXT, USER_SCHEMA } from "../support/emulator-calls";

const saasUser = (userName: string, teams: string[]) =>
  newUserBody(userName, { schemas: [USER_SCHEMA, TEAMS_EXT], [TEAMS_EXT]: { teams } });

describe.each<Dialect>(["wandb", "rfc"])("multi-tenant cloud (saas, %s dialect)", (dialect) => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, deployment: "saas", dialect });
  });
  afterAll(() => emu.close());
  beforeEach(async () => {
    await call(emu, "POST", "/_emulator/reset");
  });

  it("creation needs the teams extension with at least one existing team", async () => {
    const plain = expectScimError(await call(emu, "POST", "/scim/Users", { body: newUserBody("plain") }), 400, dialect);
    expect(plain.detail).toContain(TEAMS_EXT);
    expectScimError(await call(emu, "POST", "/scim/Users", { body: saasUser("none", []) }), 400, dialect);
    expectScimError(await call(emu, "POST", "/scim/Users", { body: saasUser("ghost", ["no-such-team"]) }), 400, dialect);
    const noSchema = newUserBody("noschema", { [TEAMS_EXT]: { teams: ["seed-team"] } });
    expectScimError(await call(emu, "POST", "/scim/Users", { body: noSchema }), 400, dialect);
  });

  it("the 201 also carries organizationRole, teamRoles and groups", async () => {
    const res = await call(emu, "POST", "/scim/Users", { body: saasUser("dev-user2", ["seed-team"]) });
    expect(res.status).toBe(201);
    const teamId = (await readState(emu)).teams[0].id;
    expect(res.body.organizationRole).toBe("member");
    expect(res.body.teamRoles).toEqual([{ teamName: "seed-team", roleName: "member" }]);
    expect(res.body.groups).toEqual([{ value: teamId }]);
    expect((await call(emu, "GET", `/scim/Users/${res.body.id}`)).body.groups).toBeUndefined();
  });

  it("email and displayName updates are refused with 400", async () => {
    const u = (await call(emu, "POST", "/scim/Users", { body: saasUser("fixed", ["seed-team"]) })).body;
    const email = expectScimError(
      await call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody({ op: "replace", path: "emails", value: [{ value: "n@example.com", primary: true }] }) }),
      400,
      dialect,
    );
    expect(email.detail).toMatch(/not supported on the multi-tenant cloud/);
    const name = expectScimError(
      await call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody({ op: "replace", path: "displayName", value: "X" }) }),
      400,
      dialect,
    );
    expect(name.detail).toMatch(/displayName/);
  });

  it("deactivation removes the user from the organization for good (default reading)", async () => {
    const u = (await call(emu, "POST", "/scim/Users", { body: saasUser("leaver", ["seed-team"]) })).body;
    const res = await call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody({ op: "replace", value: { active: false } }) });
    expect(res.status).toBe(dialect === "wandb" ? 200 : 204);
    if (dialect === "wandb") expect(res.body.active).toBe(false);
    expectScimError(await call(emu, "GET", `/scim/Users/${u.id}`), 404, dialect);
    expect((await readState(emu)).users.map((x: any) => x.userName)).not.toContain("leaver");
    expectScimError(await call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody({ op: "replace", value: { active: true } }) }), 404, dialect);
  });
});

describe("saas with saasDeactivation: unsupported (older docs)", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, deployment: "saas", saasDeactivation: "unsupported" });
  });
  afterAll(() => emu.close());

  it("deactivation is refused with 400 and the user stays active", async () => {
    const u = (await call(emu, "POST", "/scim/Users", { body: saasUser("stayer", ["seed-team"]) })).body;
    const body = expectScimError(await call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody({ op: "replace", value: { active: false } }) }), 400, "wandb");
    expect(body.detail).toMatch(/not supported/);
    expect((await call(emu, "GET", `/scim/Users/${u.id}`)).body.active).toBe(true);
  });
});

describe("saas: a seeded deactivated user cannot be reactivated", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({
      port: 0,
      deployment: "saas",
      seed: {
        organization: { name: "o" },
        seats: 5,
        defaultEntity: "o",
        entities: [{ name: "o", projects: ["inference"] }],
        serviceAccounts: [{ name: "sa", apiKey: "sa-key" }],
        users: [
          { userName: "boss", email: "boss@o.example", organizationRole: "admin", apiKey: "boss-key" },
          { userName: "m", email: "m@o.example", apiKey: "m-key" },
          { userName: "asleep", email: "asleep@o.example", active: false, id: "asleep-id" },
        ],
      },
    });
  });
  afterAll(() => emu.close());

  it("answers 400", async () => {
    const res = await call(emu, "PATCH", "/scim/Users/asleep-id", { body: patchBody({ op: "replace", value: { active: true } }) });
    expect(expectScimError(res, 400, "wandb").detail).toMatch(/Reactivating/);
  });
});

describe.each(["dedicated", "self-managed"] as const)("%s keeps deactivated users", (deployment) => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, deployment });
  });
  afterAll(() => emu.close());

  it("deactivates, keeps, reactivates, and allows email updates", async () => {
    const u = await createUser(emu, "keeper");
    await call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody({ op: "replace", value: { active: false } }) });
    expect((await call(emu, "GET", `/scim/Users/${u.id}`)).body.active).toBe(false);
    await call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody({ op: "replace", path: "active", value: true }) });
    const res = await call(emu, "PATCH", `/scim/Users/${u.id}`, { body: patchBody({ op: "replace", path: "emails", value: [{ value: "k2@example.com", primary: true }] }) });
    expect(res.body.active).toBe(true);
    expect(res.body.emails.Value).toBe("k2@example.com");
  });
});
