import { z } from "zod";
import type { WandbConfig } from "./config";
import type { InferenceModel } from "./model";
import { INFERENCE_RETRY_POLICY, withOverrides } from "./retry-policy";
import { configuredTransport, type ClientOptions } from "./configured-transport";
import { Secret } from "./secret";
import type { HttpRequest, HttpResponse, HttpTransport } from "./transport";

const modelList = z.object({
  data: z.array(
    z.object({
      id: z.string().min(1),
      owned_by: z.string().nullish(),
      created: z.number().nullish(),
      root: z.string().nullish(),
    }),
  ),
});

/** OpenAI-shaped error; some gateways send a bare `detail` or `message` instead. */
const openAiError = z.object({
  error: z
    .union([
      z.object({ message: z.string().nullish(), code: z.union([z.string(), z.number()]).nullish(), type: z.string().nullish() }),
      z.string(),
    ])
    .nullish(),
  detail: z.string().nullish(),
  message: z.string().nullish(),
});

/** W&B Inference (OpenAI-compatible), used for its model catalogue. */
export class InferenceClient {
  readonly #transport: HttpTransport;

  constructor(config: WandbConfig, options: ClientOptions = {}) {
    this.#transport = configuredTransport(config, options, {
      service: "inference",
      baseUrl: config.inferenceUrl,
      authorization: new Secret(`Bearer ${config.apiKey.reveal()}`),
      // Without the header the service bills the key's default entity and the project "inference".
      ...(config.inferenceProject ? { headers: { "openai-project": config.inferenceProject } } : {}),
      retry: withOverrides({ ...INFERENCE_RETRY_POLICY, limit: config.maxRetries }, options.retry),
    });
  }

  async listModels(): Promise<InferenceModel[]> {
    const request: HttpRequest = { method: "GET", path: "/models" };
    const response = await this.#transport.send(request);
    if (response.status !== 200) throw this.#error(request, response);
    const parsed = modelList.safeParse(response.json);
    if (!parsed.success) {
      throw this.#transport.errorFor(request, response, { detail: "unexpected model list (no data[].id)" });
    }
    return parsed.data.data.map((model) => ({
      id: model.id,
      ...(model.owned_by ? { ownedBy: model.owned_by } : {}),
      ...(typeof model.created === "number" ? { created: model.created } : {}),
      ...(model.root ? { root: model.root } : {}),
    }));
  }

  #error(request: HttpRequest, response: HttpResponse) {
    const parsed = openAiError.safeParse(response.json);
    let detail: string | undefined;
    let code: string | undefined;
    if (parsed.success) {
      const error = parsed.data.error;
      if (typeof error === "string") detail = error;
      else {
        detail = error?.message ?? undefined;
        code = error?.code == null ? undefined : String(error.code);
      }
      detail ??= parsed.data.detail ?? parsed.data.message ?? undefined;
    }
    detail ??= response.text.trim().slice(0, 500) || undefined;
    return this.#transport.errorFor(request, response, {
      ...(detail === undefined ? {} : { detail }),
      ...(code === undefined ? {} : { code }),
    });
  }
}
