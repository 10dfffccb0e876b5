#!/usr/bin/env node
// `pulumi-wandb <subcommand> ...`: the package's command. Each subcommand is a module of its own,
// named in this table; the command imports only the service and the model (service/, model/).
import { closeAllPools } from "../service/dispatchers";
import { scrubSecrets } from "../service/secret";
import * as attestCommand from "./attest";
import * as auditCommand from "./audit";
import * as exportCommand from "./export";
import type { CommandIo, Subcommand } from "./io";
import * as reviewCommand from "./review";

const SUBCOMMANDS: Readonly<Record<string, Subcommand>> = {
  attest: attestCommand,
  audit: auditCommand,
  export: exportCommand,
  review: reviewCommand,
};

function usage(): string[] {
  return ["usage: pulumi-wandb <command> [options]", "", ...Object.entries(SUBCOMMANDS).map(([name, command]) => `  ${name.padEnd(8)} ${command.summary}`)];
}

/** Runs the command line `argv` (without node and the script); answers the exit code. */
export async function main(argv: readonly string[], io: CommandIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--help" || name === "-h") {
    usage().forEach(io.out);
    return 0;
  }
  const command = name !== undefined && Object.hasOwn(SUBCOMMANDS, name) ? SUBCOMMANDS[name] : undefined;
  if (command === undefined) {
    io.err(name === undefined ? "pulumi-wandb: no command given" : `pulumi-wandb: unknown command "${name}"`);
    usage().forEach(io.err);
    return 2;
  }
  return command.run(rest, io);
}

if (require.main === module) {
  const io: CommandIo = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
    cwd: process.cwd(),
    stdin: process.stdin,
    now: Date.now,
  };
  // The keep-alive pools would hold the process open for their timeout.
  main(process.argv.slice(2), io)
    .finally(closeAllPools)
    .then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      io.err(`pulumi-wandb: ${scrubSecrets(error instanceof Error ? error.message : String(error))}`);
      process.exitCode = 1;
    },
  );
}
