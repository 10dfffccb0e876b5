/**
 * `npm run bench`: both front doors (dynamic resources and the native plugin) through the real
 * engine on the file backend, each beside a no-op provider of the same kind (and, with latency, one
 * that sleeps it per change), against an emulator, with checkpoints on and off. Per door, step and
 * checkpoint mode: wall seconds, ratio to each floor, requests the emulator saw, peak RSS of the
 * provider process, checkpoint bytes; and the 7,000-member team row. `--help` lists the flags.
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import { z } from "zod";
import { packageManifest } from "../../model/package-manifest";
import { defaultSeed, startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorApi, readLog, readState, resetLog, setFaults } from "../emulator-api";
import { emulatorConfig, workRoot } from "../engine";
import { hostPlatform, pluginArchiveName } from "../release/platforms";
import type { ConfigMap } from "@pulumi/pulumi/automation";
import { doorPrograms, benchUserName, idsOf, oneTeam, organizationProgram, type DoorPrograms, type FloorKind } from "./bench-programs";
import { openBenchStack, type BenchStack } from "./bench-stack";
import {
  formatBigTeam,
  formatReport,
  formatStep,
  parseBenchArgs,
  TEAM_SIZE,
  type BenchOptions,
  type BigTeamMeasure,
  type Checkpoints,
  type Door,
  type Step,
  type StepMeasure,
} from "./bench-report";

const DRIFT_SHARE = 0.1;
const SEATS_TO_SPARE = 100;
const OUT_OF_BAND_CONCURRENCY = 16;
const heldUsersSchema = z.object({ users: z.array(z.object({ id: z.string(), userName: z.string() })) });

async function heldUsers(emulator: RunningEmulator): Promise<{ id: string; userName: string }[]> {
  return heldUsersSchema.parse(await readState(emulator)).users;
}

async function startBenchEmulator(options: BenchOptions, extraUsers: number): Promise<RunningEmulator> {
  const seed = defaultSeed();
  const users = Array.from({ length: extraUsers }, (_, i) => ({ userName: `seeded-${i}`, email: `seeded-${i}@bench.example` }));
  const emulator = await startEmulator({ port: 0, seed: { ...seed, seats: options.users + extraUsers + SEATS_TO_SPARE, users: [...seed.users, ...users] } });
  if (options.latencyMs > 0) await setFaults(emulator, { latency: { fixedMs: options.latencyMs } });
  return emulator;
}

/** Runs jobs with a bounded number in flight. */
async function inParallel<T>(items: T[], job: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await job(items[next++]!);
  };
  await Promise.all(Array.from({ length: OUT_OF_BAND_CONCURRENCY }, worker));
}

