// The CPU of a command and of every process it starts. bash's `times` counts only the processes
// waited for: one whose parent ended first (a plugin the engine left, a program its language host
// left) is counted by no one, and an engine run leaves several. Where this user may make a control
// group (cgroup v1's cpuacct, or a cgroup v2 tree), the kernel counts every process in it, orphans
// included, and the command's shell enters it before anything else runs.
import { existsSync, mkdirSync, readFileSync, rmdirSync } from "node:fs";
import * as path from "node:path";

const V1 = "/sys/fs/cgroup/cpuacct";
const V2 = "/sys/fs/cgroup";

export interface CpuGroup {
  /** A shell command that moves the shell running it into the group. */
  enter: string;
  /** The user and system CPU seconds of everything that ran in the group. */
  usage(): { userS: number; systemS: number };
  /** Removes the group; one that a process left running still holds stays. */
  remove(): void;
}

function removed(folder: string): void {
  try {
    rmdirSync(folder);
  } catch {
    // A process it started still runs in it.
  }
}

function made(folder: string): boolean {
  try {
    mkdirSync(folder);
    return true;
  } catch {
    return false;
  }
}

/**
 * The kernel keeps the total exactly (the scheduler's own count) but samples the user and system
 * parts at its ticks, which on a busy machine miss much of a short run: the total is given, split as
 * the samples split it.
 */
function split(totalS: number, userSampled: number, systemSampled: number): { userS: number; systemS: number } {
  const sampled = userSampled + systemSampled;
  const userShare = sampled === 0 ? 1 : userSampled / sampled;
  return { userS: totalS * userShare, systemS: totalS * (1 - userShare) };
}

const enterCommand = (folder: string) => `echo $$ > ${JSON.stringify(path.join(folder, "cgroup.procs"))}`;

/** A new group named `name`, or undefined where none can be made. */
export function cpuGroup(name: string): CpuGroup | undefined {
  const v1 = path.join(V1, name);
  if (existsSync(path.join(V1, "cpuacct.usage")) && made(v1)) {
    const count = (file: string) => Number(readFileSync(path.join(v1, file), "utf8"));
    const usage = () => split(count("cpuacct.usage") / 1e9, count("cpuacct.usage_user"), count("cpuacct.usage_sys"));
    return { enter: enterCommand(v1), usage, remove: () => removed(v1) };
  }
  const v2 = path.join(V2, name);
  if (existsSync(path.join(V2, "cgroup.controllers")) && made(v2)) {
    const stat = (key: string) => Number(new RegExp(`^${key} (\\d+)$`, "m").exec(readFileSync(path.join(v2, "cpu.stat"), "utf8"))?.[1] ?? 0);
    const usage = () => split(stat("usage_usec") / 1e6, stat("user_usec"), stat("system_usec"));
    return { enter: enterCommand(v2), usage, remove: () => removed(v2) };
  }
  return undefined;
}
