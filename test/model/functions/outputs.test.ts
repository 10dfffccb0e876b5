// The functions inside a Pulumi program: stack config from the `wandb` namespace (mocked runtime),
// Output forms, secretness and dependsOn.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeAllPools } from "../../../service";
import {
  getCustomRoleOutput,
  getModelOutput,
  getModels,
  getModelsOutput,
  getTeamOutput,
  getUserOutput,
  getUsersOutput,
  WandbLookupError,
} from "../../../sdk";
import { restoreEnv, setEnv, setupClient, start, valueOf, type Emulator } from "../../support/functions";

let emu: Emulator;
let created: string[] = [];
beforeAll(async () => {
  emu = await start();
  const scim = setupClient(emu);
  await scim.createUser({ userName: "dora", email: "dora@example.com" });
  await scim.createRole({ name: "Auditor", description: "Reads", inheritedFrom: "viewer", permissions: ["project:update"] });
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        created.push(args.name);
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: (args) => args.inputs,
    },
    "functions-test",
    "dev",
    false,
  );
});
afterAll(async () => {
  await emu.close();
  await closeAllPools();
});
beforeEach(() => {
  created = [];
  pulumi.runtime.setAllConfig(
    {
      "wandb:baseUrl": emu.url,
      "wandb:apiKey": emu.admin.apiKey,
      "wandb:username": emu.admin.username,
      "wandb:inferenceUrl": emu.inferenceUrl,
      "wandb:inferenceProject": emu.inferenceProject,
    },
    ["wandb:apiKey"],
  );
  // The environment points elsewhere: stack config must win.
  setEnv({
    WANDB_BASE_URL: "http://127.0.0.1:9",
    WANDB_API_KEY: "env-key-that-must-not-be-used",
    WANDB_INFERENCE_URL: "http://127.0.0.1:9/v1",
    WANDB_INFERENCE_PROJECT: "nobody/nothing",
  });
});
afterEach(() => {
  restoreEnv();
  pulumi.runtime.setAllConfig({}, []);
});

describe("inside a Pulumi program", () => {
  it("getModelsOutput reads the wandb stack config (over the environment); the result is not secret", async () => {
    const output = getModelsOutput();
    const value = await valueOf(output);
    expect(value.ids).toContain("meta-llama/Llama-3.1-8B-Instruct");
    expect(await pulumi.isSecret(output)).toBe(false);
    expect(JSON.stringify(value)).not.toContain(emu.admin.apiKey);
  });

  it("getUserOutput takes Inputs and resolves to a plain user", async () => {
    const userName = pulumi.output(Promise.resolve("dora"));
    const output = getUserOutput({ userName });
    expect(await valueOf(output.email)).toBe("dora@example.com");
    expect(await pulumi.isSecret(output)).toBe(false);
  });

  it("a secret argument makes the result secret, nothing else does", async () => {
    const output = getUserOutput({ email: pulumi.secret("dora@example.com") });
    expect((await valueOf(output)).userName).toBe("dora");
    expect(await pulumi.isSecret(output)).toBe(true);
  });

  it("Output args of every function family", async () => {
    expect(await valueOf(getModelOutput({ id: pulumi.output("microsoft/Phi-4-mini-instruct") }).apply((m) => m.ownedBy))).toBe("system");
    expect(await valueOf(getUsersOutput({ filter: { userNameStartsWith: pulumi.output("do") } }).userNames)).toEqual(["dora"]);
    expect(await valueOf(getTeamOutput({ name: "seed-team" }).name)).toBe("seed-team");
    expect(await valueOf(getCustomRoleOutput({ name: "Auditor" }).permissions)).toEqual(["project:update"]);
  });

  it("explicit args still override the stack config", async () => {
    // The Output form hands the engine a RunError carrying the service error's message.
    await expect(valueOf(getModelsOutput({ project: "acme/missing" }))).rejects.toThrow(/401[\s\S]*wandb:inferenceProject/);
    expect((await valueOf(getModelsOutput({ project: "acme/demo" }))).ids).toHaveLength(6);
  });

  it("waits for dependsOn resources", async () => {
    class Thing extends pulumi.CustomResource {
      constructor(name: string) {
        super("test:index:Thing", name, {});
      }
    }
    const thing = new Thing("thing");
    const output = getModelsOutput({}, { dependsOn: [thing] });
    expect((await valueOf(output)).ids).toHaveLength(6);
    expect(created).toContain("thing");
  });

  it("a lookup failure rejects the Output with the function's error", async () => {
    const error = await valueOf(getModelOutput({ id: "microsoft/phi-4-mini-instruct" })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WandbLookupError);
    expect((error as Error).message).toContain('Did you mean "microsoft/Phi-4-mini-instruct"?');
  });

  it("the plain form reads the same stack config", async () => {
    expect((await getModels()).ids).toHaveLength(6);
  });
});
