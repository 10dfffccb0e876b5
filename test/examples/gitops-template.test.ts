// examples/gitops as a team starts from it: copied out of this repository into a git repository of
// its own, with the release's tarball of pulumi-wandb beside package.json and the lock this
// repository writes (npm run gitops-lock) pinning its integrity, installed with `npm ci`; the
// pull-request job of its workflow run step by step as GitHub Actions runs `run:` steps (the actions
// it `uses:` set up what is already here: node, the pulumi CLI): the base branch applied to the
// emulator the job starts, the pull request previewed, type-checked and reviewed. Then the README's
// "Try it locally" steps, as written, in the copy; `npm ci` refuses a swapped tarball; actionlint
// finds nothing in any workflow.
import { execFile, spawn } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { installFromTarball, integrityOf, readTemplateLock, tarballName, TEMPLATE, templateLockMismatch } from "../../scripts/release/gitops-template";
import { packageTarball } from "../../scripts/release/npm-tarballs";
import { newMachineEnvironment } from "../support/new-machine";
import { repoRoot } from "../support/pulumi";

const run = promisify(execFile);
const scratch = mkdtempSync(path.join(os.tmpdir(), "pulumi-wandb-gitops-"));
const team = path.join(scratch, "wandb-access");
const backgroundGroups: number[] = [];
const { version } = z.object({ version: z.string() }).parse(JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")));
let tarball: string;

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
  tarball = packageTarball(mkdtempSync(path.join(scratch, "release-")));
  installFromTarball(team, tarball);
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

it("the lock this repository writes pins the release's tarball beside package.json by its integrity", () => {
  const pinned = readTemplateLock(team).packages["node_modules/pulumi-wandb"];
  expect(pinned).toMatchObject({ version, resolved: `file:${tarballName(version)}`, integrity: integrityOf(tarball) });
  expect(JSON.parse(readFileSync(path.join(team, "package.json"), "utf8")).dependencies["pulumi-wandb"]).toBe(version);
  // The committed lock is the writer's, for the template's package.json: only the tarball's integrity moves with each build.
  const committed = readTemplateLock(TEMPLATE);
  expect(committed.packages["node_modules/pulumi-wandb"].integrity).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
  const withoutIntegrity = (lock: typeof committed) => JSON.stringify(lock, (key, value: unknown) => (key === "integrity" ? undefined : value));
  expect(withoutIntegrity(committed)).toBe(withoutIntegrity(readTemplateLock(team)));
});

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

/** The `sh` blocks of a section of the template's README, as written. */
function readmeSteps(section: string): string {
  const readme = readFileSync(path.join(team, "README.md"), "utf8");
  const body = readme.slice(readme.indexOf(`## ${section}\n`)).split(/\n## /)[0]!;
  return [...body.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) => block[1]).join("\n");
}

it("the README's \"Try it locally\" steps work as written in the copy: up against the emulator, then the teardown", async () => {
  const port = String(await freePort());
  const steps = readmeSteps("Try it locally").replaceAll("8090", port);
  expect(steps).toContain("pulumi up --yes");
  const env = { ...runnerEnvironment(), PULUMI_HOME: path.join(scratch, "pulumi-home"), PULUMI_SKIP_UPDATE_CHECK: "true", PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" };
  // As a shell runs them, stopping at the first that fails; the emulator is given a moment to listen.
  const script = steps.replace(/^(npx wandb-emulator .*&).*$/m, `$1\nfor attempt in $(seq 30); do curl -s -o /dev/null http://127.0.0.1:${port}/ && break; sleep 1; done`);
  const { code, output } = await runStep(`set -x\n${script}`, env);
  expect(code, output.slice(-4000)).toBe(0);
  // Made by the up, removed by the destroy.
  expect(output).toMatch(/^ \+ +pulumi-nodejs:dynamic\/wandb:User acme\/ada created/m);
  expect(output).toMatch(/^ - +pulumi-nodejs:dynamic\/wandb:User acme\/ada deleted/m);
  expect(output).toContain("+ pulumi stack rm dev --yes");
}, 300_000);

it("npm ci refuses the tarball beside package.json once it is not the one the lock pins", async () => {
  // Another tarball of the same name: the release's, with one file changed.
  const unpacked = mkdtempSync(path.join(scratch, "swapped-"));
  await run("tar", ["-xzf", tarball, "-C", unpacked]);
  writeFileSync(path.join(unpacked, "package", "README.md"), `${readFileSync(path.join(unpacked, "package", "README.md"), "utf8")}\nswapped\n`);
  const swapped = (await run("npm", ["pack", path.join(unpacked, "package"), "--pack-destination", unpacked, "--silent", "--ignore-scripts"], { cwd: unpacked })).stdout.trim();
  copyFileSync(path.join(unpacked, swapped), path.join(team, tarballName(version)));
  expect(integrityOf(path.join(team, tarballName(version)))).not.toBe(integrityOf(tarball));
  // The release's own check would refuse to publish it with this lock too.
  expect(templateLockMismatch(path.join(team, tarballName(version)))).toMatch(/Run `npm run gitops-lock` on this commit and commit the lock\.$/);
  // npm keeps what it installed by integrity, and would install the pinned bytes from there whatever lies beside
  // package.json (safe, but not what is shown here): the pinned tarball is taken out of its cache (cacache's layout).
  const env = runnerEnvironment();
  const cache = (await run("npm", ["config", "get", "cache"], { cwd: team, env })).stdout.trim();
  const hex = Buffer.from(integrityOf(tarball).slice("sha512-".length), "base64").toString("hex");
  rmSync(path.join(cache, "_cacache", "content-v2", "sha512", hex.slice(0, 2), hex.slice(2, 4), hex.slice(4)), { force: true });

  const { code, output } = await runStep("npm ci --no-audit --no-fund", env);
  expect(code).not.toBe(0);
  expect(output).toContain("EINTEGRITY");
  expect(existsSync(path.join(team, "node_modules", "pulumi-wandb"))).toBe(false);
}, 300_000);

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
