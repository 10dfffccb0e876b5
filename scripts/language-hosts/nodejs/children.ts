// Every process the language host starts (programs, plugins, package managers), so that they end
// with it when the engine goes: the host kills them before it ends its process group, which also
// covers a host started by hand (then not a group leader).
import { type ChildProcess, spawn, type SpawnOptions } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import * as path from "node:path";

const running = new Set<ChildProcess>();

export function spawnTracked(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, options);
  running.add(child);
  child.once("exit", () => running.delete(child));
  child.once("error", () => running.delete(child));
  return child;
}

export function killAllChildren(): void {
  for (const child of running) child.kill("SIGKILL");
}

/** How Go's exec.ExitError reads: `exit status 1`, `signal: killed`. */
export function exitText(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal: ${SIGNAL_TEXT[signal] ?? signal}` : `exit status ${code}`;
}

/** Go's os/exec exit code: the status, or -1 when a signal ended the process. */
export function exitCode(code: number | null): number {
  return code ?? -1;
}

const SIGNAL_TEXT: Partial<Record<NodeJS.Signals, string>> = { SIGKILL: "killed", SIGINT: "interrupt", SIGTERM: "terminated" };

/** The first executable file of that name on PATH (as Go's exec.LookPath), else undefined. */
export function findExecutable(name: string): string | undefined {
  for (const dir of (process.env["PATH"] ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not here: the next folder on PATH.
    }
  }
  return undefined;
}
