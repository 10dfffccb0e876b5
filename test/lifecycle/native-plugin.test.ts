// The native plugin through the real engine: a program declares the wandb resources by type
// token; the engine starts the plugin from this package's PulumiPlugin.yaml through the language
// host, as `pulumi package add` users run it. Create, a 412 rather than overwrite a person's change,
// which refresh then finds and up makes what the code declares, a second organization through an
// explicit provider, getUser at the up, and destroy; the state keeps the key a secret. An invoke that
// finds nothing, failing with what was searched for: the plugin's Invoke in process
// (test/provider/doors/plugin/invokes.test.ts); such a lookup failing a preview through the engine on
// this door: test/cli/review-recordings.test.ts (failed-lookup, live on the plugin door).
// `pulumi import` of every type through the plugin: test/lifecycle/export-import.test.ts (and, each
// kind's import id alone, its check and its diff, in-process: test/provider/resources/import-inputs.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as pulumi from "@pulumi/pulumi";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorApi } from "../../scripts/emulator-api";
import { NativeResource, RemoteComponent, wandbProvider } from "../support/native-resources";
import { emulatorConfig, LET_REMOVALS_THROUGH, openStack, repoRoot, type StackHandle } from "../support/pulumi";

const USER_OUTPUTS = ["userName", "email", "displayName", "active", "etag", "teamRoles"];

interface Declared {
  displayName: string;
}

