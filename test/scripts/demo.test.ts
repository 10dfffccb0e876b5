// `npm run demo` is the README's first command: it must exit 0, show the drift found and
// repaired, and stay on its emulator even when the environment points at a real organization.
import { execFile, spawn } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

it("runs the quickstart end to end against its emulator, whatever WANDB_* says", async () => {
  const { stdout } = await promisify(execFile)(path.join(root, "node_modules", ".bin", "node"), [path.join(root, "dist", "scripts", "demo.js")], {
    cwd: root,
    env: { ...process.env, WANDB_BASE_URL: "https://api.wandb.ai", WANDB_API_KEY: "not-a-real-key-0000000000" },
  });
  expect(stdout).toContain("the demo uses its emulator unless you pass --real-org");
  expect(stdout).toMatch(/Target: the embedded W&B emulator at http:\/\/127\.0\.0\.1:\d+/);
  expect(stdout).toContain("update bob: displayName");
  expect(stdout).toContain("update ml-platform: members");
  expect(stdout).toContain("update run-operator: permissions");
  expect(stdout).toMatch(/updated 3 resources/);
  expect(stdout).toContain("no drift left: true");
  expect(stdout).toMatch(/deleted 9 resources/);
  expect(stdout).not.toContain("not-a-real-key");
}, 180_000);

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
