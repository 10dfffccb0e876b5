import type { z } from "zod";
import type { FunctionAccess } from "./access";
import { parseArgs } from "./arguments";

/**
 * A function of the package (`getUser`, `getModels`, ...), served alike by the SDK (in the
 * program's process) and by the native plugin (as the invoke `wandb:index:<name>`). `args` and
 * `result` describe it, every field with a `.meta({ description })`, so that the package schema
 * can be derived from them (`z.toJSONSchema(args, { io: "input" })`, `z.toJSONSchema(result)`).
 */
export interface WandbFunction<Args extends z.ZodObject = z.ZodObject, Result extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  /** What the function does and how it fails, for users. */
  readonly description: string;
  readonly args: Args;
  readonly result: Result;
  /**
   * Checks the arguments (an argument mistake is a `WandbLookupError` of kind `invalid-argument`
   * naming the property, before `access` is asked for anything), then looks up and returns the
   * result. Failures of the service are the client's `WandbApiError`.
   */
  run(args: unknown, access: FunctionAccess): Promise<z.output<Result>>;
}

export function defineFunction<Args extends z.ZodObject, Result extends z.ZodObject>(spec: {
  name: string;
  description: string;
  args: Args;
  result: Result;
  lookup: (args: z.output<Args>, access: FunctionAccess) => Promise<z.output<Result>>;
}): WandbFunction<Args, Result> {
  const { name, description, args, result, lookup } = spec;
  return { name, description, args, result, run: async (given, access) => lookup(parseArgs(name, args, given), access) };
}
