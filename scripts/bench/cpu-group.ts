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

const enterCommand = (folder: string) => `echo $$ > ${JSON.stringify(path.join(folder, "cgroup.procs"))}`;

/** A new group named `name`, or undefined where none can be made. */
export function cpuGroup(name: string): CpuGroup | undefined {
  const v1 = path.join(V1, name);
  if (existsSync(path.join(V1, "cpuacct.usage")) && made(v1)) {
    const seconds = (file: string) => Number(readFileSync(path.join(v1, file), "utf8")) / 1e9;
    return { enter: enterCommand(v1), usage: () => ({ userS: seconds("cpuacct.usage_user"), systemS: seconds("cpuacct.usage_sys") }), remove: () => removed(v1) };
  }
  const v2 = path.join(V2, name);
  if (existsSync(path.join(V2, "cgroup.controllers")) && made(v2)) {
    const stat = (key: string) => Number(new RegExp(`^${key} (\\d+)$`, "m").exec(readFileSync(path.join(v2, "cpu.stat"), "utf8"))?.[1] ?? 0) / 1e6;
    return { enter: enterCommand(v2), usage: () => ({ userS: stat("user_usec"), systemS: stat("system_usec") }), remove: () => removed(v2) };
  }
  return undefined;
}
