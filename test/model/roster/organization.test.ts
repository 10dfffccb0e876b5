// The Organization component under the Pulumi runtime mocks: what it registers (types, names,
// parents, inputs, dependencies, protect), and that a roster mistake registers nothing.
import * as pulumi from "@pulumi/pulumi";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Organization, type OrganizationArgs } from "../../../sdk/organization";
import { RosterError, type Roster } from "../../../model/roster/roster";
import { temporaryFolder } from "../../support/temporary-folder";

const PROJECT = "roster-test";
const STACK = "dev";

interface Registered {
  type: string;
  name: string;
  custom: boolean;
  parent: string;
  protect: boolean | undefined;
  dependencies: string[];
  inputs: Record<string, unknown>;
}

let registered: Registered[] = [];
const inputsByUrn = new Map<string, Record<string, unknown>>();

type Request = {
  getType(): string;
  getName(): string;
  getCustom(): boolean;
  getParent(): string;
  hasProtect?(): boolean;
  getProtect(): boolean;
  getDependenciesList(): string[];
};
type Monitor = { registerResource(req: Request, callback: unknown): unknown };

const dynamic = (type: string) => `pulumi-nodejs:dynamic/wandb:${type}`;
const urnOf = (type: string, name: string, parentType?: string) =>
  `urn:pulumi:${STACK}::${PROJECT}::${parentType ? `${parentType}$` : ""}${type}::${name}`;
const orgUrn = (name: string) => urnOf("wandb:index:Organization", name);
const childUrn = (type: string, name: string) => urnOf(dynamic(type), name, "wandb:index:Organization");

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        inputsByUrn.set(`${args.type}::${args.name}`, args.inputs as Record<string, unknown>);
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: (args) => args.inputs,
    },
    PROJECT,
    STACK,
    false,
  );
  // The mocks see neither the parent, nor protect, nor dependencies: read them off the requests.
  const monitor = pulumi.runtime.getMonitor() as unknown as Monitor;
  const register = monitor.registerResource.bind(monitor);
  monitor.registerResource = (req, callback) => {
    registered.push({
      type: req.getType(),
      name: req.getName(),
      custom: req.getCustom(),
      parent: req.getParent(),
      protect: req.hasProtect?.() === false ? undefined : req.getProtect(),
      dependencies: req.getDependenciesList(),
      inputs: {},
    });
    return register(req, callback);
  };
});

const savedEnv = { ...process.env };
beforeEach(() => {
  registered = [];
  inputsByUrn.clear();
  for (const key of ["WANDB_DEPLOYMENT", "WANDB_BASE_URL"]) delete process.env[key];
  pulumi.runtime.setAllConfig({});
});
afterEach(() => {
  process.env = { ...savedEnv };
});

const valueOf = <T>(output: pulumi.Output<T>): Promise<T> => new Promise((resolve) => output.apply(resolve));

/** Builds the component and waits until every child is registered; returns what was registered. */
async function build(name: string, args: OrganizationArgs): Promise<{ org: Organization; resources: Registered[] }> {
  const org = new Organization(name, args);
  const children: pulumi.CustomResource[] = [
    ...Object.values(org.users),
    ...Object.values(org.teams),
    ...Object.values(org.customRoles),
    ...Object.values(org.organizationRoleAssignments),
    ...Object.values(org.teamRoleAssignments).flatMap((byUser) => Object.values(byUser)),
    ...Object.values(org.registryRoleAssignments).flatMap((byUser) => Object.values(byUser)),
  ];
  await Promise.all([valueOf(org.urn), ...children.map((child) => valueOf(child.id))]);
  const resources = registered.map((r) => ({ ...r, inputs: withoutProvider(inputsByUrn.get(`${r.type}::${r.name}`) ?? {}) }));
  return { org, resources };
}

function withoutProvider(inputs: Record<string, unknown>): Record<string, unknown> {
  const { __provider: _provider, ...rest } = inputs;
  return rest;
}

function find(resources: Registered[], type: string, name: string): Registered {
  const found = resources.find((r) => r.type === dynamic(type) && r.name === name);
  if (!found) throw new Error(`no ${type} "${name}" was registered; registered: ${resources.map((r) => `${r.type} ${r.name}`).join(", ")}`);
  return found;
}

const ROSTER: Roster = {
  users: [
    { userName: "alice", email: "alice@example.com", displayName: "Alice Doe", organizationRole: "admin" },
    { userName: "Bob", email: "bob@example.com", organizationRole: "Run operator" },
    { userName: "carol", email: "carol@example.com" },
  ],
  customRoles: [{ name: "Run operator", description: "Stops runs", inheritedFrom: "member", permissions: ["run:stop", "run:delete"] }],
  teams: [
    { name: "ml-platform", members: ["alice", "bob"], roles: { alice: "admin", bob: "Run operator" } },
    { name: "research", members: ["carol", "alice"] },
  ],
  registryRoles: [{ user: "carol", registry: "models", role: "Viewer" }],
};

