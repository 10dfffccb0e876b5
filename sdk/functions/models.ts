import type * as pulumi from "@pulumi/pulumi";
import type { InferenceModel } from "../../api/client";
import { inferenceAccess, invokeOutput, type InferenceAccess } from "./clients";
import { WandbLookupError } from "./errors";
import { compareStrings, quote, quoteAll, rankByCloseness, requireText } from "./match";

/** Where to ask for the model catalogue. Both default to the `wandb` configuration. */
export interface GetModelsArgs {
  /**
   * The inference API base, ending in `/v1`.
   * @default the `wandb:inferenceUrl` config, else `WANDB_INFERENCE_URL`, else `https://api.inference.wandb.ai/v1`
   */
  inferenceUrl?: string;
  /**
   * `<entity>/<project>` sent as the `OpenAI-Project` header; a wrong one is answered with 401.
   * @default the `wandb:inferenceProject` config, else `WANDB_INFERENCE_PROJECT`, else no header
   * (the service then uses the key's default entity and the project `inference`)
   */
  project?: string;
}

/** {@link GetModelsArgs} as Pulumi inputs. */
export interface GetModelsOutputArgs {
  /** @default see {@link GetModelsArgs.inferenceUrl} */
  inferenceUrl?: pulumi.Input<string>;
  /** @default see {@link GetModelsArgs.project} */
  project?: pulumi.Input<string>;
}

/** A model offered by W&B Inference. */
export interface GetModelResult {
  /** The id to send as `model`, e.g. `meta-llama/Llama-3.1-8B-Instruct`. Case-sensitive. */
  id: string;
  /** Who owns the model entry (`owned_by`), e.g. `system`; absent when the service does not say. */
  ownedBy?: string;
  /** Unix time (seconds) the service gives as the model's creation; absent when it does not say. */
  created?: number;
  /** The model this one is derived from (`root`); the id itself when the service does not say. */
  root: string;
}

export interface GetModelsResult {
  /** Every offered id, sorted (code-unit order), without duplicates. */
  ids: string[];
  /** The offered models, sorted by id. */
  models: GetModelResult[];
}

/**
 * Lists the models W&B Inference offers (`GET {inferenceUrl}/models`), authenticated with the
 * configured API key (`wandb:apiKey` / `WANDB_API_KEY`) as a Bearer token. The output is sorted
 * so that it is stable from run to run and causes no diffs. Nothing secret is in the result.
 *
 * Failures of the service are thrown as `WandbApiError` (e.g. 401 for a wrong key or a wrong
 * entity/project); invalid arguments as `WandbLookupError`; missing configuration as `WandbConfigError`.
 *
 * @example
 * import * as wandb from "pulumi-wandb";
 *
 * const catalogue = await wandb.getModels({ project: "my-team/my-project" });
 * export const modelIds = catalogue.ids;
 */
export async function getModels(args: GetModelsArgs = {}, _opts?: pulumi.InvokeOptions): Promise<GetModelsResult> {
  const models = await listModels(inferenceAccess("getModels", args));
  return { ids: models.map((m) => m.id), models };
}

/**
 * {@link getModels} with Pulumi inputs, as an Output.
 *
 * @example
 * import * as wandb from "pulumi-wandb";
 *
 * const catalogue = wandb.getModelsOutput({});
 * export const modelIds = catalogue.ids;
 */
export function getModelsOutput(
  args: GetModelsOutputArgs = {},
  opts?: pulumi.InvokeOutputOptions,
): pulumi.Output<GetModelsResult> {
  return invokeOutput<GetModelsArgs, GetModelsResult>(args, (a) => getModels(a, opts), opts);
}

export interface GetModelArgs extends GetModelsArgs {
  /** The exact, case-sensitive model id, e.g. `meta-llama/Llama-3.1-8B-Instruct`. */
  id: string;
}

export interface GetModelOutputArgs extends GetModelsOutputArgs {
  /** The exact, case-sensitive model id. */
  id: pulumi.Input<string>;
}

/**
 * Checks that W&B Inference offers the model `id` and returns it. Ids are case-sensitive; when the
 * id is not offered, the error names the closest offered ids, and says "did you mean" when only the
 * case (or the publisher prefix) is wrong, e.g. `meta-llama/llama-3.1-8b-instruct`.
 *
 * @example
 * import * as wandb from "pulumi-wandb";
 *
 * // Fails the deployment early if the catalogue no longer offers the model.
 * const model = wandb.getModelOutput({ id: "meta-llama/Llama-3.1-8B-Instruct" });
 * export const modelId = model.id;
 */
export async function getModel(args: GetModelArgs, _opts?: pulumi.InvokeOptions): Promise<GetModelResult> {
  const id = requireText("getModel", args as unknown as Record<string, unknown>, "id");
  const access = inferenceAccess("getModel", args);
  const models = await listModels(access);
  const found = models.find((m) => m.id === id);
  if (found) return found;
  throw notOffered(id, models, access.where);
}

/** {@link getModel} with Pulumi inputs, as an Output. */
export function getModelOutput(args: GetModelOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetModelResult> {
  return invokeOutput<GetModelArgs, GetModelResult>(args, (a) => getModel(a, opts), opts);
}

async function listModels({ client }: InferenceAccess): Promise<GetModelResult[]> {
  const byId = new Map<string, GetModelResult>();
  for (const model of await client.listModels()) {
    if (!byId.has(model.id)) byId.set(model.id, toModel(model));
  }
  return [...byId.values()].sort((a, b) => compareStrings(a.id, b.id));
}

function toModel(model: InferenceModel): GetModelResult {
  return {
    id: model.id,
    ...(model.ownedBy === undefined ? {} : { ownedBy: model.ownedBy }),
    ...(model.created === undefined ? {} : { created: model.created }),
    // A service that does not say makes a model its own root.
    root: model.root ?? model.id,
  };
}

function notOffered(id: string, models: GetModelResult[], where: string): WandbLookupError {
  const ids = models.map((m) => m.id);
  const searched = { id };
  if (ids.length === 0) {
    return new WandbLookupError({
      kind: "not-found",
      function: "getModel",
      searched,
      message: `model ${quote(id)} is not offered: W&B Inference ${where} offers no models at all. Check wandb:inferenceUrl (WANDB_INFERENCE_URL).`,
    });
  }
  const ranked = rankByCloseness(id, ids);
  const sameIgnoringCase = ranked.filter((c) => c.distance === 0).map((c) => c.value);
  const samePublisherless = ranked.filter((c) => c.distance === 1).map((c) => c.value);
  const meant = sameIgnoringCase.length > 0 ? sameIgnoringCase : samePublisherless;
  const closest = ranked.slice(0, 3).map((c) => c.value);
  const lead = `model ${quote(id)} is not offered by W&B Inference ${where}.`;
  const listHint = `getModels() lists all ${ids.length} offered ids.`;
  if (meant.length > 0) {
    const why = sameIgnoringCase.length > 0 ? "Model ids are case-sensitive" : "Model ids include the publisher";
    return new WandbLookupError({
      kind: "not-found",
      function: "getModel",
      searched,
      candidates: meant,
      message: `${lead} Did you mean ${meant.map(quote).join(" or ")}? ${why}. ${listHint}`,
    });
  }
  return new WandbLookupError({
    kind: "not-found",
    function: "getModel",
    searched,
    candidates: closest,
    message: `${lead} Closest offered ids: ${quoteAll(closest)}. Model ids are case-sensitive; the catalogue changes over time. ${listHint}`,
  });
}
