// What the language host knows of the engine that uses it: its address, from the command line or
// from a Handshake (when the engine attaches to a host started by hand), and the tracing endpoint.
import { endProcessGroup, watchEngine } from "../../../provider/engine-lifeline";
import { killAllChildren } from "./children";

export interface HostState {
  engineAddress: string | undefined;
  tracing: string | undefined;
}

/**
 * The host's command line, as the Go host's flags: `[-tracing <endpoint>] [-runtime nodejs]
 * [-version] <engine address>` (Go flags take one dash or two); the engine's logging flags are ignored.
 */
export function parseHostArguments(args: string[]): HostState & { runtime: string; version: boolean } {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    const flag = /^--?(tracing|runtime)(?:=(.*))?$/.exec(arg);
    if (flag?.[1]) flags[flag[1]] = flag[2] ?? args[++i] ?? "";
    else if (/^--?version$/.test(arg)) flags["version"] = "true";
    else if (!arg.startsWith("-")) positional.push(arg);
  }
  return {
    engineAddress: positional[0] || undefined,
    tracing: flags["tracing"] || undefined,
    runtime: flags["runtime"] ?? "nodejs",
    version: flags["version"] === "true",
  };
}

/** When the engine is gone, so are the host and everything it started. */
export function endWithEngine(engineAddress: string | undefined): void {
  watchEngine(engineAddress, () => {
    killAllChildren();
    endProcessGroup();
  });
}

export const HANDSHAKE_FIRST = "when debugging or running explicitly, must call Handshake before Run";
