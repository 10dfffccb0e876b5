// Input checking: zod schemas whose failures name the exact property and say what to do.
import type * as pulumi from "@pulumi/pulumi";
import { ZodObject, type z } from "zod";
import { issuesOf, propertyPath } from "./issues";
import { programFields, type FieldTable } from "../../model/shapes/fields";

/**
 * Whether a property name is the engine's, the shim's or the provider's own bookkeeping (`__provider`,
 * `__lastLook`): no input of any kind. Pulumi's own rule: a name that begins with two underscores.
 */
const isEngineProperty = (key: string) => key.startsWith("__");

function withoutEngineProperties(news: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(news).filter(([key]) => !isEngineProperty(key)));
}

function valueAt(inputs: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((value, part) => (typeof value === "object" && value !== null ? (value as Record<PropertyKey, unknown>)[part] : undefined), inputs);
}

/** A value as a user would name it in a message: `the number 42`, `"ana lima"`, `a list`. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
    case "boolean":
      return `the ${typeof value} ${String(value)}`;
    case "object":
      return "an object";
    default:
      return String(value);
  }
}

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  boolean: "true or false",
  number: "a number",
  array: "a list",
  object: "an object",
};

/**
 * The reason for one zod issue. A value of the wrong type says what it got, not the schema's
 * "is required"; an element of a list names the value typed, which the engine cannot show there.
 */
function reasonFor(issue: z.core.$ZodIssue, inputs: Record<string, unknown>): string {
  const value = valueAt(inputs, issue.path);
  if (issue.code === "invalid_type" && value !== undefined) {
    const property = propertyPath(issue.path);
    const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
    // The schema's own words, when it has any beyond zod's default, still say what is meant.
    const hint = issue.message.startsWith("Invalid input") ? "" : ` (${issue.message.replace(/^.+? is required: /, "")})`;
    return `${property} must be ${expected}, got ${describeValue(value)}${hint}`;
  }
  const inList = issue.path.some((part) => typeof part === "number");
  return inList && value !== undefined ? `${describeValue(value)}: ${issue.message}` : issue.message;
}

/** The properties the object at `path` of `schema` accepts (an object nested in an input among them), as a list. */
function acceptedAt(schema: z.ZodType, path: readonly PropertyKey[]): string {
  let at: z.core.$ZodType | undefined = unwrapped(schema);
  for (const part of path) at = at instanceof ZodObject ? unwrapped(at.shape[String(part)]) : undefined;
  return at instanceof ZodObject ? Object.keys(at.shape).join(", ") : "";
}

/** The schema an optional or defaulted one wraps. */
function unwrapped(schema: z.core.$ZodType | undefined): z.core.$ZodType | undefined {
  let at = schema;
  while (at !== undefined && "innerType" in at._zod.def) at = at._zod.def.innerType as z.core.$ZodType;
  return at;
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
  const inputs = withoutEngineProperties(news);
  const parsed = schema.safeParse(inputs);
  if (!parsed.success) {
    const failures = parsed.error.issues.flatMap((issue) =>
      issue.code === "unrecognized_keys"
        ? issue.keys.map((key) => ({
            property: propertyPath([...issue.path, key]),
            reason: `unknown property: remove it or correct its name; the accepted properties are ${acceptedAt(schema, issue.path)}`,
          }))
        : [{ property: propertyPath(issue.path) || "(inputs)", reason: reasonFor(issue, inputs) }],
    );
    return { inputs: news as z.output<S>, failures };
  }
  const failures = rules(parsed.data);
  return { inputs: parsed.data, failures };
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

/**
 * The inputs a read hands the engine, which records them and hands them back as news to the diff of
 * every later refresh: an optional field of `table` whose live value the check refuses (e.g. a custom
 * organization role, which a User does not declare) is left out, so unmanaged, as a program that
 * leaves it out declares it. The state still shows the value.
 */
export function declarableInputs(schema: z.ZodType, table: FieldTable, inputs: Record<string, unknown>): Record<string, unknown> {
  const parsed = schema.safeParse(withoutEngineProperties(inputs));
  if (parsed.success) return inputs;
  const optional = new Set(programFields(table).flatMap(([field, rule]) => (rule.optional ? [field] : [])));
  const refused = new Set(parsed.error.issues.map((issue) => String(issue.path[0])).filter((field) => optional.has(field)));
  return Object.fromEntries(Object.entries(inputs).filter(([field]) => !refused.has(field)));
}

/** Deployment rule failures and other preview-time findings, with the property they concern. */
export function failure(property: string, reason: string): pulumi.dynamic.CheckFailure {
  return { property, reason };
}
