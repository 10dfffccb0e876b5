import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { z } from "zod";
import { authenticate, parseAuthorization } from "./auth";
import { json, type Reply } from "./http";
import type { Org } from "./org";
import type { Route } from "./router";
import { formatPath } from "./seed";

/** An error in the OpenAI shape {"error":{"code","message","type"}}. */
export class InferenceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly type = "invalid_request_error",
  ) {
    super(message);
  }
}

export function renderInferenceError(code: string, message: string, type: string): unknown {
  return { error: { code, message, type } };
}

export interface InferenceRequest {
  org: Org;
  headers: IncomingHttpHeaders;
  body: string;
}

const invalidAuth = () => new InferenceError(401, "invalid_api_key", "Invalid Authentication");

/** Bearer key of any active user or service account, plus an existing `<entity>/<project>`. */
function authorize(req: InferenceRequest): void {
  const creds = parseAuthorization(req.headers.authorization);
  if (creds?.scheme !== "bearer") throw new InferenceError(401, "invalid_api_key", "Missing bearer authentication in header");
  if (!authenticate(req.org, creds)) throw invalidAuth();
  const header = req.headers["openai-project"];
  const project = typeof header === "string" ? header.trim() : `${req.org.defaultEntity}/inference`;
  const m = /^([^/\s]+)\/([^/\s]+)$/.exec(project);
  if (!m?.[1] || !m[2] || !req.org.hasProject(m[1], m[2])) throw invalidAuth();
}

function listModels(req: InferenceRequest): Reply {
  authorize(req);
  return json(200, {
    object: "list",
    data: req.org.models.map((m) => ({ id: m.id, object: "model", created: m.created, owned_by: m.ownedBy, root: m.root ?? m.id })),
  });
}

const chatSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(z.object({ role: z.string().min(1), content: z.string() })).min(1, "messages must contain at least one message"),
});

const countTokens = (text: string) => text.split(/\s+/).filter(Boolean).length;

function chatCompletion(req: InferenceRequest): Reply {
  authorize(req);
  let json_: unknown;
  try {
    json_ = JSON.parse(req.body);
  } catch {
    throw new InferenceError(400, "invalid_json", "We could not parse the JSON body of your request");
  }
  const parsed = chatSchema.safeParse(json_);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InferenceError(400, "invalid_value", `Invalid request: ${issue ? `${formatPath(issue.path)}: ${issue.message}` : "invalid body"}`);
  }
  const { model, messages } = parsed.data;
  if (!req.org.models.some((m) => m.id === model)) {
    throw new InferenceError(404, "model_not_found", `The model \`${model}\` does not exist or you do not have access to it.`);
  }
  // Deterministic answer: the same request always gets the same id and content.
  const last = messages[messages.length - 1]?.content ?? "";
  const content = `This is a deterministic reply from the emulated ${model} to: ${last}`;
  const digest = createHash("sha256").update(JSON.stringify({ model, messages })).digest("hex").slice(0, 24);
  const promptTokens = messages.reduce((n, m) => n + countTokens(m.content) + 4, 0);
  const completionTokens = countTokens(content);
  return json(200, {
    id: `chatcmpl-${digest}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  });
}

export const inferenceRoutes: Route<(req: InferenceRequest) => Reply>[] = [
  { method: "GET", pattern: "/v1/models", handler: listModels },
  { method: "POST", pattern: "/v1/chat/completions", handler: chatCompletion },
];
