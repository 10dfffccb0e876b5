// The native plugin through the real engine: a program declares the wandb resources by type
// token; the engine starts the plugin from this package's PulumiPlugin.yaml through the language
// host, as `pulumi package add` users run it. Create, drift found by refresh and repaired, a 412,
// a second organization through an explicit provider, and destroy; the state keeps the key a secret.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorApi } from "../support/emulator-api";
import { NativeResource, wandbProvider } from "../support/native-resources";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../harness/pulumi";

const USER_OUTPUTS = ["userName", "email", "displayName", "active", "etag", "teamRoles"];

interface Declared {
  displayName: string;
}

describe("the native plugin through the engine", () => {
  let home: RunningEmulator;
  let other: RunningEmulator;
  let stack: StackHandle;
  const declared: Declared = { displayName: "Ana Native" };

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
          new NativeResource("TeamMember", "bo-in-team", { teamId: team.id, user: bo.id }, ["userId"]);
          new NativeResource("CustomRole", "auditor", { name: "Native auditor", inheritedFrom: "viewer", permissions: ["run:stop"] }, ["permissions"]);
          new NativeResource("OrganizationRoleAssignment", "bo-admin", { user: bo.id, role: "admin" }, ["userId"]);
          const elsewhere = wandbProvider("elsewhere", { baseUrl: other.url, apiKey: other.admin.apiKey, username: other.admin.username, deployment: other.deployment });
          const cy = new NativeResource("User", "cy", { userName: "cy-elsewhere", email: "cy@example.com" }, USER_OUTPUTS, { provider: elsewhere });
          return { anaId: ana.id, anaName: ana.outputs["displayName"], cyId: cy.id, memberIds: team.outputs["memberIds"] };
        },
      },
      { config: emulatorConfig(home), providerPlugins: [{ name: "wandb", path: repoRoot }] },
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
    expect(result.changes).toMatchObject({ create: 10 });
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

  it("sees a change made outside Pulumi at refresh, shows it at preview, and up repairs it", async () => {
    const anaId = String((await stack.stack.outputs())["anaId"]!.value);
    await scimOf(home).scim("PATCH", `/Users/${anaId}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", path: "displayName", value: "Changed By Hand" }],
    });
    const refreshed = await stack.refresh();
    expect(refreshed.changes).toMatchObject({ update: 1 });
    const steps = await stack.previewSteps();
    expect(steps).toEqual([{ op: "update", name: "ana", diffs: ["displayName"] }]);
    await stack.up();
    expect(await scimOf(home).scim("GET", `/Users/${anaId}`)).toMatchObject({ displayName: "Ana Native" });
  });

  it("fails with a 412 rather than overwrite a person's change", async () => {
    const anaId = String((await stack.stack.outputs())["anaId"]!.value);
    await scimOf(home).scim("PATCH", `/Users/${anaId}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", path: "displayName", value: "A Person's Choice" }],
    });
    declared.displayName = "Ana From Code";
    const failed = await stack.failing("up");
    expect(failed.log).toMatch(/displayName.*changed outside Pulumi|changed outside Pulumi.*displayName/s);
    expect(await scimOf(home).scim("GET", `/Users/${anaId}`)).toMatchObject({ displayName: "A Person's Choice" });
    // The person's change is kept until the program says otherwise after a refresh.
    await stack.refresh();
    await stack.up();
    expect(await scimOf(home).scim("GET", `/Users/${anaId}`)).toMatchObject({ displayName: "Ana From Code" });
  });

  it("destroys everything, in both organizations", async () => {
    const outputs = await stack.stack.outputs();
    const result = await stack.destroy();
    expect(result.changes).toMatchObject({ delete: 10 });
    await expect(scimOf(home).scim("GET", `/Users/${String(outputs["anaId"]!.value)}`)).rejects.toThrow(/404/);
    await expect(scimOf(other).scim("GET", `/Users/${String(outputs["cyId"]!.value)}`)).rejects.toThrow(/404/);
  });
});

