// What the provider tells the user during an operation, about the resource it is working on. Where
// it goes is the process's choice: a dynamic provider's process has no connection to the engine's
// log, but the engine relays its standard output and error with the run's own output, so lines are
// printed there (the default); the native plugin sends them to the engine's log service, attached
// to the resource, as every plugin's diagnostics are shown (provider/doors/plugin/engine-log.ts).
// Every line is one line of text, whatever names from W&B it quotes: a control character (ESC, BEL,
// a newline), a zero-width or a bidi character is shown as its code (model/shown-names), never sent
// raw to a terminal. The lines that name objects escape each name themselves, where it stands.
import { AsyncLocalStorage } from "node:async_hooks";
import { shownName } from "../../model/shown-names";

export type Severity = "info" | "warning";

/** Where a process's lines go: `urn` is the resource the call that said it is about, when known. */
export type OutputSink = (severity: Severity, line: string, urn: string | undefined) => void;

/** Lines printed on the process's standard output and error, where the engine relays a dynamic provider's. */
export const printedOutput: OutputSink = (severity, line) => {
  if (severity === "warning") console.error(`warning: wandb: ${line}`);
  else console.log(`wandb: ${line}`);
};

let sink: OutputSink = printedOutput;
const currentResource = new AsyncLocalStorage<string>();

/** Sends this process's lines to `chosen` instead of its standard output and error. */
export function sendOutputTo(chosen: OutputSink): void {
  sink = chosen;
}

/** Runs a call about the resource `urn`: what it tells the user is attached to that resource. */
export function aboutResource<T>(urn: string, call: () => T): T {
  return currentResource.run(urn, call);
}

/** A line of information, e.g. what a destroy left in W&B. */
export function tell(line: string): void {
  sink("info", shownName(line), currentResource.getStore());
}

/** A warning, shown as Pulumi's own are. */
export function warn(line: string): void {
  sink("warning", shownName(line), currentResource.getStore());
}
