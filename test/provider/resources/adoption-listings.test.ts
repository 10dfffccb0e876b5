// Adoption from the listings (issue 34): in one engine operation, one listing each of /Users, /Groups
// and /Roles answers every adoption lookup (adoptExisting, importId), with no request per object;
// an object the listings do not show is still looked up before a create is judged. Against the
// emulator over real HTTP, the calls made concurrently, as the engine makes them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultSeed, startEmulator, type RunningEmulator, type Seed } from "../../../emulator";
import { customRole } from "../../../provider/resources/custom-role";
import { team } from "../../../provider/resources/team";
import { user } from "../../../provider/resources/user";
import { adminRequest, readLog, readState, resetLog } from "../../../scripts/emulator-api";
import { checkedInputs, nextOperation, operationFor, unconfiguredOperation } from "../../support/provider";
import { KINDS } from "../../../provider/kinds";
import type { Operation } from "../../../provider/operation";

const USERS = 60;
const TEAM_SIZE = 20;
const ROLES = 3;

const userName = (i: number) => `adoptee-${i}`;
const emailOf = (i: number) => `${userName(i)}@acme.example`;
const teamName = (t: number) => `adopted-${t}`;
const roleName = (r: number) => `Adopted role ${r}`;

/** An organization made without Pulumi: users, teams of 20 with the service account, custom roles. */
function handMade(): Seed {
  const seed = defaultSeed();
  const serviceAccount = seed.serviceAccounts[0]!.name;
  return {
    ...seed,
    seats: USERS + 100,
    users: [...seed.users, ...Array.from({ length: USERS }, (_, i) => ({ userName: userName(i), email: emailOf(i), displayName: `Adoptee ${i}` }))],
    teams: Array.from({ length: USERS / TEAM_SIZE }, (_, t) => ({
      displayName: teamName(t),
      members: [...Array.from({ length: TEAM_SIZE }, (_, k) => ({ user: userName(t * TEAM_SIZE + k) })), { serviceAccount }],
    })),
    roles: Array.from({ length: ROLES }, (_, r) => ({ name: roleName(r), description: `Role ${r}`, inheritedFrom: "member" as const, permissions: ["run:delete"] })),
  };
}

const routesOf = async (emu: RunningEmulator) => (await readLog(emu)).requests.map((r) => `${r.method} ${r.route}`);

