import { z } from "zod";
import { sameIgnoringCase } from "./case-folding";
import { Secret, SHORTEST_SECRET } from "./secret";
import { closest } from "./spelling";
import { inspectedAsMessage } from "./inspected-as-message";

/** Where the organization is hosted: W&B's Multi-tenant Cloud, Dedicated Cloud or Self-Managed. */
export const DEPLOYMENTS = ["saas", "dedicated", "self-managed"] as const;
export type Deployment = (typeof DEPLOYMENTS)[number];

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
  /** Whether changes made outside code are told with who made them and when, from W&B's audit log. */
  readonly auditLog: boolean;
}

/** The guard rails' settings (see model/guard-rails.ts), judged without credentials. */
export interface GuardRailSettings {
  /** A change that leaves fewer organization admins than this (and removes one) is refused. */
  readonly minAdmins: number;
  /** A change that removes more than this fraction of the users of a roster, or of a team's members, is refused. */
  readonly maxRemovalFraction: number;
  /** The user the provider acts as (`username`, with a user key) is never deleted, deactivated or demoted. */
  readonly protectSelf: boolean;
  /** That user's name, when the key is a user's: the username sent with a basic key, or told with a bearer one. */
  readonly self?: string;
  /**
   * Whether the key's owner cannot be told: a bearer key with no `username` (one that names no user,
   * the basic scheme with no username, is an organization service account's, never a user).
   */
  readonly selfUnknown: boolean;
}

/** The configuration is missing or malformed: `problems` holds every mistake, each naming its key, variable and fix. */
export class WandbConfigError extends Error {
  override readonly name = "WandbConfigError";
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(problems.length === 1 ? problems.join("") : `${problems.length} configuration problems:\n${problems.map((p) => `- ${p}`).join("\n")}`);
    this.problems = problems;
  }
}
inspectedAsMessage(WandbConfigError);

type Source = Readonly<Record<string, string | undefined>>;

/** One configuration setting: its `wandb:` key, the environment variable read when the key is unset, and its rules. */
export interface ConfigSetting<T> {
  readonly key: string;
  readonly env: string;
  readonly secret?: boolean;
  /** Judges the value as typed (a string), yielding the value the provider uses. */
  readonly schema: z.ZodType<T>;
  /** Shown in the error: what a valid value looks like. */
  readonly expected: string;
  /** The configuration is incomplete without it. */
  readonly required?: boolean;
  /** The value used when the setting is unset. */
  readonly default?: T;
}

const DEFAULT_INFERENCE_URL = "https://api.inference.wandb.ai/v1";

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

/** `true` or `false`, as typed. */
const trueOrFalse = z
  .enum(["true", "false"])
  .transform((value) => value === "true")
  .pipe(z.boolean());

const settings = {
  baseUrl: {
    key: "baseUrl",
    env: "WANDB_BASE_URL",
    schema: httpUrl.transform(splitBaseUrl),
    expected: "an http(s) URL such as https://api.wandb.ai or https://<instance>.wandb.io",
    required: true,
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
    default: "/scim",
  },
  apiKey: {
    key: "apiKey",
    env: "WANDB_API_KEY",
    secret: true,
    schema: z.string().trim().min(SHORTEST_SECRET).regex(/^\S+$/).transform((key) => new Secret(key)),
    expected: `a W&B API key (org admin key or organization service-account key), of ${SHORTEST_SECRET} characters or more`,
    required: true,
  },
  authScheme: {
    key: "authScheme",
    env: "WANDB_AUTH_SCHEME",
    schema: z.enum(AUTH_SCHEMES),
    expected: "basic (Basic <username>:<key>, the default) or bearer (Bearer <key>)",
    default: "basic" as const,
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
    default: DEFAULT_INFERENCE_URL,
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
    default: 8,
  },
  maxRetries: {
    key: "maxRetries",
    env: "WANDB_MAX_RETRIES",
    schema: intBetween(0, 10),
    expected: "an integer from 0 to 10",
    default: 4,
  },
  timeoutSeconds: {
    key: "timeoutSeconds",
    env: "WANDB_TIMEOUT_SECONDS",
    schema: intBetween(1, 600),
    expected: "an integer number of seconds from 1 to 600",
    default: 30,
  },
  minAdmins: {
    key: "minAdmins",
    env: "WANDB_MIN_ADMINS",
    schema: intBetween(0, 1000),
    expected: "an integer from 0 to 1000 (0 turns the guard off)",
    default: 1,
  },
  maxRemovalFraction: {
    key: "maxRemovalFraction",
    env: "WANDB_MAX_REMOVAL_FRACTION",
    schema: z
      .string()
      .trim()
      .regex(/^(\d+(\.\d*)?|\.\d+)$/)
      .transform(Number)
      .pipe(z.number().min(0).max(1)),
    expected: "a fraction from 0 to 1, such as 0.25 (1 turns the guard off)",
    default: 0.25,
  },
  protectSelf: {
    key: "protectSelf",
    env: "WANDB_PROTECT_SELF",
    schema: trueOrFalse,
    expected: "true or false",
    default: true,
  },
  auditLog: {
    key: "auditLog",
    env: "WANDB_AUDIT_LOG",
    schema: trueOrFalse,
    expected: "true or false (true: changes outside code are told with who made them and when, from W&B's audit log, which an organization admin's key reads; on the Multi-tenant Cloud, Enterprise plans only)",
    default: false,
  },
} satisfies Record<string, ConfigSetting<unknown>>;

