// The plugin ends when the engine that started it goes, as released (started by the engine itself,
// with no language host to take it along) and from source: a CLI killed mid-run leaves no plugin
// finishing writes whose outcome no one records. The watch's own rules: test/provider/engine-lifeline.test.ts.
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect, it, vi } from "vitest";
import { answeringEngine, SOURCE_PLUGIN } from "../../../support/plugin-process";
import { temporaryFolder } from "../../../support/temporary-folder";

const run = promisify(execFile);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it("a plugin whose engine process died ends within a second or two, though its endpoint still answers", async () => {
  // The endpoint keeps answering: only the engine's process is gone.
  const engine = await answeringEngine();
  const plugin = SOURCE_PLUGIN.map((part) => `"${part}"`).join(" ");
  // A shell stands in for the engine: it starts the plugin, prints its pid and, once the plugin serves (its
  // port printed, its watch begun), is gone, as a killed CLI is.
  const served = path.join(temporaryFolder("pulumi-wandb-lifeline-"), "port");
  const { stdout } = await run("sh", [
    "-c",
    `${plugin} ${engine} > "${served}" 2>/dev/null & echo $!; for i in $(seq 200); do [ -s "${served}" ] && exit 0; sleep 0.05; done; exit 1`,
  ]);
  const pid = Number(stdout.trim());
  try {
    expect(pid).toBeGreaterThan(0);
    await vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 5_000, interval: 100 });
  } finally {
    if (alive(pid)) process.kill(pid, "SIGKILL");
  }
});
