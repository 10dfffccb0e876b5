/**
 * `npm run bench:suite -- [--cold wandb] [--projects LIST]`: how long `npm test` takes on a fresh
 * clone. It clones this repository's last commit into a scratch folder, empties the caches `--cold`
 * names (by default the per-user cache setup builds the engine and tools into, PULUMI_WANDB_CACHE),
 * and runs `npm test`'s two commands there, `bash scripts/setup.sh` then `vitest run`, each timed
 * (wall, and CPU of every process it started: scripts/bench/cpu-group.ts). vitest reports through
 * scripts/bench/suite-reporter.ts: per project, its files, the wall time from its first file's start
 * to its last file's end, and the sum of its files' times; then the slowest files. Projects run side
 * by side in vitest's pool, so their walls overlap.
 */
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { repoRoot } from "../repo-root";
import { listOf, readCommandLine, wholeNumber, type CommandSpec } from "./command-line";
import { cpuGroup } from "./cpu-group";
import { besideTheRun, machineCpu } from "./machine-cpu";
import type { FileTiming } from "./suite-reporter";

const CACHES = ["wandb", "go", "npm", "pip"] as const;
type Cache = (typeof CACHES)[number];
/** vitest.config.ts's projects, by a name without commas (the flag is a comma-separated list). */
const PROJECTS = { unit: "unit", emulator: "emulator", "roles-shown": "emulator, roles shown", toolchain: "toolchain", engine: "engine" } as const;
const PROJECT_KEYS = Object.keys(PROJECTS) as (keyof typeof PROJECTS)[];

const COMMAND = {
  run: "npm run bench:suite --",
  summary:
    "npm test on a fresh clone of the last commit, with the caches --cold names emptied: setup's and vitest's wall and CPU " +
    "times, then per vitest project its files, wall time (first start to last end) and summed file time, and the slowest files.",
  flags: {
    cold: { value: "LIST", default: "wandb", description: `caches that start empty: a subset of ${CACHES.join(",")} (wandb: PULUMI_WANDB_CACHE)` },
    projects: { value: "LIST", default: PROJECT_KEYS.join(","), description: 'vitest projects to run (roles-shown: "emulator, roles shown")' },
    top: { value: "N", default: "15", description: "how many of the slowest files to list" },
    forks: { value: "N", description: "vitest's workers at once (VITEST_MAX_FORKS; default: vitest.config.ts's maxForks)" },
    out: { value: "DIR", description: "keep the clone, its caches and timings.json here (default: a scratch folder, removed)" },
  },
} as const satisfies CommandSpec;

interface Timed {
  code: number;
  wallS: number;
  userS: number;
  systemS: number;
  /** Whether the CPU is every process's the command started (a control group), or only those bash waited for (`times`). */
  everyProcess: boolean;
  /** What else the machine's processors did meanwhile, where the run's CPU is every process's and /proc/stat is read. */
  beside: { othersS: number; stealS: number } | undefined;
  stderr: string;
}

/**
 * Runs `command` under bash in `cwd`, its output passed through; wall time, and the CPU of every
 * process it started where a control group can be made (scripts/bench/cpu-group.ts), else bash's
 * `times` for what it waited for.
 */
function timed(command: string, cwd: string, env: NodeJS.ProcessEnv, timesFile: string): Promise<Timed> {
  const started = performance.now();
  const machineAtStart = machineCpu();
  const group = cpuGroup(`pulumi-wandb-bench-${process.pid}-${path.basename(timesFile)}`);
  const script = `${group ? `${group.enter}; ` : ""}${command}; status=$?; times > ${JSON.stringify(timesFile)}; exit $status`;
  const child = spawn("bash", ["-c", script], { cwd, env, stdio: ["ignore", "inherit", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderr += chunk.toString("utf8");
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => {
      // `times`: the shell's own user and system time, then its children's.
      const children = readFileSync(timesFile, "utf8").trim().split("\n")[1] ?? "";
      const [userS, systemS] = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
      const wallS = (performance.now() - started) / 1000;
      const machineAtEnd = machineCpu();
      if (group) {
        const usage = group.usage();
        const beside = machineAtStart && machineAtEnd ? besideTheRun(machineAtStart, machineAtEnd, usage.userS + usage.systemS) : undefined;
        resolve({ code: code ?? 1, wallS, ...usage, everyProcess: true, beside, stderr });
        group.remove();
      } else resolve({ code: code ?? 1, wallS, userS: userS ?? 0, systemS: systemS ?? 0, everyProcess: false, beside: undefined, stderr });
    });
  });
}

