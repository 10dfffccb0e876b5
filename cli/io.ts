// What a `pulumi-wandb` subcommand is given besides its arguments: where it prints and the environment
// it reads, so that a test runs it in process exactly as the command line does.

export interface CommandIo {
  /** Prints a line of the command's report. */
  out(line: string): void;
  /** Prints a line of a problem. */
  err(line: string): void;
  /** The environment: the `WANDB_*` settings, and `PULUMI_CONFIG` when run by Pulumi. */
  env: Readonly<Record<string, string | undefined>>;
  /** The folder relative paths are resolved from. */
  cwd: string;
  /** Standard input, for a subcommand that reads `-`. */
  stdin: AsyncIterable<unknown>;
  /** The time now (ms since the epoch): what a command dates its windows and files by. */
  now(): number;
}

/** A subcommand's module: runs with its own arguments (after the subcommand's name) and answers the exit code. */
export interface Subcommand {
  /** One line for the command's help. */
  summary: string;
  run(argv: readonly string[], io: CommandIo): Promise<number>;
}
