// The plugin's Organization registers its children itself (provider/doors/plugin/registrar.ts), with
// the options the SDK would give them. Under `pulumi up --parallel 1` (one child in flight, as the
// engine asks) the whole roster is made, and `protectAdmins` protects the admins' Users alone: a
// protect the registrar sends per child (the engine gives a child its component's own protect
// whatever the request says, so that one shows nothing of the registrar).
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { ORGANIZATION_TYPE } from "../../model/tokens";
import { parseUrn } from "../../model/urn";
import { RemoteComponent } from "../support/native-resources";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";

let emulator: RunningEmulator;
let stack: StackHandle;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  stack = await openStack(
    {
      projectName: "plugin-component-options",
      inline: async () => {
        const org = new RemoteComponent(
          "Organization",
          "acme",
          {
            protectAdmins: true,
            roster: {
              users: [
                { userName: "ana-p1", email: "ana-p1@example.com", organizationRole: "admin" },
                { userName: "bo-p1", email: "bo-p1@example.com" },
              ],
              teams: [{ name: "p1-team", members: ["ana-p1", "bo-p1"] }],
            },
          },
          ["userIds"],
        );
        return { userIds: org.outputs["userIds"] };
      },
    },
    { config: emulatorConfig(emulator), providerPlugins: [{ name: "wandb", path: repoRoot }] },
  );
});

afterAll(async () => {
  await stack?.dispose();
  await emulator?.close();
});

it("makes the roster one child at a time under --parallel 1, the admin's User alone protected", async () => {
  const result = await stack.up({ parallel: 1 });
  expect(Object.keys(result.outputs["userIds"] as Record<string, string>).sort()).toEqual(["ana-p1", "bo-p1"]);
  const { resources = [] } = (await stack.exportState()) as { resources?: { urn: string; protect?: boolean }[] };
  const children = resources.filter(({ urn }) => parseUrn(urn).parentType === ORGANIZATION_TYPE);
  // Two users, the team and the roster's record.
  expect(children.map(({ urn }) => parseUrn(urn).name).sort()).toEqual(["acme/ana-p1", "acme/bo-p1", "acme/guard", "acme/p1-team"]);
  expect(children.filter((child) => child.protect === true).map(({ urn }) => parseUrn(urn).name)).toEqual(["acme/ana-p1"]);
});
