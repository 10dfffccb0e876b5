#!/usr/bin/env node
// `pulumi-wandb <subcommand> ...`: a table from subcommand to the module that runs it.
import type { CommandIo } from "./io";
import * as review from "./review";

interface Subcommand {
  run(argv: string[], io: CommandIo): Promise<number>;
}

const SUBCOMMANDS: Readonly<Record<string, Subcommand>> = { review };

export async function main(argv: string[], io: CommandIo): Promise<number> {
  const [name = "", ...rest] = argv;
  const subcommand = SUBCOMMANDS[name];
  if (subcommand === undefined) {
    io.stderr.write(`usage: pulumi-wandb <${Object.keys(SUBCOMMANDS).join("|")}> ...\n`);
    return 2;
  }
  return subcommand.run(rest, io);
}

if (require.main === module) {
  void main(process.argv.slice(2), process).then((code) => {
    process.exitCode = code;
  });
}
