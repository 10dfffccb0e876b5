// Advice on the stack's config that only the program's process can give: the engine hands the
// provider process its config with secrets already unwrapped, so only here can a key stored in
// plain text be told from an encrypted one.
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";

const API_KEY = "wandb:apiKey";

/** How the stack's config holds `wandb:apiKey`; never the key itself. */
export interface ApiKeyInStack {
  readonly set: boolean;
  /** Stored encrypted (`pulumi config set --secret`). */
  readonly secret: boolean;
  readonly stack: string;
}

/** The warning due when the stack's config holds the API key in plain text; undefined otherwise. */
export function plaintextApiKeyWarning(key: ApiKeyInStack): string | undefined {
  if (!key.set || key.secret) return undefined;
  return (
    `${API_KEY} is stored in plain text in the config of stack "${key.stack}" (Pulumi.${key.stack}.yaml): anyone who can read ` +
    `that file can act as an organization admin. Encrypt it: \`pulumi config set --secret ${API_KEY} <key>\`, ` +
    `or remove it (\`pulumi config rm ${API_KEY}\`) and give the key as the environment variable WANDB_API_KEY.`
  );
}

/**
 * How the running program's stack holds the key. `isConfigSecret` is what @pulumi/pulumi's own
 * runtime uses to tell secret config, but it is not in its typings: without it, nothing is told.
 */
function apiKeyInStack(): ApiKeyInStack | undefined {
  const runtime: object = pulumi.runtime;
  const isConfigSecret = "isConfigSecret" in runtime ? runtime.isConfigSecret : undefined;
  if (typeof isConfigSecret !== "function") return undefined;
  const secret = z.boolean().safeParse(isConfigSecret(API_KEY));
  if (!secret.success) return undefined;
  const value = pulumi.runtime.getConfig(API_KEY);
  return { set: value !== undefined && value.trim() !== "", secret: secret.data, stack: pulumi.getStack() };
}

// Programs already advised: the Automation API may run several programs in one process, each with its own stack resource.
const advised = new WeakSet<object>();
const OUTSIDE_A_STACK = {};

/** Warns, once per program, about what in the stack's config only the program can see. */
export function adviseOnStackConfig(): void {
  const program = pulumi.runtime.getStackResource() ?? OUTSIDE_A_STACK;
  if (advised.has(program)) return;
  advised.add(program);
  const key = apiKeyInStack();
  const warning = key === undefined ? undefined : plaintextApiKeyWarning(key);
  if (warning !== undefined) void pulumi.log.warn(warning);
}
