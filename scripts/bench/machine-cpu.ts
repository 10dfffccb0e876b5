// What the whole machine's processors did while a run was measured, so that a report can say how
// quiet they were: the CPU every process used, the run's own and any other's, and the time the
// hypervisor gave this machine's virtual processors to someone else (steal). From /proc/stat's first
// line (Linux), whose counts are in USER_HZ, 100 per second on every Linux architecture.
import { readFileSync } from "node:fs";

const USER_HZ = 100;

export interface MachineCpu {
  /** Seconds the processors ran anything (user, nice, system, irq and softirq). */
  busyS: number;
  /** Seconds the hypervisor ran another machine instead. */
  stealS: number;
}

/** /proc/stat's aggregate line: `cpu user nice system idle iowait irq softirq steal guest guest_nice`. */
export function parseProcStat(text: string): MachineCpu | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith("cpu "));
  if (line === undefined) return undefined;
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  return { busyS: (user + nice + system + irq + softirq) / USER_HZ, stealS: steal / USER_HZ };
}

/** The machine's counts now; undefined where there is no /proc/stat. */
export function machineCpu(): MachineCpu | undefined {
  try {
    return parseProcStat(readFileSync("/proc/stat", "utf8"));
  } catch {
    return undefined;
  }
}

/** What ran beside a measured run, from the machine's counts at its start and end and the run's own CPU seconds. */
export function besideTheRun(start: MachineCpu, end: MachineCpu, runCpuS: number): { othersS: number; stealS: number } {
  return { othersS: Math.max(0, end.busyS - start.busyS - runCpuS), stealS: end.stealS - start.stealS };
}
