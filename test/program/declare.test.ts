// The Organization's rules as a Construct uses them: inputs as plain data (planOrganization), and
// children declared with registered resources of the package's types (declareOrganization with
// `new pulumi.CustomResource("wandb:index:<Kind>", ...)`) instead of the SDK's dynamic classes.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { planOrganization } from "../../model/organization";
import { declareOrganization, type OrganizationChildArgs } from "../../program/organization";
import { ORGANIZATION_TYPE } from "../../model/tokens";
import { RosterError } from "../../model/roster/roster";
import { temporaryFolder } from "../support/temporary-folder";

const inputs = new Map<string, Record<string, unknown>>();
beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        inputs.set(args.name, args.inputs as Record<string, unknown>);
        if (args.type !== "wandb:index:OrganizationMembers") return { id: `${args.name}-id`, state: args.inputs };
        // A set of people records each person's SCIM id.
        const people = Object.entries(args.inputs["members"] as Record<string, object>).map(([userName, person]) => [userName, { ...person, id: `${userName}-id` }]);
        return { id: `${args.name}-id`, state: { ...args.inputs, members: Object.fromEntries(people) } };
      },
      call: (args) => args.inputs,
    },
    "declare-test",
    "dev",
    false,
  );
});
afterEach(() => inputs.clear());

/** A resource of the package registered by type token, as the plugin's Construct registers children. */
class Registered extends pulumi.CustomResource {
  declare readonly name: pulumi.Output<string>;
  declare readonly members: pulumi.Output<Record<string, { id: string }>>;
}

const registering =
  <Kind extends keyof OrganizationChildArgs>(kind: Kind) =>
  (name: string, args: OrganizationChildArgs[Kind], opts: pulumi.CustomResourceOptions) =>
    new Registered(`wandb:index:${kind}`, name, { ...args }, opts);

const KINDS = {
  User: registering("User"),
  OrganizationMembers: registering("OrganizationMembers"),
  Team: registering("Team"),
  CustomRole: registering("CustomRole"),
  OrganizationRoleAssignment: registering("OrganizationRoleAssignment"),
  TeamRoleAssignment: registering("TeamRoleAssignment"),
  RegistryRoleAssignment: registering("RegistryRoleAssignment"),
  RosterGuard: registering("RosterGuard"),
  ServiceAccount: registering("ServiceAccount"),
};

const valueOf = <T>(output: pulumi.Output<T>): Promise<T> => new Promise((resolve) => output.apply(resolve));

/** Inputs as a Construct receives them: plain data, the roster an object. */
const INPUTS = {
  roster: {
    users: [
      { userName: "alice", email: "alice@example.com", organizationRole: "admin" },
      { userName: "Bob", email: "bob@example.com", organizationRole: "Run operator" },
    ],
    customRoles: [{ name: "Run operator", inheritedFrom: "member", permissions: ["run:stop"] }],
    teams: [{ name: "ml", members: ["alice", "bob"], roles: { bob: "Run operator" } }],
    registryRoles: [{ user: "alice", registry: "models", role: "admin" }],
    serviceAccounts: [
      { name: "CI-bot", scope: "Team", defaultTeam: "ml" },
      { name: "org-bot", scope: "organization", defaultTeam: "platform" },
    ],
  },
  protectAdmins: true,
  deletionPolicy: { users: "deactivate" },
};

const noConfiguredDeployment = () => undefined;

