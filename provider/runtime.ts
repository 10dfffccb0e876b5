// Process-wide state of the provider process: the stack config handed to `configure`, judged once,
// and the clients built from it on first use. Nothing here is ever serialized into state.
import { z } from "zod";
import { clientsFromConfig, type Clients } from "../api/client";
import {
  deploymentFrom,
  guardRailsFrom,
  judgeNamespace,
  WandbConfigError,
  type Deployment,
  type GuardRailSettings,
  type WandbConfig,
} from "../api/config";

const NAMESPACE = "wandb:";

/**
 * What the dynamic provider hands to `configure`: an instance of @pulumi/pulumi's
 * `cmd/dynamic-provider/config.js` Config, whose `rawConfig` holds every key of the stack's config,
 * namespace included (the engine passes dynamic providers the whole of it), with secrets unwrapped.
 */
const configureRequest = z.object({
  config: z.object({
    rawConfig: z.record(z.string(), z.unknown()),
    projectName: z.string().optional(),
  }),
});

/** The `wandb` namespace of the stack config, keys without the namespace; config values are strings. */
const wandbNamespace = z
  .record(z.string(), z.unknown())
  .transform((raw) => Object.entries(raw).filter(([key]) => key.startsWith(NAMESPACE)))
  .transform((entries) => Object.fromEntries(entries.map(([key, value]) => [key.slice(NAMESPACE.length), value])))
  .pipe(z.record(z.string(), z.string()));

interface Configuration {
  readonly stackConfig: Readonly<Record<string, string>>;
  /** The project's own config shares the namespace when the project is named `wandb`. */
  readonly sharedWithProject: boolean;
}

interface Judged {
  /** Every mistake: misspelt keys, then missing or malformed settings. */
  readonly problems: readonly string[];
  /** Undefined while there is any problem. */
  readonly config: WandbConfig | undefined;
}

let configuration: Configuration = { stackConfig: {}, sharedWithProject: false };
let judged: Judged | undefined;
let built: Clients | undefined;
let operation: object = {};

/**
 * Called by the dynamic provider once per resource kind it serves, all in the one process of an
 * engine operation: each kind's shim is configured alike, and the operation (what it has read) is
 * theirs to share.
 */
export async function configure(request: unknown): Promise<void> {
  const { config } = configureRequest.parse(request);
  useConfiguration({ stackConfig: wandbNamespace.parse(config.rawConfig), sharedWithProject: config.projectName === "wandb" });
}

/**
 * Called by the native plugin's Configure, once per plugin process: each provider, default or
 * explicit, has a process of its own. `settings` are the provider's own, keys without the namespace.
 */
export function configureProvider(settings: Readonly<Record<string, string>>): void {
  useConfiguration({ stackConfig: settings, sharedWithProject: false });
}

function useConfiguration(fresh: Configuration): void {
  if (JSON.stringify(fresh) === JSON.stringify(configuration)) return;
  judged = undefined;
  built = undefined;
  configuration = fresh;
  beginOperation();
}

/** Starts a new engine operation, as a new provider process does: nothing read before is kept. */
export function beginOperation(): void {
  operation = {};
}

/**
 * The engine operation being served: the provider process's, a new one for each new configuration.
 * What is read once per operation (the directory of users and teams) is kept against it, so that
 * it never outlives it.
 */
export function currentOperation(): object {
  return operation;
}

/** The stack config and the environment, judged once per configuration. */
function judgement(): Judged {
  if (!judged) {
    const result = judgeNamespace(configuration.stackConfig, process.env, { sharedWithProject: configuration.sharedWithProject });
    judged = "problems" in result ? { problems: result.problems, config: undefined } : { problems: [], config: result.config };
  }
  return judged;
}

/**
 * Every mistake in the configuration (a missing, malformed or misspelt key), each naming the config
 * key, the environment variable and the fix; empty when there is none. Judged without a request,
 * so that `check` reports them at preview.
 */
export function configurationProblems(): readonly string[] {
  return judgement().problems;
}

/** The provider's configuration; a `WandbConfigError` listing every mistake when there is any. */
export function providerConfig(): WandbConfig {
  const { problems, config } = judgement();
  if (config === undefined) throw new WandbConfigError(problems);
  return config;
}

export function clients(): Clients {
  built ??= clientsFromConfig(providerConfig());
  return built;
}

/**
 * The deployment for preview-time rules, resolved without credentials: `check` judges inputs even
 * when no key is set, and sends nothing. An unknown deployment gives no rules: it is among the
 * configuration problems every `check` reports.
 */
export function deploymentForChecks(): Deployment | undefined {
  try {
    return deploymentFrom(configuration.stackConfig, process.env);
  } catch (error) {
    if (error instanceof WandbConfigError) return undefined;
    throw error;
  }
}

/**
 * The guard rails' settings for preview-time checks, judged without credentials: a malformed one
 * counts as its default here, and is among the configuration problems every check reports.
 */
export function guardRailsForChecks(): GuardRailSettings {
  return guardRailsFrom(configuration.stackConfig, process.env);
}
