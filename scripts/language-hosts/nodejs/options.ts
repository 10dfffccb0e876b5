// What the engine tells the language host about a program or plugin: its folders and the runtime
// options of its Pulumi.yaml or PulumiPlugin.yaml, read as pulumi-language-nodejs reads them (same
// defaults, same error messages).
import type * as languageProto from "@pulumi/pulumi/proto/language_pb";
import { z } from "zod";
import { wrapped } from "./answers";

export const PACKAGE_MANAGERS = ["auto", "npm", "yarn", "pnpm", "bun"] as const;
export type PackageManagerChoice = (typeof PACKAGE_MANAGERS)[number];

const runtimeOptionsSchema = z.object({
  typescript: z.boolean({ error: "typescript option must be a boolean" }).default(true),
  tsconfig: z.string({ error: "tsconfigpath option must be a string" }).default(""),
  nodeargs: z.string({ error: "nodeargs option must be a string" }).default(""),
  production: z.boolean({ error: "production option must be a boolean" }).default(false),
  packagemanager: z
    .enum(PACKAGE_MANAGERS, {
      error: (issue) =>
        typeof issue.input === "string"
          ? `packagemanager option must be one of auto, npm, yarn, pnpm or bun, got ${JSON.stringify(issue.input)}`
          : "packagemanager option must be a string",
    })
    .default("auto"),
});

export type RuntimeOptions = z.output<typeof runtimeOptionsSchema>;

export interface ProgramInfo {
  /** Absolute: the program's folder, or a plugin's (the folder of its PulumiPlugin.yaml). */
  programDirectory: string;
  rootDirectory: string;
  /** Relative to programDirectory; "." for the folder itself (always so for plugins). */
  entryPoint: string;
  /** The runtime options as given, parsed on use (an invalid option fails only the call that reads it). */
  options: unknown;
}

export function programInfo(info: languageProto.ProgramInfo | undefined): ProgramInfo {
  if (!info) throw new Error("the engine sent no program info");
  return {
    programDirectory: info.getProgramDirectory(),
    rootDirectory: info.getRootDirectory(),
    entryPoint: info.getEntryPoint(),
    options: info.getOptions()?.toJavaScript() ?? {},
  };
}

/** The program and its options; an invalid option reads "failed to parse options: ...", as in the Go host. */
export function programWithOptions(info: languageProto.ProgramInfo | undefined): { program: ProgramInfo; options: RuntimeOptions } {
  const program = programInfo(info);
  return { program, options: wrapped("failed to parse options", () => runtimeOptions(program.options)) };
}

/** Throws the first invalid option's message, as the Go host reports it. */
export function runtimeOptions(options: unknown): RuntimeOptions {
  const parsed = runtimeOptionsSchema.safeParse(options ?? {});
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "invalid runtime options");
  return parsed.data;
}

/** The environment that tells @pulumi/pulumi's run entry points how to load TypeScript. */
export function typeScriptEnvironment(options: RuntimeOptions): Record<string, string> {
  return {
    ...(options.typescript ? { PULUMI_NODEJS_TYPESCRIPT: "true" } : {}),
    ...(options.tsconfig ? { PULUMI_NODEJS_TSCONFIG_PATH: options.tsconfig } : {}),
  };
}

/** An environment sent as `NAME=value` entries; of a repeated name, the last wins (as for Go's exec). */
export function environmentOf(entries: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of entries) {
    const equals = entry.indexOf("=");
    if (equals < 0) env[entry] = "";
    else env[entry.slice(0, equals)] = entry.slice(equals + 1);
  }
  return env;
}

/**
 * Splits `nodeargs` into arguments as a POSIX shell would (github.com/google/shlex, which the Go
 * host uses): quotes group, a backslash escapes, `#` at the start of a word comments out the rest.
 */
export function splitArguments(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? "";
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word += char;
    } else if (char === "\\") {
      if (i + 1 >= text.length) throw new Error("EOF found after escape character");
      word = (word ?? "") + text[++i];
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= "";
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (char === "#" && word === undefined) {
      while (i + 1 < text.length && text[i + 1] !== "\n") i++;
    } else {
      word = (word ?? "") + char;
    }
  }
  if (quote) throw new Error("EOF found when expecting closing quote");
  if (word !== undefined) words.push(word);
  return words;
}
