/**
 * The properties given to a dynamic resource's constructor: every output the resource has, unset
 * unless `args` sets it. The engine resolves only the outputs named here, so a resource read from
 * its id alone (`static get`) shows every property its state holds, not only those of its inputs.
 */
export function everyOutput<A extends object>(names: readonly string[], args: A): Record<string, unknown> {
  return { ...Object.fromEntries(names.map((name) => [name, undefined])), ...args };
}