describe("Organization on a dedicated or self-managed instance", () => {
  it("registers every resource under the component, named by roster keys", async () => {
    const { resources } = await build("acme", { roster: ROSTER, deployment: "dedicated" });
    expect(resources.map((r) => [r.type, r.name]).sort()).toEqual(
      [
        ["wandb:index:Organization", "acme"],
        [dynamic("User"), "acme/alice"],
        [dynamic("User"), "acme/bob"],
        [dynamic("User"), "acme/carol"],
        [dynamic("CustomRole"), "acme/Run operator"],
        [dynamic("Team"), "acme/ml-platform"],
        [dynamic("Team"), "acme/research"],
        [dynamic("OrganizationRoleAssignment"), "acme/bob"],
        [dynamic("TeamRoleAssignment"), "acme/ml-platform/alice"],
        [dynamic("TeamRoleAssignment"), "acme/ml-platform/bob"],
        [dynamic("RegistryRoleAssignment"), "acme/models/carol"],
        [dynamic("RosterGuard"), "acme/guard"],
      ].sort(),
    );
    const component = resources.find((r) => r.type === "wandb:index:Organization");
    expect(component).toMatchObject({ custom: false });
    for (const child of resources.filter((r) => r !== component)) {
      expect(child, child.name).toMatchObject({ custom: true, parent: orgUrn("acme") });
    }
  });

  it("users carry their predefined organization role; a custom one becomes an assignment that depends on the CustomRole", async () => {
    const { resources } = await build("acme", { roster: ROSTER, deployment: "dedicated" });
    expect(find(resources, "User", "acme/alice").inputs).toEqual({
      userName: "alice",
      email: "alice@example.com",
      displayName: "Alice Doe",
      organizationRole: "admin",
      guardedBy: "acme",
    });
    expect(find(resources, "User", "acme/carol").inputs).toEqual({ userName: "carol", email: "carol@example.com", organizationRole: "member", guardedBy: "acme" });
    // Bob's organization role is the assignment's, not the User's.
    expect(find(resources, "User", "acme/bob").inputs).toEqual({ userName: "Bob", email: "bob@example.com", guardedBy: "acme" });
    const assignment = find(resources, "OrganizationRoleAssignment", "acme/bob");
    expect(assignment.inputs).toEqual({ user: "acme/bob-id", role: "Run operator" });
    expect(assignment.dependencies).toEqual(
      expect.arrayContaining([childUrn("CustomRole", "acme/Run operator"), childUrn("User", "acme/bob")]),
    );
    expect(find(resources, "CustomRole", "acme/Run operator").inputs).toEqual({
      name: "Run operator",
      description: "Stops runs",
      inheritedFrom: "member",
      permissions: ["run:stop", "run:delete"],
    });
  });

  it("teams list their members' user ids (so the users come first); users do not manage their teams", async () => {
    const { resources } = await build("acme", { roster: ROSTER, deployment: "dedicated" });
    const team = find(resources, "Team", "acme/ml-platform");
    expect(team.inputs).toEqual({ name: "ml-platform", members: ["acme/alice-id", "acme/bob-id"], guardedBy: "acme" });
    expect(team.dependencies.sort()).toEqual([childUrn("User", "acme/alice"), childUrn("User", "acme/bob"), childUrn("RosterGuard", "acme/guard")].sort());
    expect(find(resources, "Team", "acme/research").inputs).toEqual({ name: "research", members: ["acme/carol-id", "acme/alice-id"], guardedBy: "acme" });
    for (const user of resources.filter((r) => r.type === dynamic("User"))) expect(user.inputs).not.toHaveProperty("teams");
  });

  it("team roles depend on the team (and on the custom role); registry roles on the user", async () => {
    const { resources } = await build("acme", { roster: ROSTER, deployment: "dedicated" });
    const admin = find(resources, "TeamRoleAssignment", "acme/ml-platform/alice");
    expect(admin.inputs).toEqual({ user: "acme/alice-id", teamName: "ml-platform", roleName: "admin" });
    expect(admin.dependencies.sort()).toEqual(
      [childUrn("Team", "acme/ml-platform"), childUrn("User", "acme/alice"), childUrn("RosterGuard", "acme/guard")].sort(),
    );
    const custom = find(resources, "TeamRoleAssignment", "acme/ml-platform/bob");
    expect(custom.inputs).toEqual({ user: "acme/bob-id", teamName: "ml-platform", roleName: "Run operator" });
    expect(custom.dependencies.sort()).toEqual(
      [
        childUrn("Team", "acme/ml-platform"),
        childUrn("User", "acme/bob"),
        childUrn("CustomRole", "acme/Run operator"),
        childUrn("RosterGuard", "acme/guard"),
      ].sort(),
    );
    const registry = find(resources, "RegistryRoleAssignment", "acme/models/carol");
    expect(registry.inputs).toEqual({ user: "acme/carol-id", registryName: "models", roleName: "viewer" });
    expect(registry.dependencies.sort()).toEqual([childUrn("User", "acme/carol"), childUrn("RosterGuard", "acme/guard")].sort());
  });

  it("exposes typed maps by roster key, and the ids", async () => {
    const { org } = await build("acme", { roster: ROSTER, deployment: "dedicated" });
    expect(Object.keys(org.users)).toEqual(["alice", "Bob", "carol"]);
    expect(Object.keys(org.teams)).toEqual(["ml-platform", "research"]);
    expect(Object.keys(org.customRoles)).toEqual(["Run operator"]);
    expect(Object.keys(org.organizationRoleAssignments)).toEqual(["Bob"]);
    expect(Object.keys(org.teamRoleAssignments["ml-platform"] ?? {})).toEqual(["alice", "Bob"]);
    expect(Object.keys(org.registryRoleAssignments["models"] ?? {})).toEqual(["carol"]);
    expect(await valueOf(org.userIds)).toEqual({ alice: "acme/alice-id", Bob: "acme/bob-id", carol: "acme/carol-id" });
    expect(await valueOf(org.teamIds)).toEqual({ "ml-platform": "acme/ml-platform-id", research: "acme/research-id" });
    expect(await valueOf(org.customRoleIds)).toEqual({ "Run operator": "acme/Run operator-id" });
    expect(org.deployment).toBe("dedicated");
    expect(org.roster.users.map((u) => u.organizationRole)).toEqual(["admin", "Run operator", "member"]);
  });

  it("reordering the roster registers the same names and inputs", async () => {
    const first = await build("acme", { roster: ROSTER, deployment: "dedicated" });
    registered = [];
    inputsByUrn.clear();
    const reordered: Roster = {
      registryRoles: ROSTER.registryRoles,
      teams: [...(ROSTER.teams ?? [])].reverse(),
      customRoles: ROSTER.customRoles,
      users: [...(ROSTER.users ?? [])].reverse(),
    };
    const second = await build("acme", { roster: reordered, deployment: "dedicated" });
    const byKey = (rs: Registered[]) =>
      Object.fromEntries(rs.map((r) => [`${r.type}::${r.name}`, r.type === dynamic("Team") ? { ...r.inputs, members: [...(r.inputs["members"] as string[])].sort() } : r.inputs]));
    expect(byKey(second.resources)).toEqual(byKey(first.resources));
  });

  it("a team role under the top-level teamRoles registers the same TeamRoleAssignment as in its team", async () => {
    const first = await build("acme", { roster: ROSTER, deployment: "dedicated" });
    registered = [];
    inputsByUrn.clear();
    // Bob's custom role moves out of the team; alice's stays in it: both forms in one roster.
    const moved: Roster = {
      ...ROSTER,
      teams: [{ name: "ml-platform", members: ["alice", "bob"], roles: { alice: "admin" } }, { name: "research", members: ["carol", "alice"] }],
      teamRoles: [{ user: "Bob", team: "ml-platform", role: "Run operator" }],
    };
    const second = await build("acme", { roster: moved, deployment: "dedicated" });
    const byKey = (rs: Registered[]) =>
      Object.fromEntries(rs.map((r) => [`${r.type}::${r.name}`, { parent: r.parent, inputs: r.inputs, dependencies: [...r.dependencies].sort() }]));
    expect(byKey(second.resources)).toEqual(byKey(first.resources));
    const custom = find(second.resources, "TeamRoleAssignment", "acme/ml-platform/bob");
    expect(custom.inputs).toEqual({ user: "acme/bob-id", teamName: "ml-platform", roleName: "Run operator" });
    expect(custom.dependencies.sort()).toEqual(
      [
        childUrn("Team", "acme/ml-platform"),
        childUrn("User", "acme/bob"),
        childUrn("CustomRole", "acme/Run operator"),
        childUrn("RosterGuard", "acme/guard"),
      ].sort(),
    );
    expect(Object.keys(second.org.teamRoleAssignments["ml-platform"] ?? {})).toEqual(["alice", "Bob"]);
  });
});