describe("the native plugin through the engine", () => {
  let home: RunningEmulator;
  let other: RunningEmulator;
  let stack: StackHandle;
  const declared: Declared = { displayName: "Ana Native" };
  /** The stack's outputs after the first up: the ids, which no later run changes. */
  let created: Record<string, unknown>;

  beforeAll(async () => {
    home = await startEmulator({ port: 0 });
    other = await startEmulator({ port: 0 });
    stack = await openStack(
      {
        projectName: "native-plugin",
        inline: async () => {
          const ana = new NativeResource("User", "ana", { userName: "ana-native", email: "ana-native@example.com", displayName: declared.displayName }, USER_OUTPUTS);
          const bo = new NativeResource("User", "bo", { userName: "bo-native", email: "bo-native@example.com" }, USER_OUTPUTS);
          const team = new NativeResource("Team", "team", { name: "native-team", members: [ana.id] }, ["name", "members", "memberIds"]);
          // A team whose members are left to TeamMember resources (a Team with `members` owns the whole list).
          const crew = new NativeResource("Team", "crew", { name: "native-crew" }, []);
          new NativeResource("TeamMember", "bo-in-crew", { teamId: crew.id, user: bo.id }, ["userId"]);
          new NativeResource("CustomRole", "auditor", { name: "Native auditor", inheritedFrom: "viewer", permissions: ["run:stop"] }, ["permissions"]);
          new NativeResource("OrganizationRoleAssignment", "bo-admin", { user: bo.id, role: "admin" }, ["userId"]);
          const elsewhere = wandbProvider("elsewhere", { baseUrl: other.url, apiKey: other.admin.apiKey, username: other.admin.username, deployment: other.deployment });
          const cy = new NativeResource("User", "cy", { userName: "cy-elsewhere", email: "cy@example.com" }, USER_OUTPUTS, { provider: elsewhere });
          const found = pulumi.runtime.invokeOutput("wandb:index:getUser", { email: "ana-native@example.com" }, { dependsOn: [ana] });
          const org = new RemoteComponent("Organization", "acme", {
            roster: { users: [{ userName: "dee-org", email: "dee-org@example.com" }], teams: [{ name: "org-team", members: ["dee-org"] }] },
          }, ["userIds", "teamIds", "customRoleIds", "deployment"]);
          return {
            anaId: ana.id, anaName: ana.outputs["displayName"], cyId: cy.id, memberIds: team.outputs["memberIds"],
            foundUserName: found.apply((user) => (user as { userName: string }).userName), orgUserIds: org.outputs["userIds"], orgTeamIds: org.outputs["teamIds"],
          };
        },
      },
      { config: emulatorConfig(home), providerPlugins: [{ name: "wandb", path: repoRoot }], pluginFromSource: true },
    );
  });

  afterAll(async () => {
    await stack?.dispose();
    await home?.close();
    await other?.close();
  });

  const scimOf = (emulator: RunningEmulator) => emulatorApi(emulator);

  it("creates every resource, each in its own organization", async () => {
    const result = await stack.up();
    created = result.outputs;
    // The stack, the explicit provider, eight wandb resources, and the Organization with its user, team and roster record
    // (default providers are not counted).
    expect(result.changes).toMatchObject({ create: 14 });
    expect(result.outputs["foundUserName"]).toBe("ana-native");
    const orgUserIds = result.outputs["orgUserIds"] as Record<string, string>;
    expect(await scimOf(home).scim("GET", `/Users/${orgUserIds["dee-org"]}`)).toMatchObject({ userName: "dee-org" });
    const orgTeamIds = result.outputs["orgTeamIds"] as Record<string, string>;
    expect(await scimOf(home).scim("GET", `/Groups/${orgTeamIds["org-team"]}`)).toMatchObject({ displayName: "org-team", members: expect.arrayContaining([expect.objectContaining({ Value: orgUserIds["dee-org"] })]) });
    expect(result.outputs["anaName"]).toBe("Ana Native");
    const anaId = String(result.outputs["anaId"]);
    expect(await scimOf(home).scim("GET", `/Users/${anaId}`)).toMatchObject({ userName: "ana-native", displayName: "Ana Native" });
    const cyId = String(result.outputs["cyId"]);
    expect(await scimOf(other).scim("GET", `/Users/${cyId}`)).toMatchObject({ userName: "cy-elsewhere" });
    await expect(scimOf(home).scim("GET", `/Users/${cyId}`)).rejects.toThrow(/404/);
  });

  it("stores each resource's own inputs and outputs, and no key in plain text", async () => {
    const state = JSON.stringify(await stack.exportState());
    expect(state).not.toContain(home.admin.apiKey);
    expect(state).not.toContain(other.admin.apiKey);
    expect(state).not.toContain("__provider\":\"");
    const deployment = JSON.parse(state) as { resources: { type: string; inputs?: Record<string, unknown> }[] };
    const providers = deployment.resources.filter((r) => r.type === "pulumi:providers:wandb");
    expect(providers).toHaveLength(2);
    for (const provider of providers) expect(provider.inputs?.["apiKey"]).toMatchObject({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext: expect.any(String) });
  });

  it("fails with a 412 rather than overwrite a person's change; refresh sees the change, preview shows it, and up makes it what the code declares", async () => {
    const anaId = String(created["anaId"]);
    await scimOf(home).scim("PATCH", `/Users/${anaId}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", path: "displayName", value: "A Person's Choice" }],
    });
    declared.displayName = "Ana From Code";
    const failed = await stack.failing("up");
    expect(failed.log).toMatch(/displayName.*changed outside Pulumi|changed outside Pulumi.*displayName/s);
    expect(await scimOf(home).scim("GET", `/Users/${anaId}`)).toMatchObject({ displayName: "A Person's Choice" });
    // The person's change is kept until the program says otherwise after a refresh.
    const refreshed = await stack.refresh();
    // Ana's drift, and any ETag that moved since (bo's, by the role assignment's write).
    expect(refreshed.changes["update"]).toBeGreaterThanOrEqual(1);
    const steps = await stack.previewSteps();
    // The roster's record reports the stack's standalone resources as outside its roster, but not as
    // news: made after its first write, they were found held by this stack at this refresh.
    expect(steps).toEqual([{ op: "update", name: "ana", diffs: ["displayName"] }]);
    await stack.up();
    expect(await scimOf(home).scim("GET", `/Users/${anaId}`)).toMatchObject({ displayName: "Ana From Code" });
  });

  it("destroys everything, in both organizations", async () => {
    // The roster's team is emptied: a removal the guard rails let through only when meant.
    const result = await stack.withEnv(LET_REMOVALS_THROUGH, () => stack.destroy());
    // As created: the Organization's roster record among them.
    expect(result.changes).toMatchObject({ delete: 14 });
    await expect(scimOf(home).scim("GET", `/Users/${String(created["anaId"])}`)).rejects.toThrow(/404/);
    await expect(scimOf(other).scim("GET", `/Users/${String(created["cyId"])}`)).rejects.toThrow(/404/);
  });
});
