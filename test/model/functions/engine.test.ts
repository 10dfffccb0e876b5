// The functions in a program run by the real engine (inline program through the Automation API):
// stack config with a secret key, Output forms, and nothing secret in outputs or state.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import { closeAllPools } from "../../../service";
import { getModelsOutput, getUserOutput } from "../../../sdk";
import { emulatorConfig, openStack, type StackHandle } from "../../support/pulumi";

describe("functions in a program run by the engine", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stack = await openStack(
      {
        projectName: "functions-inline",
        inline: async () => {
          const models = getModelsOutput({});
          const member = getUserOutput({ userName: "member" });
          return { modelIds: models.ids, memberId: member.id, memberEmail: member.email };
        },
      },
      {
        config: {
          ...emulatorConfig(emulator),
          "wandb:inferenceUrl": { value: emulator.inferenceUrl },
          "wandb:inferenceProject": { value: emulator.inferenceProject },
        },
      },
    );
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
    await closeAllPools();
  });

  it("resolves the Outputs from the wandb stack config; outputs are plain and the key is nowhere in state", async () => {
    const result = await stack.up();
    expect(result.outputs["modelIds"]).toContain("meta-llama/Llama-3.1-8B-Instruct");
    expect(result.outputs["memberEmail"]).toBe("member@acme.example");
    expect(typeof result.outputs["memberId"]).toBe("string");
    const state = JSON.stringify(await stack.exportState());
    expect(state).not.toContain(emulator.admin.apiKey);
    expect(state).not.toContain("ciphertext"); // no secret value at all
    const outputs = await stack.stack.outputs();
    expect(Object.values(outputs).map((o) => o.secret)).toEqual([false, false, false]);
    expect(result.log).not.toContain(emulator.admin.apiKey);
  });
});