describe("declareOrganization with registered resources", () => {
  it("declares the same children, named by roster keys, under the component, with the ids as outputs", async () => {
    const plan = planOrganization("acme", INPUTS, noConfiguredDeployment);
    const component = new pulumi.ComponentResource(ORGANIZATION_TYPE, "acme", {}, {});
    const declared = declareOrganization(component, "acme", plan, KINDS);
    const children = [
      ...Object.values(declared.users),
      ...Object.values(declared.teams),
      ...Object.values(declared.customRoles),
      ...Object.values(declared.organizationRoleAssignments),
      ...Object.values(declared.teamRoleAssignments).flatMap((byUser) => Object.values(byUser)),
      ...Object.values(declared.registryRoleAssignments).flatMap((byUser) => Object.values(byUser)),
      ...Object.values(declared.serviceAccounts),
      declared.guard,
    ];
    const urns = await Promise.all(children.map((child) => valueOf(child.urn)));
    const parent = `urn:pulumi:dev::declare-test::${ORGANIZATION_TYPE}$`;
    expect(urns.sort()).toEqual(
      [
        `${parent}wandb:index:User::acme/alice`,
        `${parent}wandb:index:User::acme/bob`,
        `${parent}wandb:index:Team::acme/ml`,
        `${parent}wandb:index:CustomRole::acme/Run operator`,
        `${parent}wandb:index:OrganizationRoleAssignment::acme/bob`,
        `${parent}wandb:index:TeamRoleAssignment::acme/ml/bob`,
        `${parent}wandb:index:RegistryRoleAssignment::acme/models/alice`,
        `${parent}wandb:index:ServiceAccount::acme/ci-bot`,
        `${parent}wandb:index:ServiceAccount::acme/org-bot`,
        `${parent}wandb:index:RosterGuard::acme/guard`,
      ].sort(),
    );
    expect(inputs.get("acme/alice")).toEqual({ userName: "alice", email: "alice@example.com", organizationRole: "admin", deletionPolicy: "deactivate", guardedBy: "acme" });
    expect(inputs.get("acme/ml")).toEqual({ name: "ml", members: ["acme/alice-id", "acme/bob-id"], guardedBy: "acme" });
    // The team's and the role's names reach their dependents through the registered resources' outputs.
    expect(inputs.get("acme/ml/bob")).toEqual({ user: "acme/bob-id", teamName: "ml", roleName: "Run operator" });
    expect(await valueOf(declared.outputs.userIds)).toEqual({ alice: "acme/alice-id", Bob: "acme/bob-id" });
    expect(await valueOf(declared.outputs.teamIds)).toEqual({ ml: "acme/ml-id" });
    expect(await valueOf(declared.outputs.customRoleIds)).toEqual({ "Run operator": "acme/Run operator-id" });
    // Service accounts: scope in lower case; never users (the guard's record does not list them).
    expect(inputs.get("acme/ci-bot")).toEqual({ name: "CI-bot", scope: "team", defaultTeam: "ml" });
    expect(inputs.get("acme/org-bot")).toEqual({ name: "org-bot", scope: "organization", defaultTeam: "platform" });
    expect((inputs.get("acme/guard") as { users: string[] }).users).toEqual(["Bob", "alice"]);
    expect(await valueOf(declared.outputs.serviceAccountIds)).toEqual({ "CI-bot": "acme/ci-bot-id", "org-bot": "acme/org-bot-id" });
    expect(declared.outputs.deployment).toBeUndefined();
  });
});

