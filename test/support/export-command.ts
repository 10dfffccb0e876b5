// Runs `pulumi-wandb` in process, as the command line does (export against an emulator, review on a
// preview's JSON): settings from the environment only, every line it prints kept.
import { Readable } from "node:stream";
import type { RunningEmulator } from "../../emulator";
import { main } from "../../cli/main";
import { temporaryFolder } from "./temporary-folder";

export interface CommandRun {
  code: number;
  out: string[];
  err: string[];
}

/** The environment the command reads its settings from, for this emulator's admin. */
export function exportEnvironment(emulator: Pick<RunningEmulator, "url" | "admin">): Record<string, string> {
  return { WANDB_BASE_URL: emulator.url, WANDB_API_KEY: emulator.admin.apiKey, WANDB_USERNAME: emulator.admin.username };
}

/** Runs `pulumi-wandb <argv>` in process with this environment, folder, standard input and clock; every line it prints kept. */
export async function runCommand(argv: string[], env: Record<string, string>, cwd: string, stdin = "", now: () => number = Date.now): Promise<CommandRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (line) => out.push(line), err: (line) => err.push(line), env, cwd, stdin: Readable.from([stdin]), now });
  return { code, out, err };
}

/** A fresh folder for the files a run writes, removed after the test file. */
export const scratchFolder = () => temporaryFolder("pulumi-wandb-export-");