describe("Organization options", () => {
  it("protectAdmins protects the admins, and only them", async () => {
    const { resources } = await build("guarded", { roster: ROSTER, deployment: "dedicated", protectAdmins: true });
    expect(find(resources, "User", "guarded/alice").protect).toBe(true);
    expect(find(resources, "User", "guarded/bob").protect).not.toBe(true);
    expect(find(resources, "User", "guarded/carol").protect).not.toBe(true);
    expect(find(resources, "Team", "guarded/ml-platform").protect).not.toBe(true);
  });

  it("without protectAdmins nothing is protected", async () => {
    const { resources } = await build("open", { roster: ROSTER, deployment: "dedicated" });
    expect(resources.filter((r) => r.protect === true)).toEqual([]);
  });

  it("deletion policies and adoptExisting reach every user, team and custom role", async () => {
    const { resources } = await build("adopt", {
      roster: ROSTER,
      deployment: "dedicated",
      adoptExisting: true,
      deletionPolicy: { users: "deactivate", teams: "retain" },
    });
    expect(find(resources, "User", "adopt/carol").inputs).toMatchObject({ adoptExisting: true, deletionPolicy: "deactivate" });
    expect(find(resources, "Team", "adopt/research").inputs).toMatchObject({ adoptExisting: true, deletionPolicy: "retain" });
    expect(find(resources, "CustomRole", "adopt/Run operator").inputs).toMatchObject({ adoptExisting: true });
  });
});

