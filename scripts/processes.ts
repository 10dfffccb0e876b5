// The processes of an engine run, found by the environment they all inherit from the CLI: the
// language host, the program and the provider process do not name the stack's folder in their
// command lines, and outlive their parent's process tree when the CLI is killed.
import { readdirSync, readFileSync } from "node:fs";

export interface RunProcess {
  pid: number;
  command: string;
}

/** Live processes (zombies aside) whose environment holds `PULUMI_HOME=<home>` (Linux: reads /proc). */
export function processesWithPulumiHome(home: string): RunProcess[] {
  const marker = `PULUMI_HOME=${home}`;
  const found: RunProcess[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/environ`, "utf8").split("\0").includes(marker)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The state follows the command name, which is in parentheses and may itself hold any character.
      if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) continue;
      found.push({ pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim() });
    } catch {
      // The process ended while it was read, or belongs to another user.
    }
  }
  return found;
}

/** A process's resident memory (VmRSS, bytes; Linux: reads /proc); 0 once it has gone. */
export function residentBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}
