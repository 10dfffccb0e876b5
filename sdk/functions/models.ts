import type * as pulumi from "@pulumi/pulumi";
import { FUNCTIONS } from "../../model/functions";
import type { GetModelArgs, GetModelOutputArgs, GetModelResult, GetModelsArgs, GetModelsOutputArgs, GetModelsResult } from "../types/functions";
import { invokeOutput, programAccess } from "./clients";

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
export function getModels(args: GetModelsArgs = {}, _opts?: pulumi.InvokeOptions): Promise<GetModelsResult> {
  return FUNCTIONS.getModels.run(args, programAccess);
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
export function getModel(args: GetModelArgs, _opts?: pulumi.InvokeOptions): Promise<GetModelResult> {
  return FUNCTIONS.getModel.run(args, programAccess);
}

/** {@link getModel} with Pulumi inputs, as an Output. */
export function getModelOutput(args: GetModelOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetModelResult> {
  return invokeOutput<GetModelArgs, GetModelResult>(args, (a) => getModel(a, opts), opts);
}