/** The environment of a new clone's `npm test`: each cache `cold` names in a new empty folder under `caches`. */
function environmentWith(cold: Cache[], caches: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  const folder = (name: string) => {
    const dir = path.join(caches, name);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  if (cold.includes("wandb")) env["PULUMI_WANDB_CACHE"] = folder("pulumi-wandb");
  if (cold.includes("go")) Object.assign(env, { GOCACHE: folder("go-build"), GOMODCACHE: folder("go-mod") });
  if (cold.includes("npm")) env["npm_config_cache"] = folder("npm");
  if (cold.includes("pip")) env["PIP_CACHE_DIR"] = folder("pip");
  return env;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const minutes = (s: number) => `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;

function report(timings: FileTiming[], top: number): string[] {
  const lines = ["| project | files | wall (first start to last end) | summed file time |", "|---|---|---|---|"];
  const projects = [...new Set(timings.map((timing) => timing.project))].sort();
  for (const project of projects) {
    const files = timings.filter((timing) => timing.project === project);
    const wall = Math.max(...files.map((f) => f.end)) - Math.min(...files.map((f) => f.start));
    const summed = files.reduce((sum, f) => sum + f.end - f.start, 0);
    lines.push(`| ${project} | ${files.length} | ${seconds(wall)} | ${seconds(summed)} |`);
  }
  const first = Math.min(...timings.map((f) => f.start));
  lines.push("", `slowest ${top} files (start: seconds after the first file's):`, "| file | project | time | start |", "|---|---|---|---|");
  for (const f of [...timings].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, top)) {
    lines.push(`| ${path.relative(repoRoot, f.file).replace(/^(\.\.\/)+[^/]+\/pulumi-wandb\//, "")} | ${f.project} | ${seconds(f.end - f.start)} | ${seconds(f.start - first)} |`);
  }
  const failed = timings.filter((f) => !f.passed);
  if (failed.length) lines.push("", `failed files: ${failed.map((f) => path.basename(f.file)).join(", ")}`);
  return lines;
}

/**
 * Makes a tree removable: Go's module cache is read-only. Symbolic links are not followed: the
 * clone's node_modules/pulumi-wandb links to the clone itself.
 */
function writable(dir: string): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const file = path.join(dir, entry.name);
    chmodSync(file, statSync(file).mode | 0o200);
    if (entry.isDirectory()) writable(file);
  }
}

async function main(): Promise<void> {
  const values = readCommandLine(COMMAND, process.argv.slice(2));
  if (values === undefined) return;
  const cold = listOf(COMMAND, "cold", values.cold, CACHES);
  const projects = listOf(COMMAND, "projects", values.projects, PROJECT_KEYS);
  const top = wholeNumber(COMMAND, "top", values.top, 1);
  const forks = values.forks === undefined ? {} : { VITEST_MAX_FORKS: String(wholeNumber(COMMAND, "forks", values.forks, 1)) };
  const scratch = values.out ?? mkdtempSync(path.join(os.tmpdir(), "pulumi-wandb-bench-suite-"));
  mkdirSync(scratch, { recursive: true });
  const clone = path.join(scratch, "pulumi-wandb");
  try {
    const env = environmentWith(cold, path.join(scratch, "caches"));
    const git = await timed(`git clone --quiet --no-hardlinks ${JSON.stringify(repoRoot)} ${JSON.stringify(clone)}`, scratch, env, path.join(scratch, "times-clone"));
    if (git.code !== 0) throw new Error(`git clone exited ${git.code}`);
    const setup = await timed("bash scripts/setup.sh", clone, env, path.join(scratch, "times-setup"));
    if (setup.code !== 0) throw new Error(`setup exited ${setup.code}`);
    const timingsFile = path.join(scratch, "timings.json");
    const projectArgs = projects.length === PROJECT_KEYS.length ? "" : projects.map((key) => ` --project ${JSON.stringify(PROJECTS[key])}`).join("");
    const vitest = await timed(
      `npx vitest run --reporter=default --reporter=./scripts/bench/suite-reporter.ts${projectArgs}`,
      clone,
      { ...env, ...forks, SUITE_TIMINGS_FILE: timingsFile },
      path.join(scratch, "times-vitest"),
    );
    const setupSteps = [...setup.stderr.matchAll(/^setup: (.*): done in (\d+)s$/gm)].map((m) => `${m[1]} ${m[2]} s`);
    const total = setup.wallS + vitest.wallS;
    const workers = forks.VITEST_MAX_FORKS === undefined ? "" : `, ${forks.VITEST_MAX_FORKS} vitest workers`;
    console.log(`\nnpm test on a fresh clone, caches emptied: ${cold.join(", ")}${workers}; ${os.cpus().length} cores, load average at the end ${os.loadavg()[0]!.toFixed(2)}`);
    const counted = setup.everyProcess && vitest.everyProcess ? "every process each phase started (a control group)" : "the processes each phase waited for (bash's times: one whose parent ended first is not counted)";
    console.log(`CPU: of ${counted}`);
    console.log(`| phase | wall | user CPU | system CPU |\n|---|---|---|---|`);
    for (const [phase, t] of [["setup", setup], ["vitest", vitest]] as const) console.log(`| ${phase} | ${minutes(t.wallS)} | ${t.userS.toFixed(0)} s | ${t.systemS.toFixed(0)} s |`);
    console.log(`| npm test | ${minutes(total)} | ${(setup.userS + vitest.userS).toFixed(0)} s | ${(setup.systemS + vitest.systemS).toFixed(0)} s |`);
    if (setup.beside && vitest.beside) {
      const others = setup.beside.othersS + vitest.beside.othersS;
      const stolen = setup.beside.stealS + vitest.beside.stealS;
      console.log(`beside it (how quiet the cores were): other processes ${others.toFixed(0)} CPU-s, the hypervisor ${stolen.toFixed(0)} s (steal)`);
    }
    console.log(`setup's steps: ${setupSteps.join("; ") || "none ran"}`);
    if (existsSync(timingsFile)) console.log(`\n${report(JSON.parse(readFileSync(timingsFile, "utf8")) as FileTiming[], top).join("\n")}`);
    if (vitest.code !== 0) process.exitCode = 1;
  } finally {
    if (values.out === undefined) {
      writable(scratch);
      rmSync(scratch, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
