// How a subcommand starts: its help when asked, its usage after a mistake in its arguments, and the
// provider's settings, each mistake told with the command's name and exit code 2.
import { commandSettings } from "./command-settings";
import type { CommandIo } from "./io";

/** The parsed request, or the exit code once the help (0) or the mistake and usage (2) are printed. */
export function requestOrExit<R extends object>(command: string, parsed: R | { problem: string } | "help", usage: readonly string[], io: CommandIo): R | number {
  if (parsed === "help") {
    usage.forEach(io.out);
    return 0;
  }
  if ("problem" in parsed) {
    io.err(`pulumi-wandb ${command}: ${parsed.problem}`);
    usage.forEach(io.err);
    return 2;
  }
  return parsed;
}

/** The provider's settings as the command reads them, or 2 once their mistakes are told. */
export function settingsOrExit(command: string, io: CommandIo): Exclude<ReturnType<typeof commandSettings>, { problem: string }> | number {
  const settings = commandSettings(io.env);
  if (!("problem" in settings)) return settings;
  io.err(`pulumi-wandb ${command}: ${settings.problem}`);
  return 2;
}
