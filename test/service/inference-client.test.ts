import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeAllPools, InferenceClient, WandbApiError } from "../../service";
import { resolveConfig } from "../../service/config";
import { defaultSeed, startEmulator } from "../../emulator";
import { DIALECTS, FAST_RETRY, startHarness, type Harness } from "../support/client";

afterAll(() => closeAllPools());

describe.each(DIALECTS)("InferenceClient next to the %s SCIM dialect", (dialect) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(dialect);
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.clearFaults();
    await h.resetLog();
  });

  it("lists the model catalogue", async () => {
    const models = await h.inference().listModels();
    expect(models.map((m) => m.id)).toContain("meta-llama/Llama-3.1-8B-Instruct");
    expect(models[0]).toMatchObject({ ownedBy: "system" });
  });

  it("retries the concurrency-limit 429 and the overloaded 503", async () => {
    await h.faults({
      failNext: [
        { status: 429, pathPrefix: "/v1/models" },
        { status: 503, pathPrefix: "/v1/models" },
      ],
    });
    expect((await h.inference().listModels()).length).toBeGreaterThan(0);
    expect((await h.requestLog()).requests.map((r) => r.status)).toEqual([429, 503, 200]);
  });

  it("parses OpenAI-shaped errors and does not retry a 401", async () => {
    const error = (await h.inference({ key: "wrong-inference-key-000000" }).listModels().catch((e: unknown) => e)) as WandbApiError;
    expect(error).toBeInstanceOf(WandbApiError);
    expect(error).toMatchObject({ service: "inference", status: 401, detail: "Invalid Authentication", code: "invalid_api_key" });
    expect(error.message).toContain("wandb:inferenceProject");
    expect((await h.requestLog()).counters.total).toBe(1);
  });
});

describe("InferenceClient quota errors", () => {
  const seen: IncomingHttpHeaders[] = [];
  let status = 429;
  const server = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(status, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        error: {
          code: "insufficient_quota",
          message: "You exceeded your current quota, please check your plan and billing details",
          type: "insufficient_quota",
        },
      }),
    );
  });
  let client: InferenceClient;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const config = resolveConfig(
      { baseUrl: "https://acme.wandb.io", apiKey: "quota-test-key-0123456789", inferenceUrl: `http://127.0.0.1:${port}/v1`, inferenceProject: "acme/proj" },
      {},
    );
    client = new InferenceClient(config, { retry: FAST_RETRY });
  });
  afterAll(async () => {
    await closeAllPools();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen.length = 0;
  });

  it.each([429, 402])("does not retry %i with the quota message and says what to do", async (code) => {
    status = code;
    const error = (await client.listModels().catch((e: unknown) => e)) as WandbApiError;
    expect(error).toMatchObject({ status: code, attempts: 1 });
    expect(error.message).toMatch(/buy credits or raise the limit/);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.["openai-project"]).toBe("acme/proj");
    expect(seen[0]?.authorization).toBe("Bearer quota-test-key-0123456789");
  });
});

describe("InferenceClient and a model's root", () => {
  it("passes `root` on when the service gives one, and leaves it out when it does not", async () => {
    const emulator = await startEmulator({
      port: 0,
      seed: { ...defaultSeed(), models: [{ id: "base/model" }, { id: "acme/fine-tune", root: "base/model" }] },
    });
    try {
      const config = resolveConfig({ baseUrl: emulator.url, apiKey: emulator.admin.apiKey, inferenceUrl: emulator.inferenceUrl }, {});
      const models = await new InferenceClient(config).listModels();
      expect(models.map(({ id, root }) => ({ id, root }))).toEqual([
        { id: "base/model", root: "base/model" },
        { id: "acme/fine-tune", root: "base/model" },
      ]);
    } finally {
      await emulator.close();
    }
    const bare = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"data":[{"id":"m"}]}'));
    await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/v1`;
      const config = resolveConfig({ baseUrl: "https://api.wandb.ai", apiKey: "bare-server-key-0123456789", inferenceUrl: url }, {});
      expect(await new InferenceClient(config).listModels()).toEqual([{ id: "m" }]);
    } finally {
      await new Promise((resolve) => bare.close(resolve));
    }
  });
});