describe("the compact layout", () => {
  it("declares the roster's people in one OrganizationMembers, named by email where the last state records no id, which every child naming them waits for", async () => {
    const plan = planOrganization("acme", { ...INPUTS, layout: "compact" }, noConfiguredDeployment);
    const component = new pulumi.ComponentResource(ORGANIZATION_TYPE, "acme", {}, {});
    const declared = declareOrganization(component, "acme", plan, KINDS);
    expect(Object.keys(declared.users)).toEqual(["alice"]);
    const members = declared.members!;
    const children = [
      members,
      ...Object.values(declared.users),
      ...Object.values(declared.teams),
      ...Object.values(declared.organizationRoleAssignments),
      ...Object.values(declared.teamRoleAssignments).flatMap((byUser) => Object.values(byUser)),
      ...Object.values(declared.registryRoleAssignments).flatMap((byUser) => Object.values(byUser)),
    ];
    const parent = `urn:pulumi:dev::declare-test::${ORGANIZATION_TYPE}$`;
    expect((await Promise.all(children.map((child) => valueOf(child.urn)))).sort()).toEqual(
      [
        `${parent}wandb:index:OrganizationMembers::acme/members`,
        `${parent}wandb:index:User::acme/alice`,
        `${parent}wandb:index:Team::acme/ml`,
        `${parent}wandb:index:OrganizationRoleAssignment::acme/bob`,
        `${parent}wandb:index:TeamRoleAssignment::acme/ml/bob`,
        `${parent}wandb:index:RegistryRoleAssignment::acme/models/alice`,
      ].sort(),
    );
    // Each person as a User would declare them, the users' deletionPolicy once for all, a custom role left to its assignment;
    // the admin protectAdmins protects stays a User (Pulumi protects resources, not people in one), whom the set lets go
    // to it, never removes, should it hold them (promoted).
    expect(inputs.get("acme/members")).toEqual({ members: { Bob: { email: "bob@example.com" } }, deletionPolicy: "deactivate", adminsAsUsers: ["alice"], guardedBy: "acme" });
    expect(inputs.get("acme/alice")).toMatchObject({ userName: "alice", organizationRole: "admin", guardedBy: "acme" });
    expect(inputs.get("acme/ml")).toEqual({ name: "ml", members: ["acme/alice-id", "bob@example.com"], guardedBy: "acme" });
    expect(inputs.get("acme/ml/bob")).toEqual({ user: "bob@example.com", teamName: "ml", roleName: "Run operator" });
    expect(inputs.get("acme/bob")).toEqual({ user: "bob@example.com", role: "Run operator" });
    expect(inputs.get("acme/models/alice")).toEqual({ user: "acme/alice-id", registryName: "models", roleName: "admin" });
    expect(await valueOf(declared.outputs.userIds)).toEqual({ alice: "acme/alice-id", Bob: "Bob-id" });
  });

  it("on the multi-tenant cloud each person names their teams, and the set waits for them", async () => {
    const roster = { users: [{ userName: "alice", email: "alice@example.com" }], teams: [{ name: "ml", members: ["alice"] }] };
    const plan = planOrganization("acme", { roster, deployment: "saas", layout: "compact" }, noConfiguredDeployment);
    const declared = declareOrganization(new pulumi.ComponentResource(ORGANIZATION_TYPE, "acme", {}, {}), "acme", plan, KINDS);
    await valueOf(declared.members!.urn);
    expect(inputs.get("acme/members")).toEqual({ members: { alice: { email: "alice@example.com", organizationRole: "member", teams: ["ml"] } }, guardedBy: "acme" });
    expect(inputs.get("acme/ml")).toEqual({ name: "ml", guardedBy: "acme" });
  });

  it("refuses a layout it does not know, naming the input", () => {
    expect(() => planOrganization("acme", { ...INPUTS, layout: "sets" }, noConfiguredDeployment)).toThrow(/`layout` must be "per-person" or "compact"/);
  });
});

describe("a roster's membersFrom: idp team", () => {
  it("is declared without members and with membersFrom idp, which its state keeps for its destroy", async () => {
    const roster = {
      users: [{ userName: "alice", email: "alice@example.com" }],
      teams: [
        { name: "sso", membersFrom: "idp", members: ["alice"] },
        { name: "ml", members: ["alice"] },
      ],
    };
    const plan = planOrganization("acme", { roster, deployment: "dedicated" }, noConfiguredDeployment);
    const declared = declareOrganization(new pulumi.ComponentResource(ORGANIZATION_TYPE, "acme", {}, {}), "acme", plan, KINDS);
    await Promise.all(Object.values(declared.teams).map((team) => valueOf(team.urn)));
    expect(inputs.get("acme/sso")).toEqual({ name: "sso", membersFrom: "idp", guardedBy: "acme" });
    expect(inputs.get("acme/ml")).toEqual({ name: "ml", members: ["acme/alice-id"], guardedBy: "acme" });
  });
});

