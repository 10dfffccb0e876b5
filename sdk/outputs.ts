import type { z } from "zod";

/**
 * The properties given to a dynamic resource's constructor: every output the resource has (the keys
 * of its state's schema), unset unless `args` sets it. The engine resolves only the outputs named
 * here, so a resource read from its id alone (`static get`) shows every property its state holds,
 * not only those of its inputs.
 */
export function everyOutput<A extends object>(outputs: z.ZodObject, args: A): Record<string, unknown> {
  return { ...Object.fromEntries(Object.keys(outputs.shape).map((name) => [name, undefined])), ...args };
}
