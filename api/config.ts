import { z } from "zod";
import { Secret } from "./client/secret";
import { type Deployment, DEPLOYMENTS, isDeployment } from "./vocabulary";

export type { Deployment };

/** How the API key is sent to SCIM: `Basic base64(<username>:<key>)` or `Bearer <key>`. */
export const AUTH_SCHEMES = ["basic", "bearer"] as const;
export type AuthScheme = (typeof AUTH_SCHEMES)[number];

export interface WandbConfig {
  /** Host base without a trailing `/scim` or `/`, e.g. `https://api.wandb.ai`. */
  readonly baseUrl: string;
  /** Where the SCIM API lives under baseUrl, without a trailing slash: `/scim` (W&B), `/scim/v2`, or `` (the root). */
  readonly scimPath: string;
  readonly apiKey: Secret;
  readonly authScheme: AuthScheme;
  /** Absent when the key belongs to an organization service account; not sent with Bearer. */
  readonly username?: string;
  readonly deployment: Deployment;
  readonly inferenceUrl: string;
  /** `entity/project` sent as `OpenAI-Project`. */
  readonly inferenceProject?: string;
  readonly maxConcurrency: number;
  readonly maxRetries: number;
  readonly timeoutSeconds: number;
}

export class WandbConfigError extends Error {
  override readonly name = "WandbConfigError";
}

type Source = Readonly<Record<string, string | undefined>>;

interface Setting<T> {
  key: string;
  env: string;
  secret?: boolean;
  schema: z.ZodType<T>;
  /** Shown in the error: what a valid value looks like. */
  expected: string;
}

const DEFAULT_INFERENCE_URL = "https://api.inference.wandb.ai/v1";
const DEFAULT_SCIM_PATH = "/scim";

const httpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  });

/** The base of W&B Inference: an http(s) URL, without trailing slashes. */
export const inferenceUrlSchema = httpUrl.transform((url) => url.replace(/\/+$/, ""));

/** The `<entity>/<project>` sent as `OpenAI-Project`. */
export const inferenceProjectSchema = z.string().trim().regex(/^[^/\s]+\/[^/\s]+$/);

