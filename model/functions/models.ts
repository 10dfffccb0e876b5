// getModels and getModel: the W&B Inference model catalogue.
import { z } from "zod";
import type { InferenceModel } from "../../service";
import { inferenceProjectSchema, inferenceUrlSchema } from "../../service/config";
import type { InferenceAccess } from "./access";
import { got } from "../inputs";
import { nonEmptyText } from "./arguments";
import { defineFunction } from "./define";
import { WandbLookupError } from "./errors";
import { compareStrings, quote, quoteAll, rankByCloseness } from "./match";

/** An optional setting given as an argument: blank is left out, anything else must pass `setting`. */
function settingArgument(field: string, setting: z.ZodType<string, string>, mustBe: string) {
  const message = (issue: { input?: unknown }) => `\`${field}\` must be ${mustBe} (got ${got(issue.input)}).`;
  return z
    .string({ error: message })
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === "") return undefined;
      const parsed = setting.safeParse(value);
      if (parsed.success) return parsed.data;
      context.issues.push({ code: "custom", input: value, message: message({ input: value }) });
      return z.NEVER;
    });
}

/** Where to ask for the catalogue; both default to the `wandb` configuration. */
const targetShape = {
  inferenceUrl: settingArgument("inferenceUrl", inferenceUrlSchema, "an http(s) URL ending in /v1, e.g. https://api.inference.wandb.ai/v1").meta({
    description:
      "The inference API base, ending in `/v1`. Defaults to the `wandb:inferenceUrl` config, else `WANDB_INFERENCE_URL`, else `https://api.inference.wandb.ai/v1`.",
  }),
  project: settingArgument("project", inferenceProjectSchema, "<entity>/<project>, e.g. my-team/my-project").meta({
    description:
      "`<entity>/<project>` sent as the `OpenAI-Project` header; a wrong one is answered with 401. Defaults to the `wandb:inferenceProject` config, else `WANDB_INFERENCE_PROJECT`, else no header (the service then uses the key's default entity and the project `inference`).",
  }),
};

export const getModelsArgsSchema = z.object(targetShape);

export const getModelArgsSchema = z.object({
  id: nonEmptyText("id").meta({ description: "The exact, case-sensitive model id, e.g. `meta-llama/Llama-3.1-8B-Instruct`." }),
  ...targetShape,
});

export const modelSchema = z
  .strictObject({
    id: z.string().meta({ description: "The id to send as `model`, e.g. `meta-llama/Llama-3.1-8B-Instruct`. Case-sensitive." }),
    ownedBy: z
      .string()
      .optional()
      .meta({ description: "Who owns the model entry (`owned_by`), e.g. `system`; absent when the service does not say." }),
    created: z
      .number()
      .int()
      .optional()
      .meta({ description: "Unix time (seconds) the service gives as the model's creation; absent when it does not say." }),
    root: z.string().meta({ description: "The model this one is derived from (`root`); the id itself when the service does not say." }),
  })
  .meta({ id: "Model", description: "A model offered by W&B Inference." });

export const getModelsResultSchema = z.strictObject({
  ids: z.array(z.string()).meta({ description: "Every offered id, sorted (code-unit order), without duplicates." }),
  models: z.array(modelSchema).meta({ description: "The offered models, sorted by id." }),
});

type Model = z.output<typeof modelSchema>;

export const getModelsFunction = defineFunction({
  name: "getModels",
  description:
    "Lists the models W&B Inference offers (`GET {inferenceUrl}/models`), authenticated with the configured API key. " +
    "Sorted, so that the result is stable from run to run and causes no diffs. Nothing secret is in the result.",
  args: getModelsArgsSchema,
  result: getModelsResultSchema,
  lookup: async (target, access) => {
    const models = await listModels(await access.inference(target));
    return { ids: models.map((m) => m.id), models };
  },
});

export const getModelFunction = defineFunction({
  name: "getModel",
  description:
    "Checks that W&B Inference offers the model `id` and returns it. Ids are case-sensitive; when the id is not offered, " +
    "the error names the closest offered ids, and says \"did you mean\" when only the case (or the publisher prefix) is wrong.",
  args: getModelArgsSchema,
  result: modelSchema,
  lookup: async ({ id, ...target }, access) => {
    const inference = await access.inference(target);
    const models = await listModels(inference);
    const found = models.find((m) => m.id === id);
    if (found) return found;
    throw notOffered(id, models, inference.where);
  },
});

async function listModels({ client }: InferenceAccess): Promise<Model[]> {
  const byId = new Map<string, Model>();
  for (const model of await client.listModels()) {
    if (!byId.has(model.id)) byId.set(model.id, toModel(model));
  }
  return [...byId.values()].sort((a, b) => compareStrings(a.id, b.id));
}

function toModel(model: InferenceModel): Model {
  return {
    id: model.id,
    ...(model.ownedBy === undefined ? {} : { ownedBy: model.ownedBy }),
    ...(model.created === undefined ? {} : { created: model.created }),
    // A service that does not say makes a model its own root.
    root: model.root ?? model.id,
  };
}

function notOffered(id: string, models: Model[], where: string): WandbLookupError {
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
