// The state the engine records, as `dispatch` receives it: state of version 0 (recorded by the
// release before states were versioned: no version key) is read, diffed, updated and deleted;
// state that cannot be read fails naming the kind, the id and what to do, before any request; and
// every state handed back records the current version, with the engine's `__provider` kept.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { RESOURCE_KINDS, type ResourceKind } from "../../../model/resource-kinds";
import type { RunningEmulator } from "../../../emulator";
import type { DynamicProvider } from "../../../provider/doors/dynamic";
import { STATE_VERSION_KEY, storedState } from "../../../provider/kit/state";
import { customRole } from "../../../provider/resources/custom-role";
import { organizationRoleAssignment } from "../../../provider/resources/organization-role-assignment";
import { registryRoleAssignment } from "../../../provider/resources/registry-role-assignment";
import { organizationMembers } from "../../../provider/resources/organization-members";
import { rosterGuard } from "../../../provider/resources/roster-guard";
import { serviceAccount } from "../../../provider/resources/service-account";
import { team } from "../../../provider/resources/team";
import { teamMember } from "../../../provider/resources/team-member";
import { teamRoleAssignment } from "../../../provider/resources/team-role-assignment";
import { user } from "../../../provider/resources/user";
import { adminRequest, heldUser, readLog, resetLog } from "../../../scripts/emulator-api";
import { dynamicProviderWith, stackConfigFor } from "../../support/provider";
import { rolesShownByDefault } from "../../support/wire";
import { createTeamOutOfBand, memberIdsOf, serviceAccountId, startTeamEmulator, userIdsOf } from "../../support/teams";
import { unique } from "../../support/names";

/** What the engine keeps in every dynamic resource's inputs and state; the provider hands it back untouched. */
const SHIM = "serialized-provider-shim";

type State = Record<string, any>;

/** The dynamic provider process serving the test: a new one for each engine operation. */
let provider: DynamicProvider;

/** A provider method as the engine calls it; answers what the engine would record. */
const call = (kind: ResourceKind, method: string, ...args: unknown[]): Promise<any> => provider.dispatch(kind, method, args);

/** The checked inputs, as the engine passes them on to create, diff and update. */
async function checked(kind: ResourceKind, news: State): Promise<State> {
  const result = await call(kind, "check", {}, { ...news, __provider: SHIM });
  expect(result.failures ?? []).toEqual([]);
  return result.inputs;
}

/** A state as the released version recorded it: the same properties, without a version. */
function unversioned(state: State): State {
  const { [STATE_VERSION_KEY]: _version, ...released } = state;
  return released;
}

/** One resource made through the provider. */
interface Made {
  declared: State;
  id: string;
  /** The state create handed back. */
  outs: State;
  /** The same state as the released version recorded it: today's shape, no version. */
  released: State;
}

interface KindCase {
  kind: ResourceKind;
  /** The version the kind's state records now. */
  version: number;
  make(): Promise<Made>;
  /** Inputs that change it in place, and the check that the change was applied; none for a kind every change replaces. */
  change?: { news(made: Made): State; applied(made: Made, outs: State): Promise<void> };
  /** The id an import reads it by, where it is not the id its create gave (a set of people: its people's userNames). */
  importId?(made: Made): string;
  /** The check that destroying it reached W&B. */
  deleted(made: Made): Promise<void>;
  /** The property that a broken state holds with the wrong type, and that value. */
  garbage: { property: string; value: unknown };
  /**
   * What the current version records beyond the released shape: at create, and as its migrations
   * derive it from the released state (`written`: what a write records and a read does not). None when the shape did not change.
   */
  sinceRelease?: (made: Made) => { created: State; migrated: State; written?: State };
}