/** Changes the displayName of 10% of the bench's users through the SCIM API, as an admin would by hand. */
async function driftUsers(emulator: RunningEmulator, users: number): Promise<void> {
  const drifted = new Set(Array.from({ length: Math.ceil(users * DRIFT_SHARE) }, (_, k) => benchUserName(Math.floor(k / DRIFT_SHARE))));
  const targets = (await heldUsers(emulator)).filter((user) => drifted.has(user.userName));
  await inParallel(targets, (user) =>
    emulatorApi(emulator).scim("PATCH", `/Users/${user.id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", path: "displayName", value: `Changed By Hand ${user.userName}` }],
    }),
  );
}

const OPERATION_OF: Record<Step, "up" | "preview" | "refresh" | "destroy"> = { up: "up", preview: "preview", refresh: "refresh", drift: "refresh", destroy: "destroy" };

/** Our stack and its floors of the same graph: no-op resources, and (with latency) resources that sleep it per change. */
async function doorStacks(door: Door, programs: DoorPrograms, options: BenchOptions, config: ConfigMap) {
  const floorStack = (kind: FloorKind) => {
    const floor = programs.floor(kind);
    return openBenchStack(`floor-${kind}-${door}`, organizationProgram(options.users, idsOf(floor), options.layout), config, floor.plugins);
  };
  return {
    ours: await openBenchStack(`bench-${door}`, organizationProgram(options.users, programs.declare, options.layout), config, programs.plugins),
    noop: await floorStack("no-op"),
    sleeping: options.latencyMs > 0 ? await floorStack("sleeping") : undefined,
  };
}

/** The steps of one door with checkpoints on or off, from an empty emulator: each round's `up` is a first one. */
async function benchDoor(door: Door, programs: DoorPrograms, options: BenchOptions, checkpoints: Checkpoints): Promise<StepMeasure[]> {
  const emulator = await startBenchEmulator(options, 0);
  const config = emulatorConfig(emulator);
  const stacks = await doorStacks(door, programs, options, config);
  const all = [stacks.ours, stacks.noop, ...(stacks.sleeping ? [stacks.sleeping] : [])];
  const resources = (options.layout === "per-person" ? options.users : 1) + Math.floor(options.users / TEAM_SIZE);
  const measuring = { checkpoints: checkpoints === "on" };
  const measures: StepMeasure[] = [];
  let deployed = false;
  try {
    for (const step of options.steps) {
      if (step !== "up" && !deployed) {
        // Set up for the step, not measured: the state is written once (checkpoints off).
        const started = performance.now();
        for (const stack of all) await stack.run("up", { checkpoints: false });
        console.log(`${door}: set up ${resources} resources for the measured steps in ${((performance.now() - started) / 1000).toFixed(1)} s (not measured)`);
      }
      if (step === "drift") await driftUsers(emulator, options.users);
      const operation = OPERATION_OF[step];
      await resetLog(emulator);
      const measured = await stacks.ours.run(operation, measuring);
      const log = await readLog(emulator);
      const floorRun = await stacks.noop.run(operation, measuring);
      const sleepingRun = await stacks.sleeping?.run(operation, measuring);
      deployed = operation !== "destroy";
      const measure: StepMeasure = {
        door,
        step,
        checkpoints,
        users: options.users,
        latencyMs: options.latencyMs,
        seconds: measured.seconds,
        floorSeconds: floorRun.seconds,
        ...(sleepingRun ? { sleepingFloorSeconds: sleepingRun.seconds } : {}),
        requests: log.counters.total,
        byMethod: log.counters.byMethod,
        resources,
        peakRss: measured.peakRss,
        stateBytes: stacks.ours.stateBytes(),
        floorStateBytes: stacks.noop.stateBytes(),
      };
      console.log(formatStep(measure));
      measures.push(measure);
    }
  } finally {
    for (const stack of all) await stack.dispose();
    await emulator.close();
  }
  return measures;
}

async function benchBigTeam(door: Door, programs: DoorPrograms, options: BenchOptions): Promise<BigTeamMeasure> {
  const emulator = await startBenchEmulator(options, options.bigTeam);
  const config = emulatorConfig(emulator);
  const seeded = (await heldUsers(emulator)).filter((user) => user.userName.startsWith("seeded-")).map((user) => user.id);
  let bigMembers = seeded;
  const teamOf = (project: string, name: string, members: () => string[], declare: DoorPrograms["declare"], plugins: DoorPrograms["plugins"]) =>
    openBenchStack(`${project}-${door}`, oneTeam(name, members, declare), config, plugins);
  const noop = programs.floor("no-op");
  const stacks = {
    big: await teamOf("big-team", "bench-big-team", () => bigMembers, programs.declare, programs.plugins),
    small: await teamOf("small-team", "bench-team-of-20", () => seeded.slice(0, TEAM_SIZE), programs.declare, programs.plugins),
    floorBig: await teamOf("floor-big-team", "floor-big-team", () => seeded, idsOf(noop), noop.plugins),
    floorSmall: await teamOf("floor-small-team", "floor-team-of-20", () => seeded.slice(0, TEAM_SIZE), idsOf(noop), noop.plugins),
  };
  try {
    for (const stack of Object.values(stacks)) await stack.run("up");
    await resetLog(emulator);
    await stacks.big.run("refresh");
    const refreshRequests = (await readLog(emulator)).counters.total;
    const preview = async (stack: BenchStack) => (await stack.run("preview")).seconds;
    const previewSeconds = await preview(stacks.big);
    const smallPreviewSeconds = await preview(stacks.small);
    const floorPreviewSeconds = await preview(stacks.floorBig);
    const floorSmallPreviewSeconds = await preview(stacks.floorSmall);
    bigMembers = seeded.slice(1);
    await resetLog(emulator);
    await stacks.big.run("up");
    const measure: BigTeamMeasure = {
      door,
      members: seeded.length,
      refreshRequests,
      changeRequests: (await readLog(emulator)).counters.byMethod,
      previewSeconds,
      smallPreviewSeconds,
      floorPreviewSeconds,
      floorSmallPreviewSeconds,
    };
    console.log(formatBigTeam(measure));
    return measure;
  } finally {
    for (const stack of Object.values(stacks)) await stack.dispose();
    await emulator.close();
  }
}

/** The released plugin of this machine's platform, built once (as `npm run release -- --only plugin` builds it) for the `executable` door. */
const releaseArchive = (() => {
  let archive: string | undefined;
  return () => {
    if (archive) return archive;
    const out = path.join(workRoot, "bench-release");
    execFileSync(process.execPath, [path.join(__dirname, "..", "release", "release.js"), "--only", "plugin", "--out", out], { stdio: ["ignore", "ignore", "inherit"] });
    archive = path.join(out, pluginArchiveName(packageManifest().version, hostPlatform()));
    return archive;
  };
})();

async function main(): Promise<void> {
  const options = parseBenchArgs(process.argv.slice(2));
  if (options === undefined) return;
  const steps: StepMeasure[] = [];
  const bigTeams: BigTeamMeasure[] = [];
  for (const door of options.doors) {
    const programs = doorPrograms(door, options.latencyMs, releaseArchive);
    for (const checkpoints of options.checkpoints) steps.push(...(await benchDoor(door, programs, options, checkpoints)));
    if (options.bigTeam > 0) bigTeams.push(await benchBigTeam(door, programs, options));
  }
  console.log(`\n${formatReport(options, steps, bigTeams)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