export type ConfigKey = keyof typeof settings;

/** Every setting of the `wandb` config namespace, by key. */
export const CONFIG_SETTINGS: { readonly [K in ConfigKey]: ConfigSetting<unknown> } = settings;

/** Keys of the `wandb` config namespace, without the namespace. */
export const CONFIG_KEYS = Object.keys(settings) as ReadonlyArray<ConfigKey>;

/** The configuration, or every mistake in it. */
export type ConfigJudgement = { readonly config: WandbConfig } | { readonly problems: readonly string[] };

/**
 * Judges provider configuration: Pulumi stack config (`wandb:<key>`, passed without the namespace)
 * first, then the environment variables W&B's own tools read. Every setting is judged, so that
 * every mistake is reported at once.
 */
export function judgeConfig(stackConfig: Source, env: Source): ConfigJudgement {
  const problems: string[] = [];
  const read = <T>(setting: ConfigSetting<T>): T | undefined => {
    const reading = readSetting(setting, stackConfig, env);
    if ("problem" in reading) {
      problems.push(reading.problem);
      return undefined;
    }
    if (reading.value === undefined && setting.required) problems.push(missingMessage(setting));
    return reading.value;
  };

  const baseUrl = read(settings.baseUrl);
  const scimPath = read(settings.scimPath);
  const apiKey = read(settings.apiKey);
  const authScheme = read(settings.authScheme);
  const username = read(settings.username);
  const deployment = read(settings.deployment);
  const inferenceUrl = read(settings.inferenceUrl);
  const inferenceProject = read(settings.inferenceProject);
  const maxConcurrency = read(settings.maxConcurrency);
  const maxRetries = read(settings.maxRetries);
  const timeoutSeconds = read(settings.timeoutSeconds);
  const auditLog = read(settings.auditLog);
  // The guard rails' settings are read without credentials (guardRailsFrom); judged here so that a mistake in them is told.
  read(settings.minAdmins);
  read(settings.maxRemovalFraction);
  read(settings.protectSelf);
  if (baseUrl?.scimRoot !== undefined && scimPath !== undefined && !sameIgnoringCase(scimPath, baseUrl.scimRoot)) {
    problems.push(
      `wandb:baseUrl ends with the SCIM root ${baseUrl.scimRoot} while wandb:scimPath (WANDB_SCIM_PATH) says ${scimPath || "/"}: ` +
        "give the host alone as wandb:baseUrl (WANDB_BASE_URL), or remove wandb:scimPath.",
    );
  }
  if (baseUrl === undefined || apiKey === undefined || problems.length > 0) return { problems };
  return {
    config: {
      baseUrl: baseUrl.base,
      scimPath: baseUrl.scimRoot ?? scimPath ?? settings.scimPath.default,
      apiKey,
      authScheme: authScheme ?? settings.authScheme.default,
      ...(username === undefined ? {} : { username }),
      deployment: deployment ?? inferDeployment(baseUrl.base),
      inferenceUrl: inferenceUrl ?? settings.inferenceUrl.default,
      ...(inferenceProject === undefined ? {} : { inferenceProject }),
      maxConcurrency: maxConcurrency ?? settings.maxConcurrency.default,
      maxRetries: maxRetries ?? settings.maxRetries.default,
      timeoutSeconds: timeoutSeconds ?? settings.timeoutSeconds.default,
      auditLog: auditLog ?? settings.auditLog.default,
    },
  };
}

/**
 * The guard rails' settings, judged without credentials (preview-time checks run before any key is
 * set); a malformed setting counts as its default here, and is among the configuration problems
 * every check reports.
 */
export function guardRailsFrom(stackConfig: Source, env: Source): GuardRailSettings {
  const value = <T>(setting: ConfigSetting<T>): T | undefined => {
    const reading = readSetting(setting, stackConfig, env);
    return "value" in reading ? reading.value : undefined;
  };
  // With bearer the username is never sent, but it tells whose key it is; without it the owner is unknown.
  const self = value(settings.username);
  const bearer = (value(settings.authScheme) ?? settings.authScheme.default) === "bearer";
  return {
    minAdmins: value(settings.minAdmins) ?? settings.minAdmins.default,
    maxRemovalFraction: value(settings.maxRemovalFraction) ?? settings.maxRemovalFraction.default,
    protectSelf: value(settings.protectSelf) ?? settings.protectSelf.default,
    selfUnknown: bearer && self === undefined,
    ...(self === undefined ? {} : { self }),
  };
}

/**
 * Judges a provider's whole `wandb` namespace: misspelt or unknown keys first, then the settings
 * as judgeConfig does. The configuration only when there is no mistake at all.
 */
