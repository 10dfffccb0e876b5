// How zod's findings read in messages: each names the exact property it concerns.
import type { z } from "zod";

/** `teams[0]`, `memberIdsByReference.alice`: a property path as the user writes it. */
export function propertyPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, part) => (typeof part === "number" ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)), "");
}

/** Every finding of a failed parse, each prefixed by the property it concerns. */
export function issuesOf(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${propertyPath(issue.path)}: ${issue.message}` : issue.message)).join("; ");
}
