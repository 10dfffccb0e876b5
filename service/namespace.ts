// The `wandb` namespace of a stack's config, read one way wherever it is read: by both doors, the
// pulumi-wandb command and the SDK (its functions and its Organization). Each place only says where
// the namespace comes from; what is a mistake in it (a misspelt key, a malformed or missing value)
// is judged here, so a mistake reads the same through every one of them.
import { z } from "zod";
import { deploymentFrom, guardRailsFrom, judgeNamespace, WandbConfigError, type ConfigJudgement, type Deployment, type GuardRailSettings, type WandbConfig } from "./config";

/** The namespace's name: its keys are `wandb:<key>`. */
export const NAMESPACE = "wandb";

/** The provider's settings as a reader finds them. */
export interface Namespace {
  /** The `wandb` namespace of the stack config (or an explicit provider's own settings), keys without the namespace. */
  readonly stackConfig: Readonly<Record<string, string>>;
  /** The project's own config shares the namespace when the project is named `wandb`. */
  readonly sharedWithProject: boolean;
}

/** Nothing set: what a door serves before it is configured. */
export const EMPTY_NAMESPACE: Namespace = { stackConfig: {}, sharedWithProject: false };

/** A namespaced key as Pulumi writes it, `wandb:<key>`, or as older tools do, `wandb:config:<key>`. */
const NAMESPACED_KEY = new RegExp(`^${NAMESPACE}:(?:config:)?(.+)$`);

/**
 * The `wandb` namespace of a whole stack config, as Pulumi hands it to a program or a dynamic
 * provider: every key with its namespace, values the strings config holds. `project` is the Pulumi
 * project's name, when known.
 */
export function namespaceOf(config: Readonly<Record<string, unknown>>, project: string | undefined): Namespace {
  const entries = Object.entries(config).flatMap(([key, value]) => {
    const name = NAMESPACED_KEY.exec(key)?.[1];
    return name === undefined ? [] : [[name, value] as const];
  });
  return { stackConfig: z.record(z.string(), z.string()).parse(Object.fromEntries(entries)), sharedWithProject: project === NAMESPACE };
}

/** The settings of a namespace and the environment (`WANDB_*`), judged once, the same wherever they are read. */
export class WandbSettings {
  #judged: ConfigJudgement | undefined;

  constructor(
    readonly namespace: Namespace,
    private readonly env: Readonly<Record<string, string | undefined>>,
  ) {}

  #judgement(): ConfigJudgement {
    this.#judged ??= judgeNamespace(this.namespace.stackConfig, this.env, { sharedWithProject: this.namespace.sharedWithProject });
    return this.#judged;
  }

  /** Every mistake (misspelt keys, then missing or malformed settings), each naming the config key, the variable and the fix. */
  problems(): readonly string[] {
    const judged = this.#judgement();
    return "problems" in judged ? judged.problems : [];
  }

  /** The configuration; a `WandbConfigError` listing every mistake when there is any. */
  config(): WandbConfig {
    const judged = this.#judgement();
    if ("problems" in judged) throw new WandbConfigError(judged.problems);
    return judged.config;
  }

  /**
   * The deployment, without credentials (preview-time rules are judged before any key is set);
   * undefined when nothing says. A `WandbConfigError` when the deployment set is none W&B has.
   */
  deployment(): Deployment | undefined {
    return deploymentFrom(this.namespace.stackConfig, this.env);
  }

  /** The guard rails' settings, without credentials: a malformed one counts as its default here, and is among the problems. */
  guardRails(): GuardRailSettings {
    return guardRailsFrom(this.namespace.stackConfig, this.env);
  }
}
