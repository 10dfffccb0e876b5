// A preview run with an API key W&B refuses (issue 41: the plugin's preview read the listing, got a
// 401, and dropped it): the errors it reports that carry the 401, and the writes W&B received.
import type { RunningEmulator } from "../../emulator";
import { readLog, resetLog } from "../../scripts/emulator-api";
import { emulatorConfig, type StackHandle } from "./pulumi";

export async function previewWithWrongKey(stack: StackHandle, emulator: RunningEmulator): Promise<{ refusals: string[]; log: string; writes: number }> {
  const key = emulatorConfig(emulator)["wandb:apiKey"]!;
  await stack.stack.setConfig("wandb:apiKey", { value: "not-the-key-00000000000000000000000000", secret: true });
  try {
    await resetLog(emulator);
    const failed = await stack.failing("preview");
    const refusals = failed.diagnostics.filter((d) => d.severity === "error" && /HTTP 401/.test(d.message)).map((d) => d.message);
    return { refusals, log: failed.log, writes: (await readLog(emulator)).counters.writes };
  } finally {
    await stack.stack.setConfig("wandb:apiKey", key);
  }
}