describe("a roster's grants past their date, as of the run's clock", () => {
  it("are declared taken away: the user deactivated, the membership and its team role left, the roles back to their fallbacks; the record holds each judged", async () => {
    const roster = {
      users: [
        { userName: "ana", email: "ana@example.com", organizationRole: "admin" },
        { userName: "bob", email: "bob@example.com", expires: "2025-03-01" },
        { userName: "cy", email: "cy@example.com", organizationRole: "admin", organizationRoleExpires: "2025-03-01T12:00:00Z", organizationRoleAfterExpiry: "Run operator" },
        { userName: "dee", email: "dee@example.com" },
      ],
      customRoles: [{ name: "Run operator", inheritedFrom: "member", permissions: ["run:stop"] }],
      teams: [{ name: "ml", members: ["ana", "bob", "cy", { user: "dee", expires: "2025-03-01" }], roles: { dee: "admin" } }],
      registryRoles: [{ user: "ana", registry: "models", role: "admin", expires: "2025-04-01" }],
      requiredAdmins: ["ana"],
    };
    const plan = planOrganization("acme", { roster, deployment: "dedicated" }, noConfiguredDeployment, { asOf: Date.parse("2025-03-02T00:00:00Z") });
    const declared = declareOrganization(new pulumi.ComponentResource(ORGANIZATION_TYPE, "acme", {}, {}), "acme", plan, KINDS);
    await Promise.all([declared.guard, ...Object.values(declared.users), ...Object.values(declared.teams)].map((child) => valueOf(child.urn)));
    expect(inputs.get("acme/bob")).toMatchObject({ userName: "bob", active: false, organizationRole: "member" });
    // A custom role as the fallback is an assignment's: the User leaves the role alone.
    expect(inputs.get("acme/cy")).not.toHaveProperty("organizationRole");
    expect(Object.keys(declared.organizationRoleAssignments)).toEqual(["cy"]);
    expect(inputs.get("acme/ml")).toEqual({ name: "ml", members: ["acme/ana-id", "acme/bob-id", "acme/cy-id"], guardedBy: "acme" });
    expect(declared.teamRoleAssignments).toEqual({});
    expect(Object.keys(declared.registryRoleAssignments["models"] ?? {})).toEqual(["ana"]);
    const record = inputs.get("acme/guard") as { users: string[]; admins: string[]; requiredAdmins: string[]; expiries: { grant: string; user: string; expired: boolean }[] };
    // bob's access expired: none, to the guard rails; cy's admin grant too.
    expect(record.users).toEqual(["ana", "cy", "dee"]);
    expect(record.admins).toEqual(["ana"]);
    expect(record.requiredAdmins).toEqual(["ana"]);
    expect(record.expiries.map(({ grant, user, expired }) => [grant, user, expired])).toEqual([
      ["user", "bob", true],
      ["team", "dee", true],
      ["organizationRole", "cy", true],
      ["registryRole", "ana", false],
    ]);
  });
});

describe("planOrganization with inputs as plain data", () => {
  it("asks for the configured deployment only when the inputs give none", () => {
    let asked = 0;
    const configured = () => {
      asked++;
      return "saas" as const;
    };
    const roster = { users: [{ userName: "a", email: "a@example.com" }], teams: [{ name: "t", members: ["a"] }] };
    expect(planOrganization("acme", { roster, deployment: "dedicated" }, configured).deployment).toBe("dedicated");
    expect(asked).toBe(0);
    expect(planOrganization("acme", { roster, deployment: null }, configured)).toMatchObject({
      deployment: "saas",
      protectAdmins: false,
      adoptExisting: false,
      deletionPolicy: {},
    });
    expect(asked).toBe(1);
  });

  it("a mistake in an input other than the roster names the input, its valid values and what was given", () => {
    const roster = INPUTS.roster;
    expect(() => planOrganization("acme", { roster, deletionPolicy: { users: "archive" } }, noConfiguredDeployment)).toThrow(
      'Organization "acme": `deletionPolicy.users` must be "delete" or "deactivate" (got "archive").',
    );
    expect(() => planOrganization("acme", { roster, deployment: "cloud" }, noConfiguredDeployment)).toThrow(
      '`deployment` must be "saas", "dedicated" or "self-managed" (got "cloud")',
    );
    expect(() => planOrganization("acme", { roster, protectAdmins: "yes" }, noConfiguredDeployment)).toThrow(
      '`protectAdmins` must be true or false (got "yes")',
    );
    expect(() => planOrganization("acme", { roster, deletionPolicy: { team: "retain" } }, noConfiguredDeployment)).toThrow(
      "`deletionPolicy` must be an object with `users` and/or `teams`",
    );
  });

  it("a roster mistake is a RosterError naming the entry; a missing roster says so", () => {
    const bad = { users: [{ userName: "a", email: "not-an-email" }] };
    expect(() => planOrganization("acme", { roster: bad }, noConfiguredDeployment)).toThrow(
      /roster of Organization "acme": users\[0\] "a": email "not-an-email" is not an email address/,
    );
    const missing = (() => {
      try {
        planOrganization("acme", {}, noConfiguredDeployment);
      } catch (error) {
        return error;
      }
    })();
    expect(missing).toBeInstanceOf(RosterError);
    expect((missing as RosterError).message).toMatch(/the roster is missing/);
  });

  it("a roster path is resolved from the current directory, the program's (the engine starts providers there too)", () => {
    const dir = temporaryFolder("declare-roster-");
    writeFileSync(join(dir, "roster.yaml"), "users:\n  - { userName: zoe, email: zoe@example.com }\n");
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      expect(planOrganization("acme", { roster: "roster.yaml" }, noConfiguredDeployment).roster.users.map((u) => u.userName)).toEqual(["zoe"]);
    } finally {
      process.chdir(cwd);
    }
  });
});