function intBetween(min: number, max: number) {
  return z
    .string()
    .trim()
    .regex(/^\d+$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

const settings = {
  baseUrl: {
    key: "baseUrl",
    env: "WANDB_BASE_URL",
    schema: httpUrl.transform(normaliseBaseUrl),
    expected: "an http(s) URL such as https://api.wandb.ai or https://<instance>.wandb.io",
  },
  scimPath: {
    key: "scimPath",
    env: "WANDB_SCIM_PATH",
    schema: z
      .string()
      .trim()
      // Segments of unreserved URL characters, none starting with a dot (no `..` climbing out of baseUrl).
      .regex(/^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/?$/)
      .transform((path) => path.replace(/\/+$/, "")),
    expected: 'a path starting with "/", such as /scim (W&B), /scim/v2, /v2, or / for the root of wandb:baseUrl',
  },
  apiKey: {
    key: "apiKey",
    env: "WANDB_API_KEY",
    secret: true,
    schema: z.string().trim().min(1).regex(/^\S+$/).transform((key) => new Secret(key)),
    expected: "a W&B API key (org admin key or organization service-account key)",
  },
  authScheme: {
    key: "authScheme",
    env: "WANDB_AUTH_SCHEME",
    schema: z.enum(AUTH_SCHEMES),
    expected: "basic (Basic <username>:<key>, the default) or bearer (Bearer <key>)",
  },
  username: {
    key: "username",
    env: "WANDB_USERNAME",
    schema: z.string().trim().min(1).regex(/^[^:\s]+$/),
    expected: "the admin's W&B username without ':' (leave unset for a service-account key)",
  },
  deployment: {
    key: "deployment",
    env: "WANDB_DEPLOYMENT",
    schema: z.enum(DEPLOYMENTS),
    expected: "one of saas, dedicated, self-managed",
  },
  inferenceUrl: {
    key: "inferenceUrl",
    env: "WANDB_INFERENCE_URL",
    schema: inferenceUrlSchema,
    expected: `an http(s) URL ending in /v1, e.g. ${DEFAULT_INFERENCE_URL}`,
  },
  inferenceProject: {
    key: "inferenceProject",
    env: "WANDB_INFERENCE_PROJECT",
    schema: inferenceProjectSchema,
    expected: "<entity>/<project>",
  },
  maxConcurrency: {
    key: "maxConcurrency",
    env: "WANDB_MAX_CONCURRENCY",
    schema: intBetween(1, 64),
    expected: "an integer from 1 to 64",
  },
  maxRetries: {
    key: "maxRetries",
    env: "WANDB_MAX_RETRIES",
    schema: intBetween(0, 10),
    expected: "an integer from 0 to 10",
  },
  timeoutSeconds: {
    key: "timeoutSeconds",
    env: "WANDB_TIMEOUT_SECONDS",
    schema: intBetween(1, 600),
    expected: "an integer number of seconds from 1 to 600",
  },
} satisfies Record<string, Setting<unknown>>;

/** Keys of the `wandb` config namespace, without the namespace. */
export const CONFIG_KEYS = Object.keys(settings) as ReadonlyArray<keyof typeof settings>;

/**
 * Resolves provider configuration: Pulumi stack config (`wandb:<key>`, passed
 * without the namespace) first, then the environment variables W&B's own tools read.
 */
export function resolveConfig(stackConfig: Source, env: Source): WandbConfig {
  const read = <T>(setting: Setting<T>): T | undefined => readSetting(setting, stackConfig, env);
  const require = <T>(setting: Setting<T>): T => {
    const value = read(setting);
    if (value === undefined) throw new WandbConfigError(missingMessage(setting));
    return value;
  };

  const baseUrl = require(settings.baseUrl);
  const apiKey = require(settings.apiKey);
  const username = read(settings.username);
  const inferenceProject = read(settings.inferenceProject);
  return {
    baseUrl,
    scimPath: read(settings.scimPath) ?? DEFAULT_SCIM_PATH,
    apiKey,
    authScheme: read(settings.authScheme) ?? "basic",
    ...(username === undefined ? {} : { username }),
    deployment: read(settings.deployment) ?? inferDeployment(baseUrl),
    inferenceUrl: read(settings.inferenceUrl) ?? DEFAULT_INFERENCE_URL,
    ...(inferenceProject === undefined ? {} : { inferenceProject }),
    maxConcurrency: read(settings.maxConcurrency) ?? 8,
    maxRetries: read(settings.maxRetries) ?? 4,
    timeoutSeconds: read(settings.timeoutSeconds) ?? 30,
  };
}

export function normaliseBaseUrl(url: string): string {
  const parsed = new URL(url);
  const path = parsed.pathname.replace(/\/+$/, "").replace(/\/scim$/i, "");
  return `${parsed.origin}${path}`;
}

export function inferDeployment(baseUrl: string): Deployment {
  const host = new URL(baseUrl).hostname.toLowerCase();
  if (host === "api.wandb.ai") return "saas";
  if (host.endsWith(".wandb.io")) return "dedicated";
  return "self-managed";
}

function readSetting<T>(setting: Setting<T>, stackConfig: Source, env: Source): T | undefined {
  const fromStack = nonEmpty(stackConfig[setting.key]);
  const raw = fromStack ?? nonEmpty(env[setting.env]);
  if (raw === undefined) return undefined;
  const parsed = setting.schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const origin = fromStack !== undefined ? `wandb:${setting.key}` : setting.env;
  // The offending value is echoed only for non-secret settings.
  const shown = setting.secret ? "" : ` (got ${JSON.stringify(raw)})`;
  throw new WandbConfigError(
    `Invalid ${origin}${shown}: expected ${setting.expected}. ${howToSet(setting)}`,
  );
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

function missingMessage(setting: Setting<unknown>): string {
  return `Missing wandb:${setting.key}: expected ${setting.expected}. ${howToSet(setting)}`;
}

function howToSet(setting: Setting<unknown>): string {
  const secretFlag = setting.secret ? "--secret " : "";
  return (
    `Set it with \`pulumi config set ${secretFlag}wandb:${setting.key} <value>\` ` +
    `or the environment variable ${setting.env}.`
  );
}

/**
 * The deployment, resolved without credentials (preview-time rules must be judged before any key
 * is set): `deployment` from stack config or WANDB_DEPLOYMENT, else inferred from the base URL;
 * undefined when neither says.
 */
export function deploymentFrom(stackConfig: Source, env: Source): Deployment | undefined {
  const explicit = nonEmpty(stackConfig["deployment"]) ?? nonEmpty(env["WANDB_DEPLOYMENT"]);
  if (explicit !== undefined && isDeployment(explicit)) return explicit;
  const baseUrl = nonEmpty(stackConfig["baseUrl"]) ?? nonEmpty(env["WANDB_BASE_URL"]);
  if (baseUrl === undefined) return undefined;
  try {
    return inferDeployment(normaliseBaseUrl(baseUrl));
  } catch {
    return undefined;
  }
}
