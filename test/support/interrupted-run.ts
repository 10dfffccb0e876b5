// A `pulumi up` whose CLI is killed (SIGKILL) mid-run, and what a user then does: put back a
// checkpoint the kill tore, `pulumi cancel` to drop the lock, and `pulumi refresh
// --clear-pending-creates` for the creates whose outcome the engine never learnt.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import * as path from "node:path";
import { repoRoot, type StackHandle } from "./pulumi";

/** Polls until `probe` answers something `done` accepts, or the time is up; answers the last value either way. */
export async function poll<T>(probe: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface RunningUp {
  /** What the CLI has printed so far. */
  output(): string;
  /** Kills the CLI (SIGKILL) and waits for it to exit. */
  kill(): Promise<void>;
}

/** Starts `pulumi up` on the stack's program with the CLI itself, as a user's terminal runs it. */
export function startUp(stack: StackHandle): RunningUp {
  const cli = spawn(path.join(repoRoot, ".tools", "bin", "pulumi"), ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", "test"], {
    cwd: stack.workDir,
    env: { ...process.env, ...stack.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  cli.stdout.on("data", (chunk) => (output += chunk));
  cli.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => cli.once("exit", resolve));
  return {
    output: () => output,
    kill: async () => {
      cli.kill("SIGKILL");
      await exited;
    },
  };
}

/** The file backend's locks, one JSON file each (beside the storage library's `.attrs` files). */
export function backendLocks(stack: StackHandle): string[] {
  return readdirSync(path.join(stack.scratch, "backend", ".pulumi", "locks"), { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".json"));
}

/**
 * A CLI killed while it wrote its checkpoint can leave the file (or the storage library's `.attrs`
 * beside it) torn. The file backend keeps the previous checkpoint as `<stack>.json.bak`; putting it
 * back is what a user does then (the creates recorded after it are among those taken over).
 */
export function restoreTornCheckpoint(scratch: string, stackName: string): boolean {
  const stacks = path.join(scratch, "backend", ".pulumi", "stacks");
  const file = readdirSync(stacks, { recursive: true, encoding: "utf8" }).find((f) => path.basename(f) === `${stackName}.json`);
  if (!file) return false;
  const checkpoint = path.join(stacks, file);
  const readable = (name: string) => {
    try {
      JSON.parse(readFileSync(name, "utf8"));
      return true;
    } catch {
      return false;
    }
  };
  if (readable(checkpoint) && (!existsSync(`${checkpoint}.attrs`) || readable(`${checkpoint}.attrs`))) return false;
  copyFileSync(`${checkpoint}.bak`, checkpoint);
  rmSync(`${checkpoint}.attrs`, { force: true });
  return true;
}

/** What a user does after the kill, before the next `pulumi up`: the torn checkpoint, the lock, the pending creates. */
export async function recoverFromKill(stack: StackHandle): Promise<void> {
  restoreTornCheckpoint(stack.scratch, "test");
  await stack.stack.cancel();
  await stack.stack.refresh({ clearPendingCreates: true, color: "never" });
}
