// A permission set change previews as what joins and what leaves, not as list edits by position.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, installedPackage, openStack, type StackHandle } from "../harness/pulumi";

describe("set-valued inputs preview as added and removed items", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let permissions = ["project:delete", "run:stop"];

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    const wandb = installedPackage();
    stack = await openStack(
      {
        projectName: "set-diff",
        inline: async () => {
          new wandb.CustomRole("operator", { name: "Set operator", inheritedFrom: "member", permissions });
        },
      },
      { config: emulatorConfig(emulator) },
    );
  });

  afterAll(async () => {
    await stack?.destroy().catch(() => undefined);
    await stack?.dispose();
    await emulator?.close();
  });

  it("names the permission added and the one removed", async () => {
    await stack.up();
    permissions = ["run:stop", "run:delete"];
    const preview = await stack.preview();
    expect(preview.changes).toMatchObject({ update: 1 });
    expect(preview.log).toContain('permissions of custom role "Set operator": + run:delete, - project:delete');
    // An unchanged set in another order is no change at all, and says nothing.
    await stack.up();
    permissions = ["run:delete", "run:stop"];
    const reordered = await stack.preview();
    expect(reordered.changes).toEqual({ same: 2 });
    expect(reordered.log).not.toContain("permissions of custom role");
  });
});
