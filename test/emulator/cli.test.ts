import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(__dirname, "..", "..");
const viteNode = join(root, "node_modules", "vite-node", "vite-node.mjs");

function runCli(args: string[]) {
  const child = spawn(process.execPath, [viteNode, join(root, "emulator", "cli.ts"), "--", ...args], { cwd: root });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => out, errors: () => err };
}

async function waitFor(check: () => boolean, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("emulator CLI", () => {
  it("rejects a bad flag value with a clear error and exit code 2", async () => {
    const run = runCli(["--deployment", "moon"]);
    expect(await run.exited).toBe(2);
    expect(run.errors()).toContain("--deployment must be one of saas, dedicated, self-managed");
  });

  it("rejects a bad --user-roles-on-get value with exit code 2", async () => {
    const run = runCli(["--user-roles-on-get", "hidden"]);
    expect(await run.exited).toBe(2);
    expect(run.errors()).toContain("--user-roles-on-get must be one of shown, omitted");
  });

  it("rejects a --scim-root that is not a path, or shadows /v1, with exit code 2", async () => {
    for (const root of ["scim", "/v1"]) {
      const run = runCli(["--scim-root", root]);
      expect(await run.exited).toBe(2);
      expect(run.errors()).toContain("--scim-root must");
    }
  });

  it("with --scim-root, serves SCIM there and prints the scimPath setting", async () => {
    const run = runCli(["--port", "0", "--dialect", "rfc", "--scim-root", "/v2"]);
    await waitFor(() => run.output().includes("pulumi config set --secret wandb:apiKey"));
    const out = run.output();
    expect(out).toMatch(/export WANDB_BASE_URL=\S+ .* WANDB_SCIM_PATH=\/v2\n/);
    expect(out).toContain("pulumi config set wandb:scimPath /v2");
    const url = /listening on (\S+)/.exec(out)?.[1] ?? "";
    const key = /WANDB_API_KEY=(\S+)/.exec(out)?.[1] ?? "";
    const res = await fetch(`${url}/v2/Users`, { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
  });

  it("rejects an unknown flag with exit code 2", async () => {
    const run = runCli(["--nope"]);
    expect(await run.exited).toBe(2);
    expect(run.errors()).toMatch(/Unknown option '--nope'/);
  });

  it("prints URLs, credentials and Pulumi settings, serves, and stops on SIGTERM", async () => {
    const run = runCli(["--port", "0", "--deployment", "saas", "--dialect", "rfc"]);
    await waitFor(() => run.output().includes("pulumi config set --secret wandb:apiKey"));
    const out = run.output();
    expect(out).toMatch(/export WANDB_BASE_URL=http:\/\/127\.0\.0\.1:\d+ WANDB_API_KEY=\S+ WANDB_INFERENCE_URL=\S+\/v1 WANDB_INFERENCE_PROJECT=acme\/inference/);
    expect(out).not.toContain("scimPath");
    expect(out).toContain("(saas, rfc dialect)");
    const url = /listening on (\S+)/.exec(out)?.[1] ?? "";
    const key = /WANDB_API_KEY=(\S+)/.exec(out)?.[1] ?? "";
    // As the provider sends it when no username is configured: a service-account credential.
    const serviceAccountAuth = `Basic ${Buffer.from(`:${key}`).toString("base64")}`;
    const res = await fetch(`${url}/scim/Groups`, { headers: { Authorization: serviceAccountAuth } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/scim\+json/);
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
  });
});
