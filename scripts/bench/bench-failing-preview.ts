/**
 * How long a failing `pulumi preview` takes to show its error, through the real engine against the
 * emulator: a model id that is not offered (an error of the program) and an input the provider's
 * check refuses, each beside 1 and beside 50 valid resources. Prints, per case, the seconds until
 * the error's message was first printed and until the preview ended.
 * Run: npm run bench:failing-preview
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import * as path from "node:path";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { startEmulator } from "../../emulator";
import { emulatorConfig, isolatedEnvironment, pinnedCommand, repoRoot, workRoot } from "../engine";
import { readCommandLine } from "./command-line";

const CASES = [
  { mistake: "model", beside: 1, message: "is not offered by W&B Inference" },
  { mistake: "model", beside: 50, message: "is not offered by W&B Inference" },
  { mistake: "input", beside: 1, message: "email must be an email address" },
  { mistake: "input", beside: 50, message: "email must be an email address" },
] as const;

const FAILING_PREVIEW_COMMAND = {
  run: "npm run bench:failing-preview --",
  summary:
    "How long a failing `pulumi preview` takes to show its error, through the real engine against the emulator: a model id " +
    "that is not offered and an input the provider's check refuses, each beside 1 and 50 valid resources. Prints, per case, " +
    "the seconds until the error was first printed and until the preview ended. It takes no flags.",
  flags: {},
};

async function main(): Promise<void> {
  if (readCommandLine(FAILING_PREVIEW_COMMAND, process.argv.slice(2)) === undefined) return;
  const emulator = await startEmulator({ port: 0 });
  const rows: string[] = [];
  try {
    for (const { mistake, beside, message } of CASES) {
      mkdirSync(workRoot, { recursive: true });
      const scratch = mkdtempSync(path.join(workRoot, "failing-preview-"));
      const workDir = path.join(scratch, "program");
      cpSync(path.join(repoRoot, "test", "programs", "failing-preview"), workDir, { recursive: true });
      const stack = await LocalWorkspace.createOrSelectStack(
        { stackName: "bench", workDir },
        { envVars: isolatedEnvironment(scratch), pulumiCommand: await pinnedCommand() },
      );
      await stack.setAllConfig({
        ...emulatorConfig(emulator),
        "failing-preview:mistake": { value: mistake },
        "failing-preview:beside": { value: String(beside) },
      });
      const started = performance.now();
      let shownAfter: number | undefined;
      const failed = await stack
        .preview({
          color: "never",
          onOutput: (text) => {
            if (shownAfter === undefined && text.includes(message)) shownAfter = performance.now() - started;
          },
        })
        .then(
          () => false,
          () => true,
        );
      const total = (performance.now() - started) / 1000;
      await stack.workspace.removeStack("bench", { force: true });
      rmSync(scratch, { recursive: true, force: true });
      const shown = shownAfter === undefined ? "never" : (shownAfter / 1000).toFixed(1);
      rows.push(`${mistake.padEnd(8)} ${String(beside).padStart(6)} ${shown.padStart(14)} ${total.toFixed(1).padStart(12)} ${failed ? "failed, as it must" : "DID NOT FAIL"}`);
    }
  } finally {
    await emulator.close();
  }
  console.log(`${"mistake".padEnd(8)} ${"beside".padStart(6)} ${"message at (s)".padStart(14)} ${"ended at (s)".padStart(12)} outcome`);
  for (const row of rows) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
