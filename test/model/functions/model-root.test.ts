import { beforeAll, describe, expect, it } from "vitest";
import { defaultSeed, startEmulator } from "../../../emulator";
import { getModel, getModels } from "../../../sdk";
import { runAsAdminOf, type Emulator } from "../../support/functions";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({
    port: 0,
    seed: {
      ...defaultSeed(),
      models: [
        { id: "meta-llama/Llama-3.1-8B-Instruct", created: 1721606400 },
        { id: "acme/support-bot", created: 1750000000, ownedBy: "acme", root: "meta-llama/Llama-3.1-8B-Instruct" },
      ],
    },
  });
});
runAsAdminOf(() => emu);

describe("a fine-tuned model", () => {
  it("has the root the service gives, not its own id", async () => {
    expect(await getModel({ id: "acme/support-bot" })).toEqual({
      id: "acme/support-bot",
      ownedBy: "acme",
      created: 1750000000,
      root: "meta-llama/Llama-3.1-8B-Instruct",
    });
    expect((await getModels()).models.map((m) => [m.id, m.root])).toEqual([
      ["acme/support-bot", "meta-llama/Llama-3.1-8B-Instruct"],
      ["meta-llama/Llama-3.1-8B-Instruct", "meta-llama/Llama-3.1-8B-Instruct"],
    ]);
  });
});