describe("recorded state through dispatch", () => {
  let emu: RunningEmulator;
  let ids: Record<"alice" | "bob" | "carol" | "dave", string>;
  let sa: string;
  const AUDITOR = "State auditor";

  // What the emulator holds, roles included whatever the wire shows on GET.
  const liveUser = (id: string) => heldUser(emu, id);
  const create = async (kind: ResourceKind, declared: State, released: (id: string, outs: State) => State): Promise<Made> => {
    const created = await call(kind, "create", await checked(kind, declared));
    return { declared, id: created.id, outs: created.outs, released: { ...released(created.id, created.outs), __provider: SHIM } };
  };

  beforeAll(async () => {
    emu = await startTeamEmulator("wandb");
    ids = await userIdsOf(emu, ["alice", "bob", "carol", "dave"]);
    sa = await serviceAccountId(emu);
    const role = await adminRequest(emu, "POST", "/scim/Roles", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:Role"],
      name: AUDITOR,
      description: "",
      inheritedFrom: "viewer",
      permissions: [{ name: "run:stop" }],
    });
    expect(role.status).toBe(201);
  });
  afterAll(async () => emu?.close());
  const newOperation = async () => {
    provider = await dynamicProviderWith(stackConfigFor(emu, { timeoutSeconds: "10" }));
  };
  beforeEach(newOperation);

  // A function: the cases use the emulator's ids, known once it runs.
  const cases = (): Record<ResourceKind, KindCase> => ({
    User: {
      kind: "User",
      version: user.state.version,
      make() {
        const userName = unique("state-user");
        const email = `${userName}@acme.example`;
        return create("User", { userName, email }, (_id, outs) => ({
          userName,
          email,
          active: true,
          adoptExisting: false,
          deletionPolicy: "delete",
          etag: outs["etag"],
          createdAt: outs["createdAt"],
          teamRoles: [],
          registryRoles: [],
        }));
      },
      change: {
        news: ({ declared }) => ({ ...declared, displayName: "Renamed" }),
        applied: async ({ id }) => expect((await liveUser(id)).displayName).toBe("Renamed"),
      },
      deleted: async ({ id }) => expect((await adminRequest(emu, "GET", `/scim/Users/${id}`)).status).toBe(404),
      garbage: { property: "email", value: 42 },
      // A created user has never been active; a released state says nothing of activity until a read.
      sinceRelease: () => ({ created: { daysActive: 0 }, migrated: {} }),
    },
    Team: {
      kind: "Team",
      version: team.state.version,
      make: () =>
        create("Team", { name: unique("state-team"), members: ["alice@acme.example"] }, (_id, outs) => ({
          name: outs["name"],
          members: ["alice@acme.example"],
          memberIds: [ids.alice],
          memberIdsByReference: { "alice@acme.example": ids.alice },
          serviceAccountIds: [sa],
          adoptExisting: false,
          deletionPolicy: "empty",
          etag: outs["etag"],
        })),
      change: {
        news: ({ declared }) => ({ ...declared, members: ["bob@acme.example"] }),
        applied: async ({ id }) => expect(await memberIdsOf(emu, id)).toEqual([ids.bob, sa].sort()),
      },
      // W&B cannot delete teams: deletionPolicy "empty" removes the user members and keeps the service accounts.
      deleted: async ({ id }) => expect(await memberIdsOf(emu, id)).toEqual([sa]),
      garbage: { property: "memberIds", value: "alice" },
      // Version 2: each member's email by id; a released state knows those its members were declared by.
      sinceRelease: () => ({ created: { memberEmails: { [ids.alice]: "alice@acme.example" } }, migrated: { memberEmails: { [ids.alice]: "alice@acme.example" } } }),
    },
    TeamMember: {
      kind: "TeamMember",
      version: teamMember.state.version,
      async make() {
        const teamId = await createTeamOutOfBand(emu, unique("state-membership"), []);
        return create("TeamMember", { teamId, user: "alice@acme.example" }, (_id, outs) => ({
          teamId,
          user: "alice@acme.example",
          userId: ids.alice,
          etag: outs["etag"],
        }));
      },
      // Every change replaces a membership: there is no update to reach.
      deleted: async ({ declared }) => expect(await memberIdsOf(emu, declared["teamId"])).not.toContain(ids.alice),
      garbage: { property: "userId", value: 7 },
      // Version 2: the user's email; a released state declared by email knows it.
      sinceRelease: () => ({ created: { userEmail: "alice@acme.example" }, migrated: { userEmail: "alice@acme.example" } }),
    },
    ServiceAccount: {
      kind: "ServiceAccount",
      version: serviceAccount.state.version,
      async make() {
        const defaultTeam = unique("state-sa-team");
        const teamId = await createTeamOutOfBand(emu, defaultTeam, []);
        return create("ServiceAccount", { name: unique("state-sa"), scope: "team", defaultTeam }, (_id, outs) => ({
          name: outs["name"],
          scope: "team",
          defaultTeam,
          teamIds: [teamId],
        }));
      },
      // Every change replaces it; no documented request deletes one: the destroy leaves it in its team.
      deleted: async ({ id, outs }) => expect(await memberIdsOf(emu, outs["teamIds"][0])).toContain(id),
      garbage: { property: "teamIds", value: "t1" },
    },
    CustomRole: {
      kind: "CustomRole",
      version: customRole.state.version,
      make: () =>
        create("CustomRole", { name: unique("State role"), inheritedFrom: "member", permissions: ["run:delete"] }, (_id, outs) => ({
          name: outs["name"],
          description: "",
          inheritedFrom: "member",
          permissions: ["run:delete"],
          inheritedPermissions: outs["inheritedPermissions"],
          adoptExisting: false,
          etag: outs["etag"],
        })),
      change: {
        news: ({ declared }) => ({ ...declared, description: "changed" }),
        applied: async ({ id }) => expect((await adminRequest(emu, "GET", `/scim/Roles/${id}`)).body.description).toBe("changed"),
      },
      deleted: async ({ id }) => expect((await adminRequest(emu, "GET", `/scim/Roles/${id}`)).status).toBe(404),
      garbage: { property: "permissions", value: "run:delete" },
    },
    OrganizationRoleAssignment: {
      kind: "OrganizationRoleAssignment",
      version: organizationRoleAssignment.state.version,
      make: () =>
        create("OrganizationRoleAssignment", { user: "dave@acme.example", role: "admin" }, (_id, outs) => ({
          user: "dave@acme.example",
          role: "admin",
          userId: ids.dave,
          etag: outs["etag"],
        })),
      change: {
        news: ({ declared }) => ({ ...declared, role: AUDITOR }),
        applied: async () => expect((await liveUser(ids.dave)).organizationRole).toBe(AUDITOR),
      },
      // Giving the organization role back makes the user a member again.
      deleted: async () => expect((await liveUser(ids.dave)).organizationRole).toBe("member"),
      garbage: { property: "etag", value: false },
      sinceRelease: () => ({ created: { userEmail: "dave@acme.example" }, migrated: { userEmail: "dave@acme.example" } }),
    },
    TeamRoleAssignment: {
      kind: "TeamRoleAssignment",
      version: teamRoleAssignment.state.version,
      async make() {
        const teamName = unique("state-roles");
        await createTeamOutOfBand(emu, teamName, [ids.carol]);
        return create("TeamRoleAssignment", { user: ids.carol, teamName, roleName: "admin" }, (_id, outs) => ({
          user: ids.carol,
          teamName,
          roleName: "admin",
          userId: ids.carol,
          etag: outs["etag"],
        }));
      },
      change: {
        news: ({ declared }) => ({ ...declared, roleName: "viewer" }),
        applied: async ({ declared }) => expect((await liveUser(ids.carol)).teamRoles).toContainEqual({ teamName: declared["teamName"], roleName: "viewer" }),
      },
      deleted: async ({ declared }) =>
        expect((await liveUser(ids.carol)).teamRoles).toContainEqual({ teamName: declared["teamName"], roleName: "member" }),
      garbage: { property: "teamName", value: ["not", "a", "name"] },
      // Declared by id: a released state does not know the email; the next read records it.
      sinceRelease: () => ({ created: { userEmail: "carol@acme.example" }, migrated: {} }),
    },
    RegistryRoleAssignment: {
      kind: "RegistryRoleAssignment",
      version: registryRoleAssignment.state.version,
      make: () =>
        create("RegistryRoleAssignment", { user: ids.bob, registryName: "models", roleName: "admin" }, (_id, outs) => ({
          user: ids.bob,
          registryName: "models",
          roleName: "admin",
          userId: ids.bob,
          etag: outs["etag"],
        })),
      change: {
        news: ({ declared }) => ({ ...declared, roleName: "viewer" }),
        applied: async () => expect((await liveUser(ids.bob)).registryRoles).toContainEqual({ registryName: "models", roleName: "viewer" }),
      },
      deleted: async () => expect((await liveUser(ids.bob)).registryRoles.map((r: State) => r["registryName"])).not.toContain("models"),
      garbage: { property: "roleName", value: null },
      sinceRelease: () => ({ created: { userEmail: "bob@acme.example" }, migrated: {} }),
    },
    RosterGuard: {
      kind: "RosterGuard",
      version: rosterGuard.state.version,
      async make() {
        const declared = { organization: "acme", users: ["alice", "bob"], admins: ["alice"], teams: { ml: ["alice"] } };
        const made = await create("RosterGuard", declared, (_id, outs) => ({ ...declared, verdicts: outs["verdicts"] }));
        // From here on, nothing the record does may reach W&B.
        await resetLog(emu);
        return made;
      },
      change: {
        news: ({ declared }) => ({ ...declared, teams: { ml: ["alice", "bob"] } }),
        applied: async (_made, outs) => expect(outs["teams"]).toEqual({ ml: ["alice", "bob"] }),
      },
      // A record of the stack alone: destroying it sends nothing to W&B.
      deleted: async () => expect((await readLog(emu)).counters.writes).toBe(0),
      garbage: { property: "users", value: "alice" },
      // The record's defaults (report only), and what W&B holds outside the roster, from the listings (also kept as written); when written, at a write.
      sinceRelease: () => ({
        created: {
          emails: {},
          customRoles: [],
          idpTeams: {},
          stackUsers: [],
          requiredAdmins: [],
          expiries: [],
          outsideCode: { users: "report", teams: "report", customRoles: "report", ignore: [], usersFrom: "code" },
          outside: expect.objectContaining({ users: expect.any(Array), listed: expect.any(Object) }),
          outsideWhenWritten: expect.objectContaining({ users: expect.any(Array), listed: expect.any(Object) }),
        },
        migrated: {},
        written: { writtenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      }),
    },
    OrganizationMembers: {
      kind: "OrganizationMembers",
      version: organizationMembers.state.version,
      make() {
        const userName = unique("state-member");
        const email = `${userName}@acme.example`;
        return create("OrganizationMembers", { members: { [userName]: { email } } }, (_id, outs) => {
          const made = (outs["members"] as Record<string, Record<string, unknown>>)[userName]!;
          return {
            members: { [userName]: { id: made["id"], email, active: true, etag: made["etag"], createdAt: made["createdAt"], daysActive: 0 } },
            adoptExisting: false,
            deletionPolicy: "delete",
          };
        });
      },
      change: {
        news: ({ declared }) => ({ members: Object.fromEntries(Object.entries(declared["members"] as object).map(([key, member]) => [key, { ...member, displayName: "Renamed" }])) }),
        applied: async (_made, outs) => {
          for (const { id } of Object.values(outs["members"] as Record<string, { id: string }>)) expect((await liveUser(id)).displayName).toBe("Renamed");
        },
      },
      deleted: async ({ outs }) => {
        for (const { id } of Object.values(outs["members"] as Record<string, { id: string }>)) expect((await adminRequest(emu, "GET", `/scim/Users/${id}`)).status).toBe(404);
      },
      importId: ({ outs }) => Object.keys(outs["members"] as object).join(","),
      garbage: { property: "members", value: "alice" },
    },
  });

  describe.each<ResourceKind>(RESOURCE_KINDS)("%s", (kind) => {
    const kindCase = () => cases()[kind];

    it("records its version, above 0, in the state create hands back, with the engine's __provider", async () => {
      const { version, make, sinceRelease } = kindCase();
      expect(version).toBeGreaterThan(0);
      const made = await make();
      expect(made.outs).toEqual({ ...made.released, ...sinceRelease?.(made).created, ...sinceRelease?.(made).written, [STATE_VERSION_KEY]: version });
    });

    it("reads, diffs, updates and deletes a state of version 0 (no version key), handing back the current version", async () => {
      const { version, make, change, deleted, sinceRelease } = kindCase();
      const made = await make();
      const { id, declared, released } = made;
      expect(released).not.toHaveProperty(STATE_VERSION_KEY);

      // Unchanged since: the state comes back as it was, brought to its version, with what the read
      // knows that a released state did not record (the email of a user declared by id).
      const read = await call(kind, "read", id, released);
      expect(read).toMatchObject({ id, props: { ...released, ...sinceRelease?.(made).created, [STATE_VERSION_KEY]: version } });

      expect((await call(kind, "diff", id, released, await checked(kind, declared))).changes).toBe(false);

      let last = released;
      if (change) {
        const updated = await call(kind, "update", id, released, await checked(kind, change.news(made)));
        expect(updated.outs).toMatchObject({ [STATE_VERSION_KEY]: version, __provider: SHIM });
        await change.applied(made, updated.outs);
        last = unversioned(updated.outs);
      }

      // A destroy is an operation of its own: in the one that diffed or updated it, the object is held, and a delete leaves it.
      await newOperation();
      await call(kind, "delete", id, last);
      await deleted(made);
    });

    it("reads from the id alone (static get), with no state to parse", async () => {
      const { version, make, importId } = kindCase();
      const made = await make();
      const id = importId?.(made) ?? made.id;
      // A later operation: it knows the organization from its listings alone, not from the answers to the writes above.
      await newOperation();
      if ((!rolesShownByDefault && kind.endsWith("RoleAssignment")) || kind === "RosterGuard") {
        // Where GET shows no roles, nothing recorded and nothing read can tell the role: the read says so. The roster's
        // record is kept in the stack alone.
        await expect(call(kind, "read", id, { __provider: SHIM })).rejects.toThrow(/cannot be read from the id .* alone/);
        return;
      }
      const read = await call(kind, "read", id, { __provider: SHIM });
      expect(read.id).toBe(id);
      expect(read.props).toMatchObject({ [STATE_VERSION_KEY]: version, __provider: SHIM });
      // What it recorded reads back as it is (unchanged since).
      expect(await call(kind, "read", id, read.props)).toEqual({ id, props: read.props });
    });

    it("fails on a state it cannot read, naming the kind, the id, the property and what to do, before any request", async () => {
      const { make, garbage, change } = kindCase();
      const { id, declared, released } = await make();
      const news = await checked(kind, declared);
      const broken = { ...released, [garbage.property]: garbage.value };
      const attempts: [string, unknown[], string][] = [
        ["read", [id, broken], `${garbage.property}:`],
        ["diff", [id, broken, news], `${garbage.property}:`],
        ...(change ? [["update", [id, broken, news], `${garbage.property}:`] as [string, unknown[], string]] : []),
        ["delete", [id, broken], `${garbage.property}:`],
        ["read", [id, "not a state"], "it is string, not an object"],
        ["delete", [id, "not a state"], "it is string, not an object"],
      ];
      await resetLog(emu);
      for (const [method, args, reason] of attempts) {
        const failed = provider.dispatch(kind, method, args);
        await expect(failed, method).rejects.toThrow(`the state Pulumi recorded for ${kind} "${id}" cannot be read (${reason}`);
        await expect(failed, method).rejects.toThrow(/`pulumi state delete <urn>`.*then, to manage it again, adopt it: .*`pulumi up`/);
      }
      expect((await readLog(emu)).counters.total).toBe(0);
    });

    it("fails on a state recorded by a newer pulumi-wandb or with no version number, before any request", async () => {
      const { version, make } = kindCase();
      const { id, released } = await make();
      await resetLog(emu);
      const newer = call(kind, "read", id, { ...released, [STATE_VERSION_KEY]: version + 1 });
      await expect(newer).rejects.toThrow(`${kind} "${id}" has version ${version + 1}, recorded by a newer pulumi-wandb`);
      await expect(newer).rejects.toThrow(`reads versions up to ${version}`);
      await expect(call(kind, "delete", id, { ...released, [STATE_VERSION_KEY]: "one" })).rejects.toThrow('__stateVersion is "one", not a version number');
      expect((await readLog(emu)).counters.total).toBe(0);
    });
  });
});

