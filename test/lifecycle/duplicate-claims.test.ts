// Two resources of one program that declare the same team fail at preview, naming both, through
// each front door, before any request is sent.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { readLog } from "../../scripts/emulator-api";
import { emulatorConfig, installedPackage, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { NativeResource } from "../support/native-resources";

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(() => emulator?.close());

const BOTH = /Team resources "research-(a|b)" and "research-(a|b)" both declare the one W&B object with name "research"/;

async function expectRefusedAtPreview(stack: StackHandle): Promise<void> {
  try {
    const failed = await stack.failing("preview");
    expect(failed.log).toMatch(BOTH);
    expect((await readLog(emulator)).requests.filter((request) => request.method !== "GET")).toEqual([]);
  } finally {
    await stack.dispose();
  }
}

it("the dynamic resources", async () => {
  const stack = await openStack(
    {
      projectName: "duplicate-dynamic",
      inline: async () => {
        const wandb = installedPackage();
        new wandb.Team("research-a", { name: "research" });
        new wandb.Team("research-b", { name: "research" });
      },
    },
    { config: emulatorConfig(emulator) },
  );
  await expectRefusedAtPreview(stack);
});

it("the native plugin", async () => {
  const stack = await openStack(
    {
      projectName: "duplicate-native",
      inline: async () => {
        new NativeResource("Team", "research-a", { name: "research" }, []);
        new NativeResource("Team", "research-b", { name: "research" }, []);
      },
    },
    { config: emulatorConfig(emulator), providerPlugins: [{ name: "wandb", path: repoRoot }] },
  );
  await expectRefusedAtPreview(stack);
});
