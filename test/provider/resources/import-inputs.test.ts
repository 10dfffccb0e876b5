// `pulumi import` of every kind: the engine records the inputs a read from the import id alone
// hands back, as they are, and hands them as news to the diff of every later refresh. So each must
// pass the kind's own check, and that diff of them against the state the import read must run and
// find nothing to change. Against the emulator over real HTTP, through the calls both doors serve,
// on the documented wire and on a service that shows roles (where a read finds a custom organization role).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSeed, startEmulator, type RunningEmulator } from "../../../emulator";
import { KINDS } from "../../../provider/kinds";
import { adminRequest } from "../../../scripts/emulator-api";
import { droppedOutput, operationFor } from "../../support/provider";
import { userIdOf } from "../../support/teams";
import type { ResourceKind } from "../../../model/resource-kinds";

const TEAMS_EXTENSION = "urn:ietf:params:scim:schemas:extension:teams:2.0:User";
const TEAM = "imports";
const ROLE = "auditor";

type Importable = Exclude<ResourceKind, "RosterGuard">;

/** What each case imports: a kind and the import id of an object made outside Pulumi. */
type Case = [label: string, kind: Importable, id: (ids: Ids) => string];

interface Ids {
  ana: string;
  bea: string;
  team: string;
  role: string;
  teamBot: string;
  orgBot: string;
}

const CASES: Case[] = [
  ["User", "User", (ids) => ids.ana],
  ["User with a custom organization role", "User", (ids) => ids.bea],
  ["Team", "Team", (ids) => ids.team],
  ["Team without members", "Team", (ids) => `${ids.team}/without-members`],
  ["TeamMember", "TeamMember", (ids) => `${ids.team}/${ids.ana}`],
  ["CustomRole", "CustomRole", (ids) => ids.role],
  ["OrganizationRoleAssignment", "OrganizationRoleAssignment", (ids) => `${ids.bea}/organization/${ROLE}`],
  ["TeamRoleAssignment", "TeamRoleAssignment", (ids) => `${ids.ana}/teams/${TEAM}/admin`],
  ["RegistryRoleAssignment", "RegistryRoleAssignment", (ids) => `${ids.ana}/registries/models/admin`],
  ["ServiceAccount in one team", "ServiceAccount", (ids) => ids.teamBot],
  ["ServiceAccount in several teams", "ServiceAccount", (ids) => ids.orgBot],
  ["OrganizationMembers, one with a custom organization role", "OrganizationMembers", () => "ana,bea"],
];

it("every importable kind has a case", () => {
  const importable = Object.keys(KINDS).filter((kind) => kind !== "RosterGuard");
  expect([...new Set(CASES.map(([, kind]) => kind))].sort()).toEqual(importable.sort());
});

/** A service account made through SCIM, as the W&B App or a script makes one. */
async function serviceAccountMade(emu: RunningEmulator, userName: string, accountType: "SERVICE" | "ORG_SERVICE"): Promise<string> {
  const answer = await adminRequest(emu, "POST", "/scim/Users", {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:User", TEAMS_EXTENSION],
    userName,
    accountType,
    [TEAMS_EXTENSION]: { defaultTeam: TEAM },
  });
  return answer.body.id as string;
}

describe.each(["omitted", "shown"] as const)("pulumi import, roles on GET %s: the inputs a read records pass the kind's check", (userRolesOnGet) => {
  let emu: RunningEmulator;
  let ids: Ids;

  beforeAll(async () => {
    const seed = defaultSeed();
    seed.users.push(
      { userName: "ana", email: "ana@acme.example", displayName: "Ana", registryRoles: [{ registryName: "models", roleName: "admin" }] },
      { userName: "bea", email: "bea@acme.example", organizationRole: ROLE },
    );
    seed.teams!.push({ displayName: TEAM, members: [{ user: "ana", role: "admin" }, { user: "bea" }] });
    seed.roles = [{ name: ROLE, description: "reads", inheritedFrom: "viewer", permissions: ["run:stop"] }];
    emu = await startEmulator({ port: 0, seed, userRolesOnGet });
    const teams = (await adminRequest(emu, "GET", "/scim/Groups")).body.Resources as { id: string; displayName: string }[];
    const roles = (await adminRequest(emu, "GET", "/scim/Roles")).body.Resources as { id: string; name: string }[];
    ids = {
      ana: await userIdOf(emu, "ana@acme.example"),
      bea: await userIdOf(emu, "bea@acme.example"),
      team: teams.find((team) => team.displayName === TEAM)!.id,
      role: roles.find((role) => role.name === ROLE)!.id,
      teamBot: await serviceAccountMade(emu, "team-bot", "SERVICE"),
      orgBot: await serviceAccountMade(emu, "org-bot", "ORG_SERVICE"),
    };
    // A team made later through SCIM lists the organization-scoped account too.
    await adminRequest(emu, "POST", "/scim/Groups", { schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"], displayName: "later", members: [] });
  });
  afterAll(async () => emu?.close());

  it.each(CASES)("%s", async (_label, kind, idOf) => {
    const calls = KINDS[kind];
    // The engine's import: a read with the id alone (no state), then a check of the inputs it returns, which it records as they are.
    // What an import says (the service account's assumptions) is the engine's to show, not this test's output.
    const operation = operationFor(emu, {}, droppedOutput);
    const read = await calls.read(operation, idOf(ids), {});
    expect(read.id).toBeDefined();
    const inputs = read.inputs as Record<string, unknown>;
    expect((await calls.check(operation, inputs, inputs)).failures ?? []).toEqual([]);
    // A later refresh (another operation): the diff of the recorded inputs, as news, against the state the import read.
    expect(await calls.diff(operationFor(emu, {}, droppedOutput), read.id, read.props, inputs)).toMatchObject({ changes: false });
  });
});
