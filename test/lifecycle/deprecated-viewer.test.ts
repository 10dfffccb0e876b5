// The deprecated organization role `viewer` is warned about at preview through either front door:
// the warning comes from the core's check, which the native plugin sends through the engine's log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, installedPackage, openStack, repoRoot, type OpenStackOptions, type StackHandle } from "../support/pulumi";
import { NativeResource } from "../support/native-resources";

const USER = { userName: "vera", email: "vera@example.com", organizationRole: "Viewer" };
const ASSIGNMENT = { user: "vera@example.com", role: "viewer" };

const DOORS: [string, () => void, Partial<OpenStackOptions>][] = [
  [
    "dynamic resources",
    () => {
      const wandb = installedPackage();
      new wandb.User("vera", USER);
      new wandb.OrganizationRoleAssignment("vera-role", ASSIGNMENT);
    },
    {},
  ],
  [
    "native plugin",
    () => {
      new NativeResource("User", "vera", USER, []);
      new NativeResource("OrganizationRoleAssignment", "vera-role", ASSIGNMENT, []);
    },
    { providerPlugins: [{ name: "wandb", path: repoRoot }] },
  ],
];

describe.each(DOORS)("the organization role viewer: %s", (door, declare, options) => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stack = await openStack({ projectName: `viewer-${door.split(" ")[0]}`, inline: async () => declare() }, { config: emulatorConfig(emulator), ...options });
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("is warned about at preview, for a User and for an OrganizationRoleAssignment", async () => {
    const preview = await stack.preview();
    expect(preview.log).toMatch(/warning: .*organizationRole "viewer" is deprecated: W&B assigns "member" instead, which is what this User stores/);
    expect(preview.log).toMatch(/warning: .*The organization role "viewer" is deprecated: W&B assigns "member" instead, and that is what is stored/);
  });
});
