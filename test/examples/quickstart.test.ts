import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { heldUser } from "../../scripts/emulator-api";

describe("examples/quickstart", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stack = await openStack({ dir: path.join(repoRoot, "examples", "quickstart") }, { config: emulatorConfig(emulator) });
  });
  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("creates users, a team, a custom role, assignments of each kind, and reads the models", async () => {
    const result = await stack.up();
    expect(result.changes).toEqual({ create: 9 });
    const userIds = result.outputs["userIds"] as Record<string, string>;
    expect(Object.keys(userIds)).toEqual(["alice", "bob", "carol"]);
    expect([...(result.outputs["teamMembers"] as string[])].sort()).toEqual(Object.values(userIds).sort());
    expect(result.outputs["inferenceModels"]).toHaveLength(6);
    expect(result.outputs["runOperatorPermissions"]).toEqual(["project:update", "run:delete"]);
    const carol = (await heldUser(emulator, userIds["carol"] ?? "")) as { organizationRole: string };
    expect(carol.organizationRole).toBe("Run operator");
  });

  it("previews no change", async () => {
    expect((await stack.preview()).changes).toEqual({ same: 9 });
  });

  it("destroys what it created", async () => {
    expect((await stack.destroy()).changes).toEqual({ delete: 9 });
  });
});
