// The command line of the repository's scripts (the benches among them): flags with a default and a
// sentence each, `--help` printing them, and a wrong flag answered with the usage.
import { parseArgs } from "node:util";

export interface Flag {
  /** What the value is, e.g. `N` or `MS`. */
  value: string;
  default?: string;
  description: string;
}

export interface CommandSpec {
  /** How a user runs it, e.g. `npm run bench:adopt --`. */
  run: string;
  /** What it does and prints, in a sentence or two. */
  summary: string;
  flags: Readonly<Record<string, Flag>>;
}

export type FlagValues<S extends CommandSpec> = { [Name in keyof S["flags"]]: S["flags"][Name] extends { default: string } ? string : string | undefined };

export function usageOf(spec: CommandSpec): string {
  const flags = Object.entries(spec.flags).map(([name, flag]) => `[--${name} ${flag.value}]`);
  return `usage: ${[spec.run, ...flags].join(" ")}`;
}

export function helpOf(spec: CommandSpec): string {
  const width = Math.max(0, ...Object.entries(spec.flags).map(([name, flag]) => `--${name} ${flag.value}`.length));
  const flags = Object.entries(spec.flags).map(([name, flag]) => {
    const given = `--${name} ${flag.value}`.padEnd(width);
    return `  ${given}  ${flag.description}${flag.default === undefined ? "" : ` (default: ${flag.default})`}`;
  });
  return [usageOf(spec), "", spec.summary, "", "options:", ...flags, `  ${"--help".padEnd(width)}  prints this and exits`].join("\n");
}

/**
 * The flags given, defaults filled in; undefined when `--help` (or `-h`) asked for the help, which
 * `print` has shown. A flag it does not know, or one without its value, fails with the usage.
 */
export function readCommandLine<S extends CommandSpec>(spec: S, args: readonly string[], print: (text: string) => void = console.log): FlagValues<S> | undefined {
  if (args.includes("--help") || args.includes("-h")) {
    print(helpOf(spec));
    return undefined;
  }
  const options = Object.fromEntries(
    Object.entries(spec.flags).map(([name, flag]) => [name, { type: "string" as const, ...(flag.default === undefined ? {} : { default: flag.default }) }]),
  );
  try {
    return parseArgs({ args: [...args], strict: true, allowPositionals: false, options }).values as FlagValues<S>;
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${usageOf(spec)}  (--help says what each flag does)`);
  }
}

/** A flag's value as a whole number of at least `minimum`; else an error naming the flag and the usage. */
export function wholeNumber(spec: CommandSpec, flag: string, text: string, minimum = 0): number {
  const value = Number(text);
  if (text.trim() === "" || !Number.isInteger(value) || value < minimum) throw new Error(`--${flag} must be a whole number >= ${minimum}, got "${text}"\n${usageOf(spec)}`);
  return value;
}

/** A flag's comma-separated subset of `allowed`, in the order of `allowed`; else an error naming the flag and the usage. */
export function listOf<T extends string>(spec: CommandSpec, flag: string, text: string, allowed: readonly T[]): T[] {
  const given = text.split(",").map((entry) => entry.trim()).filter(Boolean);
  const unknown = given.filter((entry) => !(allowed as readonly string[]).includes(entry));
  if (unknown.length || !given.length) throw new Error(`--${flag} takes a comma-separated subset of ${allowed.join(",")}, got "${text}"\n${usageOf(spec)}`);
  return allowed.filter((entry) => given.includes(entry));
}

/** A flag's one value of `allowed`; else an error naming the flag and the usage. */
export function oneOf<T extends string>(spec: CommandSpec, flag: string, text: string, allowed: readonly T[]): T {
  const given = text.trim();
  if (!(allowed as readonly string[]).includes(given)) throw new Error(`--${flag} takes one of ${allowed.join(", ")}, got "${text}"\n${usageOf(spec)}`);
  return given as T;
}