export function judgeNamespace(stackConfig: Source, env: Source, options: { sharedWithProject: boolean }): ConfigJudgement {
  const judged = judgeConfig(stackConfig, env);
  const problems = [...unknownKeyProblems(Object.keys(stackConfig), options), ...("problems" in judged ? judged.problems : [])];
  return problems.length > 0 ? { problems } : judged;
}

/** The configuration judgeConfig finds; a `WandbConfigError` listing every mistake when there is any. */
export function resolveConfig(stackConfig: Source, env: Source): WandbConfig {
  const judged = judgeConfig(stackConfig, env);
  if ("problems" in judged) throw new WandbConfigError(judged.problems);
  return judged.config;
}

/**
 * Keys set in the `wandb` namespace (without it) that pulumi-wandb does not read, each with a
 * did-you-mean when one of its keys is close (`baseURL` → `baseUrl`). When the Pulumi project is
 * itself named `wandb`, the namespace also holds the project's own keys: only near misses are told.
 */
export function unknownKeyProblems(keys: Iterable<string>, options: { sharedWithProject: boolean }): string[] {
  const known = new Set<string>(CONFIG_KEYS);
  return [...keys].flatMap((key) => {
    if (known.has(key)) return [];
    const meant = closest(key, CONFIG_KEYS);
    if (meant === undefined) {
      if (options.sharedWithProject) return [];
      const all = CONFIG_KEYS.map((k) => `wandb:${k}`).join(", ");
      return [`Unknown config key wandb:${key}: pulumi-wandb reads only ${all}. Remove it with \`pulumi config rm wandb:${key}\`.`];
    }
    const setting: ConfigSetting<unknown> = settings[meant];
    return [
      `Unknown config key wandb:${key}: did you mean wandb:${meant}? It expects ${setting.expected}. ` +
        `Rename it: \`pulumi config rm wandb:${key}\`, then \`pulumi config set ${secretFlag(setting)}wandb:${meant} <value>\` ` +
        `(or set the environment variable ${setting.env}).`,
    ];
  });
}

/** The SCIM roots a base URL may end with, as servers print their own address: W&B's, then RFC 7644's usual one. */
const SCIM_ROOTS = /\/scim(\/v2)?$/i;

/** A base URL as typed, split into the host base and the SCIM root it ends with, if any. */
export function splitBaseUrl(url: string): { base: string; scimRoot?: string } {
  const parsed = new URL(url);
  const path = parsed.pathname.replace(/\/+$/, "");
  const scimRoot = SCIM_ROOTS.exec(path)?.[0];
  if (scimRoot === undefined) return { base: `${parsed.origin}${path}` };
  return { base: `${parsed.origin}${path.slice(0, -scimRoot.length)}`, scimRoot };
}

export function inferDeployment(baseUrl: string): Deployment {
  // The URL standard folds a hostname's case.
  const host = new URL(baseUrl).hostname;
  if (host === "api.wandb.ai") return "saas";
  if (host.endsWith(".wandb.io")) return "dedicated";
  return "self-managed";
}

type Reading<T> = { readonly value: T | undefined } | { readonly problem: string };

function readSetting<T>(setting: ConfigSetting<T>, stackConfig: Source, env: Source): Reading<T> {
  const fromStack = nonEmpty(stackConfig[setting.key]);
  const raw = fromStack ?? nonEmpty(env[setting.env]);
  if (raw === undefined) return { value: undefined };
  const parsed = setting.schema.safeParse(raw);
  if (parsed.success) return { value: parsed.data };
  const origin = fromStack !== undefined ? `wandb:${setting.key}` : setting.env;
  // The offending value is echoed only for non-secret settings.
  const shown = setting.secret ? "" : ` (got ${JSON.stringify(raw)})`;
  return { problem: `Invalid ${origin}${shown}: expected ${setting.expected}. ${howToSet(setting)}` };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

function missingMessage(setting: ConfigSetting<unknown>): string {
  return `Missing wandb:${setting.key}: expected ${setting.expected}. ${howToSet(setting)}`;
}

function howToSet(setting: ConfigSetting<unknown>): string {
  return (
    `Set it with \`pulumi config set ${secretFlag(setting)}wandb:${setting.key} <value>\` ` +
    `or the environment variable ${setting.env}.`
  );
}

function secretFlag(setting: ConfigSetting<unknown>): string {
  return setting.secret ? "--secret " : "";
}

/**
 * The deployment, resolved without credentials (preview-time rules must be judged before any key
 * is set): `deployment` from stack config or WANDB_DEPLOYMENT, else inferred from the base URL;
 * undefined when neither says (a malformed base URL is judgeConfig's to report). An unknown
 * deployment is a `WandbConfigError`, never replaced by what the host suggests.
 */
export function deploymentFrom(stackConfig: Source, env: Source): Deployment | undefined {
  const explicit = readSetting(settings.deployment, stackConfig, env);
  if ("problem" in explicit) throw new WandbConfigError([explicit.problem]);
  if (explicit.value !== undefined) return explicit.value;
  const baseUrl = readSetting(settings.baseUrl, stackConfig, env);
  return "value" in baseUrl && baseUrl.value !== undefined ? inferDeployment(baseUrl.value.base) : undefined;
}