describe("storedState", () => {
  // A kind whose state changed twice: `mail` became `email` in version 1, `active` appeared in version 2.
  const stored = storedState({
    kind: "User",
    schema: z.object({ email: z.string(), active: z.boolean() }),
    migrations: [({ mail, ...rest }) => ({ ...rest, email: mail }), (state) => ({ ...state, active: true })],
    adoptAgain: (id) => `adopt ${id}`,
  });

  it("brings every older version up to date, step by step, and stamps the newest", () => {
    expect(stored.version).toBe(2);
    expect(stored.parse({ mail: "a@example.com", __provider: SHIM }, "u1")).toEqual({ email: "a@example.com", active: true });
    expect(stored.parse({ email: "b@example.com", [STATE_VERSION_KEY]: 1 }, "u1")).toEqual({ email: "b@example.com", active: true });
    expect(stored.parse({ email: "c@example.com", active: false, [STATE_VERSION_KEY]: 2 }, "u1")).toEqual({ email: "c@example.com", active: false });
    expect(stored.stamp({ email: "c@example.com", active: false })).toEqual({ email: "c@example.com", active: false, [STATE_VERSION_KEY]: 2 });
  });

  it("reads nothing from the engine's keys alone, and fails on what a migration cannot mend", () => {
    expect(stored.parseIfRecorded({ __provider: SHIM }, "u1")).toBeUndefined();
    expect(() => stored.parse({ mail: 7 }, "u1")).toThrow('User "u1" cannot be read (email: ');
    expect(() => stored.parse({ email: "a@example.com", [STATE_VERSION_KEY]: 1.5 }, "u1")).toThrow("not a version number");
  });
});
