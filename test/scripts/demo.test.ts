// `npm run demo` is the README's first command: test/scripts/setup/cold-setup.test.ts runs it on a
// new machine, where it must show the drift found and repaired and stay on its emulator whatever
// WANDB_* says. Interrupted (Ctrl-C), it stops its emulator.
import { spawn } from "node:child_process";
import * as path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

it("stops its emulator when interrupted (Ctrl-C) in the middle of a run", async () => {
  const demo = spawn(path.join(root, "node_modules", ".bin", "node"), [path.join(root, "dist", "scripts", "demo.js")], { cwd: root });
  let output = "";
  demo.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => demo.on("exit", (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!output.includes("Step 1") && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const emulatorUrl = /Target: the embedded W&B emulator at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  expect(emulatorUrl).toBeDefined();
  expect((await fetch(`${emulatorUrl}/scim/Users`)).status).toBe(401);

  demo.kill("SIGINT");
  expect(await exited).toBe(130);
  await expect(fetch(`${emulatorUrl}/scim/Users`)).rejects.toThrow();
}, 120_000);
