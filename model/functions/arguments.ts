// How a function's arguments are checked: one zod schema per function, whose first issue becomes
// the WandbLookupError the caller sees, naming the property and what a valid value is.
import { z } from "zod";
import { got, present } from "../inputs";
import { WandbLookupError } from "./errors";

/** A string that is not blank, kept as given. */
export function nonEmptyText(field: string): z.ZodString {
  const message = (issue: { input?: unknown }) => `\`${field}\` must be a non-empty string (got ${got(issue.input)}).`;
  return z.string({ error: message }).refine((value) => value.trim() !== "", { error: message });
}

/**
 * The arguments as `schema` returns them, or the invalid-argument error of its first issue.
 * `searched` holds the argument the issue is about (all of them, for an issue about their
 * combination), as given.
 */
export function parseArgs<S extends z.ZodObject>(fn: string, schema: S, args: unknown): z.output<S> {
  const given = args === undefined || args === null ? {} : present(args);
  const parsed = schema.safeParse(given);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const record = (typeof given === "object" && given !== null ? given : {}) as Record<string, unknown>;
  const [property] = issue?.path ?? [];
  const searched =
    typeof property === "string"
      ? { [property]: record[property] }
      : Object.fromEntries(Object.keys(schema.shape).map((key) => [key, record[key]]));
  throw new WandbLookupError({
    kind: "invalid-argument",
    function: fn,
    searched,
    message: issue?.message ?? "the arguments are not valid.",
  });
}
