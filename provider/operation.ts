// One engine operation as a front door serves it: the provider's configuration, judged once, where
// what its calls tell the user goes, and what is built and read from the configuration on first use
// (the clients, the directory of users and teams), so that none of it outlives the operation. Each call of a kind is handed the operation it belongs
// to; nothing here is ever serialized into state.
import { clientsFromConfig, type Clients } from "../service";
import { WandbConfigError, type Deployment, type GuardRailSettings, type WandbConfig } from "../service/config";
import { WandbSettings, type Namespace } from "../service/namespace";
import { engineOutput, printedOutput, type EngineOutput, type OutputSink } from "./kit/engine-output";
import { Holdings } from "./kit/holdings";
import type { ConfiguredOperation } from "./kit/implementation";
import { Directory } from "./membership/directory";
import { RunRemovalsGuard } from "./removals";
import { liveCountOf } from "../model/guard-rails";

export class Operation implements ConfiguredOperation {
  readonly #settings: WandbSettings;
  readonly #output: EngineOutput;
  #clients: Clients | undefined;
  #directory: Directory | undefined;
  readonly #cancellation = new AbortController();
  readonly #holdings = new Holdings();
  #credentialsRefusalTold = false;
  #removals: RunRemovalsGuard | undefined;

  /** `sink` is where the door sends what the operation's calls tell the user. */
  constructor(
    readonly configuration: Namespace,
    readonly sink: OutputSink = printedOutput,
  ) {
    this.#settings = new WandbSettings(configuration, process.env);
    this.#output = engineOutput(sink);
  }

  /**
   * The operation a door serves once configured with `configuration`: this one when it is the same
   * (the dynamic provider configures each kind it serves alike, and the kinds share what the
   * operation has read), a new one otherwise.
   */
  configured(configuration: Namespace): Operation {
    return JSON.stringify(configuration) === JSON.stringify(this.configuration) ? this : new Operation(configuration, this.sink);
  }

  tell(line: string): void {
    this.#output.tell(line);
  }

  warn(line: string): void {
    this.#output.warn(line);
  }

  /**
   * Every mistake in the configuration (a missing, malformed or misspelt key), each naming the config
   * key, the environment variable and the fix; empty when there is none. Judged without a request,
   * so that `check` reports them at preview.
   */
  configurationProblems(): readonly string[] {
    return this.#settings.problems();
  }

  /** The provider's configuration; a `WandbConfigError` listing every mistake when there is any. */
  config(): WandbConfig {
    return this.#settings.config();
  }

  clients(): Clients {
    this.#clients ??= clientsFromConfig(this.config(), { signal: this.signal });
    return this.#clients;
  }

  /** Aborted when the engine cancels this operation: its clients then retry nothing, waits included. */
  get signal(): AbortSignal {
    return this.#cancellation.signal;
  }

  /** The engine's Cancel: requests in flight finish, none is retried. */
  cancel(): void {
    this.#cancellation.abort();
  }

  /** The organization's users, teams and custom roles as this operation knows them. */
  directory(): Directory {
    this.#directory ??= new Directory(this.clients().scim);
    return this.#directory;
  }

  /** The removals of users and admins this operation's roster resources make, judged as they are written. */
  removals(): RunRemovalsGuard {
    this.#removals ??= new RunRemovalsGuard(
      async () => liveCountOf((await this.directory().users()).all()),
      () => this.guardRailsForChecks(),
    );
    return this.#removals;
  }

  /**
   * Whether this is the first refusal of the credentials this operation tells: every resource that
   * reads meets the same one, and the run fails on the first; the others say nothing more.
   */
  firstCredentialsRefusal(): boolean {
    const first = !this.#credentialsRefusalTold;
    this.#credentialsRefusalTold = true;
    return first;
  }

  /** The objects this operation's resources hold: a delete of the same operation leaves them. */
  holdings(): Holdings {
    return this.#holdings;
  }

  /**
   * The deployment for preview-time rules, resolved without credentials: `check` judges inputs even
   * when no key is set, and sends nothing. An unknown deployment gives no rules: it is among the
   * configuration problems every `check` reports.
   */
  deploymentForChecks(): Deployment | undefined {
    try {
      return this.#settings.deployment();
    } catch (error) {
      if (error instanceof WandbConfigError) return undefined;
      throw error;
    }
  }

  /**
   * The guard rails' settings for preview-time checks, judged without credentials: a malformed one
   * counts as its default here, and is among the configuration problems every check reports.
   */
  guardRailsForChecks(): GuardRailSettings {
    return this.#settings.guardRails();
  }
}