describe("Organization on the multi-tenant cloud (saas)", () => {
  it("creates the teams first, and each user into its roster teams; teams do not manage members", async () => {
    const { resources } = await build("cloud", { roster: ROSTER, deployment: "saas" });
    const alice = find(resources, "User", "cloud/alice");
    expect(alice.inputs).toEqual({
      userName: "alice",
      email: "alice@example.com",
      displayName: "Alice Doe",
      organizationRole: "admin",
      teams: ["ml-platform", "research"],
      guardedBy: "cloud",
    });
    expect(alice.dependencies.sort()).toEqual(
      [childUrn("Team", "cloud/ml-platform"), childUrn("Team", "cloud/research"), childUrn("RosterGuard", "cloud/guard")].sort(),
    );
    expect(find(resources, "User", "cloud/carol").inputs).toMatchObject({ teams: ["research"] });
    expect(find(resources, "Team", "cloud/ml-platform").inputs).toEqual({ name: "ml-platform", guardedBy: "cloud" });
    expect(find(resources, "Team", "cloud/ml-platform").dependencies).toEqual([childUrn("RosterGuard", "cloud/guard")]);
  });

  it("follows the provider's deployment: wandb:baseUrl on api.wandb.ai is saas", async () => {
    pulumi.runtime.setAllConfig({ "wandb:baseUrl": "https://api.wandb.ai" });
    const { org, resources } = await build("inferred", { roster: ROSTER });
    expect(org.deployment).toBe("saas");
    expect(find(resources, "User", "inferred/carol").inputs).toMatchObject({ teams: ["research"] });
  });

  it("an unknown deployment fails the program, naming the key, never guessed from the host", () => {
    pulumi.runtime.setAllConfig({ "wandb:baseUrl": "https://api.wandb.ai", "wandb:deployment": "cloud" });
    let error: unknown;
    try {
      new Organization("unknown-deployment", { roster: ROSTER });
    } catch (e) {
      error = e;
    }
    expect(pulumi.RunError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/^Invalid wandb:deployment \(got "cloud"\): expected one of saas, dedicated, self-managed\. .*pulumi config set wandb:deployment/);
    expect(registered).toEqual([]);
  });

  it("WANDB_DEPLOYMENT counts too, and a user in no team is a roster mistake there", () => {
    process.env["WANDB_DEPLOYMENT"] = "saas";
    const roster: Roster = { users: [...(ROSTER.users ?? []), { userName: "dave", email: "dave@example.com" }], teams: ROSTER.teams, customRoles: ROSTER.customRoles };
    expect(() => new Organization("lonely", { roster })).toThrow(
      'roster of Organization "lonely": users[3] "dave": "dave" is in no team, and on the multi-tenant cloud (saas) users join the organization through teams: add "dave" to the members of a team of the roster',
    );
  });
});

describe("a roster mistake", () => {
  it("throws a RosterError from the constructor and registers nothing, not even the component", async () => {
    const roster: Roster = { ...ROSTER, teams: [{ name: "ml-platform", members: ["alice", "bob", "carol", "dave"] }] };
    let error: unknown;
    try {
      new Organization("broken", { roster, deployment: "dedicated" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RosterError);
    expect((error as RosterError).message).toBe(
      'roster of Organization "broken": teams[0] "ml-platform": members[3] "dave" is not a user of the roster: add a user "dave" under users, or remove "dave" from the team',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(registered).toEqual([]);
  });

  it("in a roster file names the file and the line", async () => {
    const { writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const file = join(temporaryFolder("roster-"), "roster.yaml");
    writeFileSync(file, "users:\n  - userName: alice\n    email: alice@example\n  - userName: bob\n");
    expect(() => new Organization("file", { roster: file })).toThrow(
      `${file}:4: users[1] "bob": email is missing: give the user's email address, e.g. \`email: alice@example.com\``,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(registered).toEqual([]);
  });
});
