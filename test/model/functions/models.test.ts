import { beforeAll, describe, expect, it } from "vitest";
import { WandbApiError } from "../../../service";
import { WandbConfigError } from "../../../service/config";
import { getModel, getModels, WandbLookupError } from "../../../sdk";
import { adminEnv, failNext, readLog, runAsAdminOf, setEnv, start, type Emulator } from "../../support/functions";

const IDS = [
  "deepseek-ai/DeepSeek-R1-0528",
  "deepseek-ai/DeepSeek-V3-0324",
  "meta-llama/Llama-3.1-8B-Instruct",
  "meta-llama/Llama-3.3-70B-Instruct",
  "meta-llama/Llama-4-Scout-17B-16E-Instruct",
  "microsoft/Phi-4-mini-instruct",
];

let emu: Emulator;
beforeAll(async () => {
  emu = await start();
});
runAsAdminOf(() => emu);

describe("getModels", () => {
  it("lists the catalogue sorted, with owner, created and root, and nothing secret", async () => {
    const result = await getModels();
    expect(result.ids).toEqual(IDS);
    expect(result.models.map((m) => m.id)).toEqual(IDS);
    expect(result.models[2]).toEqual({
      id: "meta-llama/Llama-3.1-8B-Instruct",
      ownedBy: "system",
      created: 1721606400,
      root: "meta-llama/Llama-3.1-8B-Instruct",
    });
    expect(JSON.stringify(result)).not.toContain(emu.admin.apiKey);
    // The same answer twice: no diffs from run to run.
    expect(await getModels()).toEqual(result);
  });

  it("sends the Bearer key and the configured OpenAI-Project header (the emulator checks both)", async () => {
    setEnv(adminEnv(emu, { WANDB_INFERENCE_PROJECT: "acme/demo" }));
    expect((await getModels()).ids).toEqual(IDS);
    setEnv(adminEnv(emu, { WANDB_INFERENCE_PROJECT: "acme/no-such-project" }));
    await expect(getModels()).rejects.toMatchObject({ name: "WandbApiError", status: 401 });
  });

  it("works without a project header: the default entity and project `inference`", async () => {
    setEnv(adminEnv(emu, { WANDB_INFERENCE_PROJECT: undefined }));
    expect((await getModels()).ids).toEqual(IDS);
  });

  it("needs no SCIM base URL, only a key and the inference URL", async () => {
    setEnv({ WANDB_API_KEY: emu.admin.apiKey, WANDB_INFERENCE_URL: emu.inferenceUrl });
    expect((await getModels()).ids).toEqual(IDS);
  });

  it("lets explicit args override the configuration", async () => {
    setEnv(adminEnv(emu, { WANDB_INFERENCE_URL: "http://127.0.0.1:9/v1", WANDB_INFERENCE_PROJECT: "acme/nope" }));
    expect((await getModels({ inferenceUrl: `${emu.inferenceUrl}/`, project: "acme/demo" })).ids).toEqual(IDS);
  });

  it("fails with 401 and a clear message for a wrong project given as an argument", async () => {
    const error = await getModels({ project: "acme/wrong" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WandbApiError);
    expect((error as WandbApiError).status).toBe(401);
    expect((error as Error).message).toMatch(/HTTP 401/);
    expect((error as Error).message).toMatch(/wandb:inferenceProject/);
    expect((error as Error).message).toMatch(/<entity>\/<project>/);
    expect((error as Error).message).not.toContain(emu.admin.apiKey);
  });

  it("rejects a malformed project or URL before sending anything", async () => {
    await expect(getModels({ project: "no-slash" })).rejects.toThrow(/`project` must be <entity>\/<project>/);
    await expect(getModels({ inferenceUrl: "ftp://x" })).rejects.toBeInstanceOf(WandbLookupError);
    expect((await readLog(emu)).requests).toEqual([]);
  });

  it("fails with 401 for a wrong key, and says what to check, without echoing the key", async () => {
    setEnv(adminEnv(emu, { WANDB_API_KEY: "wrong-key-1234567890" }));
    const error = (await getModels().catch((e: unknown) => e)) as WandbApiError;
    expect(error).toBeInstanceOf(WandbApiError);
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/API key \(wandb:apiKey \/ WANDB_API_KEY\)/);
    expect(error.message).not.toContain("wrong-key-1234567890");
  });

  it("fails with a config error naming the setting when no key is configured", async () => {
    setEnv({ WANDB_INFERENCE_URL: emu.inferenceUrl });
    await expect(getModels()).rejects.toBeInstanceOf(WandbConfigError);
    await expect(getModels()).rejects.toThrow(/Missing wandb:apiKey.*WANDB_API_KEY/);
  });

  it("retries a 429 and then succeeds", async () => {
    await failNext(emu, { status: 429, retryAfter: 0, pathPrefix: "/v1/models" });
    expect((await getModels()).ids).toEqual(IDS);
    expect((await readLog(emu)).requests.map((r) => r.status)).toEqual([429, 200]);
  });

  it("retries a 503 and then succeeds", async () => {
    await failNext(emu, { status: 503, retryAfter: 0, pathPrefix: "/v1/models", count: 2 });
    expect((await getModels()).ids).toEqual(IDS);
    expect((await readLog(emu)).requests.map((r) => r.status)).toEqual([503, 503, 200]);
  });
});

describe("getModel", () => {
  it("returns an offered model", async () => {
    expect(await getModel({ id: "microsoft/Phi-4-mini-instruct" })).toEqual({
      id: "microsoft/Phi-4-mini-instruct",
      ownedBy: "system",
      created: 1740614400,
      root: "microsoft/Phi-4-mini-instruct",
    });
  });

  it("says 'did you mean' for a wrong case", async () => {
    const error = (await getModel({ id: "meta-llama/llama-3.1-8b-instruct" }).catch((e: unknown) => e)) as WandbLookupError;
    expect(error).toBeInstanceOf(WandbLookupError);
    expect(error.kind).toBe("not-found");
    expect(error.message).toContain('Did you mean "meta-llama/Llama-3.1-8B-Instruct"?');
    expect(error.message).toMatch(/case-sensitive/);
    expect(error.candidates).toEqual(["meta-llama/Llama-3.1-8B-Instruct"]);
  });

  it("says 'did you mean' for a missing publisher", async () => {
    await expect(getModel({ id: "Phi-4-mini-instruct" })).rejects.toThrow(/Did you mean "microsoft\/Phi-4-mini-instruct"\?/);
  });

  it("lists the closest offered ids, ranked by edit distance, for an unknown id", async () => {
    const error = (await getModel({ id: "meta-llama/Llama-3.2-8B-Instruct" }).catch((e: unknown) => e)) as WandbLookupError;
    expect(error.message).toMatch(/"meta-llama\/Llama-3\.2-8B-Instruct" is not offered by W&B Inference at http/);
    expect(error.candidates[0]).toBe("meta-llama/Llama-3.1-8B-Instruct");
    expect(error.candidates).toHaveLength(3);
    expect(error.message).toContain("Closest offered ids:");
    expect(error.message).toContain("getModels() lists all 6 offered ids");
  });

  it("requires an id", async () => {
    await expect(getModel({ id: "" })).rejects.toThrow(/getModel: `id` must be a non-empty string/);
  });

  it("passes a 401 of the service through as WandbApiError", async () => {
    setEnv(adminEnv(emu, { WANDB_API_KEY: "not-a-key-0000000000" }));
    await expect(getModel({ id: "microsoft/Phi-4-mini-instruct" })).rejects.toMatchObject({ status: 401 });
  });
});