describe("adoption from the listings", () => {
  let emu: RunningEmulator;
  let operation: Operation;
  const idsOf = async (collection: "users" | "teams", name: string) => {
    const state = await readState(emu);
    const items: { id: string; userName?: string; displayName?: string }[] = state[collection];
    return items.find((item) => (item.userName ?? item.displayName) === name)!.id;
  };

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: handMade() });
    operation = operationFor(emu);
  });
  afterAll(async () => emu?.close());
  beforeEach(async () => {
    operation = nextOperation(operation);
    await resetLog(emu);
  });

  it("adopts every user, team and custom role with one listing of each collection, and no write", async () => {
    const adopt = <I>(impl: Parameters<typeof checkedInputs<I>>[1] & { create(operation: Operation, inputs: I): Promise<{ id: string }> }, news: Record<string, unknown>) =>
      checkedInputs(operation, impl, news).then((inputs) => impl.create(operation, inputs));
    const adopted = await Promise.all([
      ...Array.from({ length: USERS }, (_, i) =>
        // userNames compare ignoring case, as the service does.
        adopt(user, { userName: i === 0 ? userName(i).toUpperCase() : userName(i), email: emailOf(i), displayName: `Adoptee ${i}`, adoptExisting: true }),
      ),
      ...Array.from({ length: USERS / TEAM_SIZE }, (_, t) =>
        adopt(team, { name: teamName(t), members: Array.from({ length: TEAM_SIZE }, (_, k) => emailOf(t * TEAM_SIZE + k)), adoptExisting: true }),
      ),
      ...Array.from({ length: ROLES }, (_, r) =>
        adopt(customRole, { name: roleName(r), description: `Role ${r}`, inheritedFrom: "member", permissions: ["run:delete"], adoptExisting: true }),
      ),
    ]);
    expect(adopted[0]!.id).toBe(await idsOf("users", userName(0)));
    expect(adopted[USERS]!.id).toBe(await idsOf("teams", teamName(0)));
    expect((await routesOf(emu)).sort()).toEqual(["GET /scim/Groups", "GET /scim/Roles", "GET /scim/Users"]);
  });

  it("records at check, from the same listings, whether an adopting create adopts what W&B holds or creates: for the access review", async () => {
    const check = (kind: "User" | "Team" | "CustomRole", news: Record<string, unknown>, olds: Record<string, unknown> = {}) =>
      KINDS[kind].check(operation, olds, news).then((result) => result.inputs as Record<string, unknown>);
    const role = { description: "", inheritedFrom: "member", permissions: [] };
    // One given by hand is the check's to say: dropped, then said.
    expect(await check("User", { userName: userName(3), email: emailOf(3), adoptExisting: true, adopted: false })).toMatchObject({ adopted: true });
    expect(await check("User", { userName: "newcomer", email: "newcomer@acme.example", adoptExisting: true })).toMatchObject({ adopted: false });
    expect(await check("Team", { name: teamName(0), adoptExisting: true })).toMatchObject({ adopted: true });
    expect(await check("Team", { name: "new-team", adoptExisting: true })).toMatchObject({ adopted: false });
    expect(await check("CustomRole", { name: roleName(0), ...role, adoptExisting: true })).toMatchObject({ adopted: true });
    expect(await check("CustomRole", { name: "New role", ...role, adoptExisting: true })).toMatchObject({ adopted: false });
    // Not said of a create that does not adopt, nor of a resource that has inputs applied already.
    expect(await check("User", { userName: userName(3), email: emailOf(3), adopted: true })).not.toHaveProperty("adopted");
    expect(await check("Team", { name: teamName(0), adoptExisting: true }, { name: teamName(0), adoptExisting: true })).not.toHaveProperty("adopted");
    expect((await routesOf(emu)).sort()).toEqual(["GET /scim/Groups", "GET /scim/Roles", "GET /scim/Users"]);
    // Without the settings to read W&B, nothing is read and nothing said.
    expect(await KINDS.User.check(unconfiguredOperation(), {}, { userName: "x", email: "x@acme.example", adoptExisting: true })).not.toHaveProperty("inputs.adopted");
    // A key W&B refuses fails the first check that reads (no request of the run can succeed), once: the
    // listing is tried once per operation, and the other checks leave it unsaid.
    const refused = operationFor(emu, { apiKey: "refused-key-0000000000000000000000000000" });
    await resetLog(emu);
    await expect(KINDS.User.check(refused, {}, { userName: userName(4), email: emailOf(4), adoptExisting: true })).rejects.toThrow(/HTTP 401/);
    for (const i of [5, 6]) {
      const result = await KINDS.User.check(refused, {}, { userName: userName(i), email: emailOf(i), adoptExisting: true });
      expect(result.failures ?? []).toEqual([]);
      expect(result.inputs).not.toHaveProperty("adopted");
    }
    expect(new Set(await routesOf(emu))).toEqual(new Set(["GET /scim/Users"]));
    const tries = (await routesOf(emu)).length;
    await KINDS.User.check(refused, {}, { userName: userName(7), email: emailOf(7), adoptExisting: true });
    expect((await routesOf(emu)).length).toBe(tries);
  });

  it("adopts by importId from the same listings", async () => {
    const [userId, teamId] = [await idsOf("users", userName(1)), await idsOf("teams", teamName(1))];
    await resetLog(emu);
    const [adoptedUser, adoptedTeam] = await Promise.all([
      checkedInputs(operation, user, { userName: userName(1), email: emailOf(1), displayName: "Adoptee 1", importId: userId }).then((inputs) => user.create(operation, inputs)),
      checkedInputs(operation, team, { name: teamName(1), importId: teamId }).then((inputs) => team.create(operation, inputs)),
    ]);
    expect([adoptedUser.id, adoptedTeam.id]).toEqual([userId, teamId]);
    expect((await routesOf(emu)).sort()).toEqual(["GET /scim/Groups", "GET /scim/Users"]);
  });

  it("looks up an object the listings do not show before judging its create: adopted, not created again", async () => {
    // Listed first; then a user and a role are made outside Pulumi, which the listings do not show.
    await checkedInputs(operation, user, { userName: userName(2), email: emailOf(2), adoptExisting: true }).then((inputs) => user.create(operation, inputs));
    await checkedInputs(operation, customRole, { name: roleName(0), description: "Role 0", inheritedFrom: "member", permissions: ["run:delete"], adoptExisting: true }).then((inputs) =>
      customRole.create(operation, inputs),
    );
    const made = await adminRequest(emu, "POST", "/scim/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName: "latecomer",
      emails: [{ value: "latecomer@acme.example", primary: true }],
    });
    expect(made.status).toBe(201);
    const role = await adminRequest(emu, "POST", "/scim/Roles", {
      schemas: ["urn:ietf:params:scim:schemas:extension:2.0:Role"],
      name: "Late role",
      description: "Made by hand",
      inheritedFrom: "viewer",
      permissions: [{ name: "run:stop" }],
    });
    expect(role.status).toBe(201);
    await resetLog(emu);
    const latecomer = await checkedInputs(operation, user, { userName: "latecomer", email: "latecomer@acme.example", adoptExisting: true }).then((inputs) =>
      user.create(operation, inputs),
    );
    const lateRole = await checkedInputs(operation, customRole, { name: "Late role", description: "Made by hand", inheritedFrom: "viewer", permissions: ["run:stop"], adoptExisting: true }).then(
      (inputs) => customRole.create(operation, inputs),
    );
    expect(latecomer.id).toBe(await idsOf("users", "latecomer"));
    expect(lateRole.outs.name).toBe("Late role");
    const sent = await readLog(emu);
    expect(sent.counters.writes).toBe(0);
    expect(sent.requests.map((r) => `${r.method} ${r.route}`)).toEqual(["GET /scim/Users", "GET /scim/Roles"]);
  });
});
