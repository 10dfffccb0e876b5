import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSeed, startEmulator, type RunningEmulator } from "../../emulator";
import { basic, bearer, call } from "../support/emulator-calls";

const MODEL_IDS = [
  "deepseek-ai/DeepSeek-R1-0528",
  "deepseek-ai/DeepSeek-V3-0324",
  "meta-llama/Llama-3.1-8B-Instruct",
  "meta-llama/Llama-3.3-70B-Instruct",
  "meta-llama/Llama-4-Scout-17B-16E-Instruct",
  "microsoft/Phi-4-mini-instruct",
];

describe("inference API", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
  });
  afterAll(() => emu.close());

  const v1 = (method: string, path: string, opts: { body?: unknown; rawBody?: string; project?: string | null; auth?: string | null } = {}) =>
    call(emu, method, `/v1${path}`, {
      auth: opts.auth === undefined ? bearer(emu.member.apiKey) : opts.auth,
      headers: opts.project === null ? {} : { "OpenAI-Project": opts.project ?? emu.inferenceProject },
      ...(opts.body === undefined ? {} : { body: opts.body }),
      ...(opts.rawBody === undefined ? {} : { rawBody: opts.rawBody }),
    });

  it("lists the six models", async () => {
    const res = await v1("GET", "/models");
    expect(res.status).toBe(200);
    expect(res.body.object).toBe("list");
    expect(res.body.data.map((m: any) => m.id)).toEqual(MODEL_IDS);
    for (const m of res.body.data) {
      expect(m).toEqual({ id: m.id, object: "model", created: expect.any(Number), owned_by: "system", root: m.id });
    }
  });

  it("accepts any active user or service account key, and no project header (default entity, project inference)", async () => {
    expect((await v1("GET", "/models", { auth: bearer(emu.admin.apiKey) })).status).toBe(200);
    expect((await v1("GET", "/models", { auth: bearer(emu.serviceAccount.apiKey) })).status).toBe(200);
    expect((await v1("GET", "/models", { project: null })).status).toBe(200);
  });

  it("401 in the OpenAI shape: missing bearer, wrong key, unknown entity or project", async () => {
    const missing = await v1("GET", "/models", { auth: null });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ error: { code: "invalid_api_key", message: "Missing bearer authentication in header", type: "invalid_request_error" } });
    expect((await v1("GET", "/models", { auth: basic(emu.admin.username, emu.admin.apiKey) })).body.error.message).toBe(
      "Missing bearer authentication in header",
    );
    for (const res of [
      await v1("GET", "/models", { auth: bearer("wrong") }),
      await v1("GET", "/models", { project: "acme/nope" }),
      await v1("GET", "/models", { project: "nope/inference" }),
      await v1("GET", "/models", { project: "just-a-name" }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe("Invalid Authentication");
    }
  });

  it("answers chat completions deterministically in the documented shape", async () => {
    const body = { model: "meta-llama/Llama-3.1-8B-Instruct", messages: [{ role: "system", content: "Be brief." }, { role: "user", content: "Hello there" }] };
    const a = await v1("POST", "/chat/completions", { body });
    const b = await v1("POST", "/chat/completions", { body });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({
      id: expect.stringMatching(/^chatcmpl-/),
      object: "chat.completion",
      created: expect.any(Number),
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content: expect.stringContaining("Hello there") }, finish_reason: "stop" }],
      usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
    });
    expect(a.body.usage.total_tokens).toBe(a.body.usage.prompt_tokens + a.body.usage.completion_tokens);
    expect(b.body.id).toBe(a.body.id);
    expect(b.body.choices).toEqual(a.body.choices);
  });

  it("404 for an unknown model (ids are case-sensitive), 400 for empty messages or a bad body", async () => {
    const unknown = await v1("POST", "/chat/completions", { body: { model: "meta-llama/llama-3.1-8b-instruct", messages: [{ role: "user", content: "x" }] } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("model_not_found");
    const empty = await v1("POST", "/chat/completions", { body: { model: "microsoft/Phi-4-mini-instruct", messages: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.type).toBe("invalid_request_error");
    expect((await v1("POST", "/chat/completions", { rawBody: "{oops" })).status).toBe(400);
    expect((await v1("POST", "/chat/completions", { body: { messages: [{ role: "user", content: "x" }] } })).status).toBe(400);
  });
});

describe("inference API with a seeded catalogue", () => {
  let emu: RunningEmulator;
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
  afterAll(() => emu.close());

  it("lists exactly the seeded models, a fine-tune with its root, and serves chat for it", async () => {
    const auth = bearer(emu.admin.apiKey);
    const res = await call(emu, "GET", "/v1/models", { auth });
    expect(res.body.data).toEqual([
      { id: "meta-llama/Llama-3.1-8B-Instruct", object: "model", created: 1721606400, owned_by: "system", root: "meta-llama/Llama-3.1-8B-Instruct" },
      { id: "acme/support-bot", object: "model", created: 1750000000, owned_by: "acme", root: "meta-llama/Llama-3.1-8B-Instruct" },
    ]);
    const chat = await call(emu, "POST", "/v1/chat/completions", { auth, body: { model: "acme/support-bot", messages: [{ role: "user", content: "hi" }] } });
    expect(chat.status).toBe(200);
    const retired = await call(emu, "POST", "/v1/chat/completions", { auth, body: { model: "microsoft/Phi-4-mini-instruct", messages: [{ role: "user", content: "hi" }] } });
    expect(retired.status).toBe(404);
    expect((await call(emu, "GET", "/_emulator/state")).body.models).toHaveLength(2);
  });
});
