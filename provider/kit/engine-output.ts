// What the provider tells the user during an operation, about the resource it is working on. Each
// engine operation carries where its lines go (ConfiguredOperation's `tell` and `warn`), chosen by
// the door that built it: a dynamic provider's process has no connection to the engine's log, but
// the engine relays its standard output and error with the run's own output, so lines are printed
// there (the default); the native plugin sends them to the engine's log service, attached to the
// resource, as every plugin's diagnostics are shown (provider/doors/plugin/engine-log.ts).
// Every line is one line of text, whatever names from W&B it quotes: a control character (ESC, BEL,
// a newline), a zero-width or a bidi character is shown as its code (model/shown-names), never sent
// raw to a terminal. The lines that name objects escape each name themselves, where it stands.
import { shownName } from "../../model/shown-names";

export type Severity = "info" | "warning";

/** Where an operation's lines go. */
export type OutputSink = (severity: Severity, line: string) => void;

/** Lines printed on the process's standard output and error, where the engine relays a dynamic provider's. */
export const printedOutput: OutputSink = (severity, line) => {
  if (severity === "warning") console.error(`warning: wandb: ${line}`);
  else console.log(`wandb: ${line}`);
};

/** What a call tells the user. */
export interface EngineOutput {
  /** A line of information, e.g. what a destroy left in W&B. */
  tell(line: string): void;
  /** A warning, shown as Pulumi's own are. */
  warn(line: string): void;
}

/** The lines told to `sink`, each shown as one line of text. */
export function engineOutput(sink: OutputSink): EngineOutput {
  return {
    tell: (line) => sink("info", shownName(line)),
    warn: (line) => sink("warning", shownName(line)),
  };
}
