// examples/gitops as a team starts from it: copied out of this repository into a git repository of
// its own, installed through its own lock with `npm ci` (pulumi-wandb from the release's tarball,
// standing in for the registry), and the pull-request job of its workflow run step by step as
// GitHub Actions runs `run:` steps (the actions it `uses:` set up what is already here: node, the
// pulumi CLI). The base branch is applied to the emulator the job starts, the pull request is
// previewed, type-checked, and reviewed. actionlint finds nothing in any workflow.
import { execFile, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { installFromTarball, TEMPLATE } from "../../scripts/release/gitops-template";
import { packageTarball } from "../../scripts/release/npm-tarballs";
import { newMachineEnvironment } from "../support/new-machine";
import { repoRoot } from "../support/pulumi";

const run = promisify(execFile);
const scratch = mkdtempSync(path.join(os.tmpdir(), "pulumi-wandb-gitops-"));
const team = path.join(scratch, "wandb-access");
const backgroundGroups: number[] = [];

const workflowSchema = z.object({
  jobs: z.record(
    z.string(),
    z.object({
      env: z.record(z.string(), z.string()).default({}),
      steps: z.array(z.object({ id: z.string().optional(), name: z.string().optional(), if: z.string().optional(), run: z.string().optional(), uses: z.string().optional() })),
    }),
  ),
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A new machine's shell, with this checkout's Node.js 22 and the pinned CLI first on PATH (what setup-node and pulumi/actions provide). */
function runnerEnvironment(): NodeJS.ProcessEnv {
  const bin = path.join(scratch, "bin");
  mkdirSync(bin, { recursive: true });
  if (!existsSync(path.join(bin, "node"))) symlinkSync(path.join(repoRoot, "node_modules", ".bin", "node"), path.join(bin, "node"));
  const machine = newMachineEnvironment();
  return { ...machine, PATH: [bin, path.join(repoRoot, ".tools", "bin"), machine["PATH"]].join(path.delimiter) };
}

const git = (...args: string[]) => run("git", ["-c", "user.name=Platform", "-c", "user.email=platform@acme.example", ...args], { cwd: team });

beforeAll(async () => {
  cpSync(TEMPLATE, team, { recursive: true, filter: (from) => !from.includes("node_modules") });
  installFromTarball(team, packageTarball(mkdtempSync(path.join(scratch, "release-"))));
  await git("init", "--quiet", "--initial-branch=main");
  await git("add", ".");
  await git("commit", "--quiet", "-m", "The organization as it is");
}, 120_000);

afterAll(() => {
  for (const group of backgroundGroups) {
    try {
      process.kill(-group, "SIGTERM");
    } catch {
      // Gone already.
    }
  }
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs a `run:` step as GitHub Actions does (`bash -eo pipefail`), in its own process group, so what it leaves in the background is ended with the test. */
function runStep(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], { cwd: team, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    if (child.pid !== undefined) backgroundGroups.push(child.pid);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    // The step is done when bash exits, whatever it left running in the background.
    child.on("exit", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** `KEY=value` lines a step appended to $GITHUB_ENV or $GITHUB_OUTPUT. */
const assignments = (file: string): Record<string, string> =>
  Object.fromEntries(
    (existsSync(file) ? readFileSync(file, "utf8") : "")
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );

it("copied out of the repository, its pull-request job previews and reviews the change against the emulator", async () => {
  const base = (await git("rev-parse", "HEAD")).stdout.trim();
  const roster = path.join(team, "roster.yaml");
  writeFileSync(
    roster,
    readFileSync(roster, "utf8")
      .replace("users:\n", "users:\n  - { userName: ken, email: ken@acme.example, displayName: Ken Thompson }\n")
      .replace("members: [ada, linus]", "members: [ada, linus, ken]"),
  );
  await git("commit", "--quiet", "-am", "ken joins platform");

  // The job as written, with the values GitHub puts in its expressions, and a free port for the emulator's.
  const port = String(await freePort());
  const expressions = (text: string) =>
    text.replaceAll("${{ github.workspace }}", team).replaceAll("${{ github.event.pull_request.base.sha }}", base).replaceAll("8090", port);
  const job = workflowSchema.parse(parse(readFileSync(path.join(team, ".github", "workflows", "access.yml"), "utf8"))).jobs["preview"]!;
  const githubEnv = path.join(scratch, "github-env");
  const env: NodeJS.ProcessEnv = {
    ...runnerEnvironment(),
    PULUMI_HOME: path.join(scratch, "pulumi-home"),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    GITHUB_ENV: githubEnv,
    ...Object.fromEntries(Object.entries(job.env).map(([name, value]) => [name, expressions(value)])),
  };
  const outputs: Record<string, Record<string, string>> = {};
  const ran: string[] = [];
  for (const step of job.steps) {
    if (step.run === undefined) continue;
    if (step.if !== undefined) {
      // The one conditional step fails the job when the preview failed.
      expect(step.if).toBe("steps.preview.outputs.status != '0'");
      expect(outputs["preview"]?.["status"]).toBe("0");
      continue;
    }
    const githubOutput = path.join(scratch, `output-${ran.length}`);
    const { code, output } = await runStep(expressions(step.run), { ...env, ...assignments(githubEnv), GITHUB_OUTPUT: githubOutput });
    expect(code, `step "${step.name ?? step.run}" failed:\n${output.slice(-4000)}`).toBe(0);
    if (step.id !== undefined) outputs[step.id] = assignments(githubOutput);
    ran.push(step.name ?? step.run);
  }
  expect(ran).toEqual(["npm ci", "Start the W&B emulator", "Apply the base branch's roster to the emulator", "Preview the pull request's change", "Review who gains and loses what"]);

  const preview = readFileSync(path.join(team, "preview.txt"), "utf8");
  expect(preview).toMatch(/\+ \S*User: \(create\)\n\s+\[urn=\S*::acme\/ken\]/);
  const review = readFileSync(path.join(team, "review.md"), "utf8");
  expect(review).toContain("- **ken**\n  - joins the organization as member\n  - joins team platform");
}, 600_000);

it("actionlint finds nothing in the template's workflows or the repository's own", async () => {
  const workflows = [
    ...["access.yml", "drift.yml", "attest.yml"].map((file) => path.join(team, ".github", "workflows", file)),
    ...["release.yml", "test.yml"].map((file) => path.join(repoRoot, ".github", "workflows", file)),
  ];
  // Built from the Go module proxy, at a pinned version, like the engine.
  const linted = await run("go", ["run", "github.com/rhysd/actionlint/cmd/actionlint@v1.7.12", "-no-color", ...workflows], { cwd: scratch }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: `${error.stdout}${error.stderr}` }),
  );
  expect(linted).toEqual({ code: 0, stdout: "" });
}, 300_000);
