import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";

describe("examples/models", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stack = await openStack(
      { dir: path.join(repoRoot, "examples", "models") },
      { config: { ...emulatorConfig(emulator), "models:model": { value: "meta-llama/Llama-3.3-70B-Instruct" } } },
    );
  });
  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("pins a model that is offered", async () => {
    const result = await stack.up();
    expect(result.outputs["model"]).toBe("meta-llama/Llama-3.3-70B-Instruct");
    expect(result.outputs["offered"]).toContain("microsoft/Phi-4-mini-instruct");
  });

  it("fails the preview for a model id in the wrong case, naming the right one", async () => {
    await stack.stack.setConfig("models:model", { value: "meta-llama/llama-3.3-70b-instruct" });
    const failed = await stack.failing("preview");
    expect(failed.log + failed.error.message).toContain("meta-llama/Llama-3.3-70B-Instruct");
  });
});
