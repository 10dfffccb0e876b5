// Input checking: zod schemas whose failures name the exact property and say what to do.
import type * as pulumi from "@pulumi/pulumi";
import { ZodObject, type z } from "zod";
import { issuesOf, propertyPath } from "./issues";
import { PROVIDER_KEY } from "./state";

/** Property names the engine and the shim add to every dynamic resource's inputs. */
const ENGINE_PROPERTIES = new Set([PROVIDER_KEY]);

function withoutEngineProperties(news: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(news).filter(([key]) => !ENGINE_PROPERTIES.has(key)));
}

/**
 * Validates inputs with a zod schema: each failure names the exact property and says what to do.
 * The schema's output (defaults filled in, values normalised) becomes the checked inputs.
 */
export function checkInputs<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  news: Record<string, unknown>,
  rules: (inputs: z.output<S>) => pulumi.dynamic.CheckFailure[] = () => [],
): pulumi.dynamic.CheckResult<z.output<S>> {
  const parsed = schema.safeParse(withoutEngineProperties(news));
  if (!parsed.success) {
    const accepted = schema instanceof ZodObject ? Object.keys(schema.shape).join(", ") : "";
    const failures = parsed.error.issues.flatMap((issue) =>
      issue.code === "unrecognized_keys"
        ? issue.keys.map((key) => ({
            property: propertyPath([...issue.path, key]),
            reason: `unknown property: remove it or correct its name; the accepted properties are ${accepted}`,
          }))
        : [{ property: propertyPath(issue.path) || "(inputs)", reason: issue.message }],
    );
    return { inputs: news as z.output<S>, failures };
  }
  const failures = rules(parsed.data);
  return { inputs: { ...parsed.data, __provider: news["__provider"] } as z.output<S>, failures };
}

/**
 * The inputs the engine hands to create, diff and update: what `check` returned, parsed again with
 * the same schema (its normalisations leave checked inputs as they are) so that they are typed.
 */
export function checkedAgain<I>(schema: z.ZodType<I>, news: Record<string, unknown>, kind: string): I {
  const parsed = schema.safeParse(withoutEngineProperties(news));
  if (parsed.success) return parsed.data;
  throw new Error(`pulumi-wandb: the engine passed ${kind} inputs that its check did not return (${issuesOf(parsed.error)}); run \`pulumi up\` again`);
}

/** Deployment rule failures and other preview-time findings, with the property they concern. */
export function failure(property: string, reason: string): pulumi.dynamic.CheckFailure {
  return { property, reason };
}
