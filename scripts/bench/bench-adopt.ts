/**
 * `npm run bench:adopt -- [--users 2000] [--roles 10] [--latency-ms 0] [--doors dynamic,native] [--checkpoints on,off]`:
 * bringing an existing organization under code, per front door and checkpoint mode, beside floors
 * of the same graph. `--help` says what it measures and what each flag does.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { closeAllPools } from "../../service";
import { main as command } from "../../cli/main";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { handMadeOrganization } from "./hand-made-organization";
import { readLog, resetLog, setFaults } from "../emulator-api";
import { emulatorConfig } from "../engine";
import { adoptionFloorProgram, adoptionProgram, doorPrograms, type FloorKind } from "./bench-programs";
import { againstFloor, CHECKPOINTS, megabytes, TEAM_SIZE, type Checkpoints, type Door } from "./bench-report";
import { openBenchStack, type Timed } from "./bench-stack";
import { listOf, readCommandLine, wholeNumber, type CommandSpec } from "./command-line";
import { ORGANIZATION_LAYOUTS, type OrganizationLayout } from "../../model/organization";

/** The doors an Organization adopts through: the SDK's component, and the plugin's (the released executable is the same code). */
const ADOPTING_DOORS = ["dynamic", "native"] as const satisfies readonly Door[];

const ADOPT_COMMAND = {
  run: "npm run bench:adopt --",
  summary:
    "Bringing an existing organization under code, against an emulator holding N users, N/20 teams of 20 (each with the " +
    "organization's service account) and custom roles, made without Pulumi, on W&B's documented wire. Measures " +
    "`pulumi-wandb export`, then, per front door and with checkpoints on and off (PULUMI_SKIP_CHECKPOINTS=true), the first " +
    "`pulumi up` of an Organization adopting the exported roster (seconds, requests, writes, the provider's peak RSS, " +
    "resources and bytes of state per person) beside floors of the same graph (no-op resources, and with latency resources " +
    "that only sleep it), then a preview, the preview of a change to one person's display name, and a refresh, per layout " +
    "of the Organization (one User per person, or one OrganizationMembers), and checks that a second export gives the same file.",
  flags: {
    users: { value: "N", default: "2000", description: "users in the organization" },
    roles: { value: "N", default: "10", description: "custom roles in the organization" },
    "latency-ms": { value: "MS", default: "0", description: "latency the emulator adds to every request" },
    doors: { value: "LIST", default: ADOPTING_DOORS.join(","), description: "which front doors adopt" },
    checkpoints: { value: "LIST", default: CHECKPOINTS.join(","), description: "adopt with checkpoints on (as users run it), off (PULUMI_SKIP_CHECKPOINTS=true), or both" },
    layouts: { value: "LIST", default: ORGANIZATION_LAYOUTS.join(","), description: "the Organization's layouts to adopt with: per-person, compact" },
  },
} as const satisfies CommandSpec;

function options() {
  const values = readCommandLine(ADOPT_COMMAND, process.argv.slice(2));
  if (values === undefined) return undefined;
  return {
    users: wholeNumber(ADOPT_COMMAND, "users", values.users),
    roles: wholeNumber(ADOPT_COMMAND, "roles", values.roles),
    latencyMs: wholeNumber(ADOPT_COMMAND, "latency-ms", values["latency-ms"]),
    doors: listOf(ADOPT_COMMAND, "doors", values.doors, ADOPTING_DOORS),
    checkpoints: listOf(ADOPT_COMMAND, "checkpoints", values.checkpoints, CHECKPOINTS),
    layouts: listOf(ADOPT_COMMAND, "layouts", values.layouts, ORGANIZATION_LAYOUTS),
  };
}

async function exportRoster(emulator: RunningEmulator, folder: string, file: string) {
  const env = { WANDB_BASE_URL: emulator.url, WANDB_API_KEY: emulator.admin.apiKey, WANDB_USERNAME: emulator.admin.username };
  await resetLog(emulator);
  const started = performance.now();
  const code = await command(["export", "--roster", file], { out: (line) => console.log(`  export: ${line}`), err: (line) => console.error(`  export: ${line}`), env, cwd: folder, stdin: process.stdin, now: Date.now });
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`pulumi-wandb export failed with exit code ${code}`);
  return { seconds, requests: (await readLog(emulator)).counters.total, text: readFileSync(path.join(folder, file), "utf8") };
}

/** An operation's seconds and the requests it sent. */
interface Measured {
  seconds: number;
  requests: number;
}

interface Adoption {
  door: Door;
  layout: OrganizationLayout;
  checkpoints: Checkpoints;
  /** Resources in the stack's state after the adoption, the stack included. */
  resources: number;
  up: Timed;
  requests: number;
  writes: number;
  byMethod: Record<string, number>;
  stateBytes: number;
  floor: Timed;
  floorStateBytes: number;
  sleepingFloor?: Timed;
  preview: Measured;
  onePersonPreview: Measured;
  refresh: Measured;
}

/** A copy of the roster file with the first person's display name changed (a change to one person), by its path. */
function withOnePersonChanged(rosterPath: string): string {
  const text = readFileSync(rosterPath, "utf8");
  const changed = text.replace(/(\n\s+displayName: )(.*)/, "$1Changed in code");
  if (changed === text) throw new Error("bench:adopt: the exported roster holds no displayName to change");
  const file = rosterPath.replace(/\.yaml$/, "-one-changed.yaml");
  writeFileSync(file, changed);
  return file;
}

/**
 * One first adoption by a new stack in `layout` (what it adopts stays in the emulator, so each adoption
 * is a first one), beside its floors; then a preview, the preview of a change to one person, and a refresh.
 */
async function adoptOnce(emulator: RunningEmulator, door: Door, layout: OrganizationLayout, checkpoints: Checkpoints, roster: string, latencyMs: number): Promise<Adoption> {
  const config = emulatorConfig(emulator);
  const programs = doorPrograms(door, latencyMs);
  const measuring = { checkpoints: checkpoints === "on" };
  const floorUp = async (kind: FloorKind) => {
    const floor = programs.floor(kind);
    const stack = await openBenchStack(`floor-${kind}-adopt-${door}`, adoptionFloorProgram(floor, roster, layout), config, floor.plugins);
    try {
      return { up: await stack.run("up", measuring), stateBytes: stack.stateBytes() };
    } finally {
      await stack.dispose();
    }
  };
  let rosterFile = roster;
  const adopt = await openBenchStack(`bench-adopt-${door}`, adoptionProgram(door, () => rosterFile, layout), config, programs.plugins);
  const measured = async (op: "preview" | "refresh"): Promise<Measured> => {
    await resetLog(emulator);
    const { seconds } = await adopt.run(op);
    return { seconds, requests: (await readLog(emulator)).counters.total };
  };
  try {
    await resetLog(emulator);
    const up = await adopt.run("up", measuring);
    const log = (await readLog(emulator)).counters;
    const preview = await measured("preview");
    rosterFile = withOnePersonChanged(roster);
    const onePersonPreview = await measured("preview");
    rosterFile = roster;
    const refresh = await measured("refresh");
    const floor = await floorUp("no-op");
    const sleeping = latencyMs > 0 ? await floorUp("sleeping") : undefined;
    return {
      door,
      layout,
      checkpoints,
      resources: await adopt.resources(),
      up,
      requests: log.total,
      writes: log.writes,
      byMethod: log.byMethod,
      stateBytes: adopt.stateBytes(),
      floor: floor.up,
      floorStateBytes: floor.stateBytes,
      ...(sleeping ? { sleepingFloor: sleeping.up } : {}),
      preview,
      onePersonPreview,
      refresh,
    };
  } finally {
    await adopt.dispose();
  }
}

function adoptionRow(a: Adoption, users: number): string {
  return [
    `| ${a.door} | ${a.layout} | ${a.checkpoints} | ${a.resources} | ${a.up.seconds.toFixed(1)} | ${a.requests} (${JSON.stringify(a.byMethod)}) | ${a.writes}`,
    `${againstFloor(a.up.seconds, a.floor.seconds, "no-op floor")}`,
    `${a.sleepingFloor ? againstFloor(a.up.seconds, a.sleepingFloor.seconds, "sleeping floor") : "–"}`,
    `${megabytes(a.up.peakRss)} | ${Math.round(a.stateBytes / users)} B (floor ${Math.round(a.floorStateBytes / users)} B) |`,
  ].join(" | ");
}

const measuredCells = ({ seconds, requests }: Measured) => `${seconds.toFixed(1)} | ${requests}`;

async function run(): Promise<void> {
  const given = options();
  if (given === undefined) return;
  const { users, roles, latencyMs } = given;
  const teams = Math.floor(users / TEAM_SIZE);
  const seed = handMadeOrganization({ users, teams, teamSize: TEAM_SIZE, roles });
  const emulator = await startEmulator({ port: 0, seed });
  if (latencyMs > 0) await setFaults(emulator, { latency: { fixedMs: latencyMs } });
  const folder = mkdtempSync(path.join(os.tmpdir(), "bench-adopt-"));
  const people = seed.users.length;
  try {
    const first = await exportRoster(emulator, folder, "roster.yaml");
    const roster = path.join(folder, "roster.yaml");
    const adoptions: Adoption[] = [];
    for (const door of given.doors) {
      for (const layout of given.layouts) {
        for (const checkpoints of given.checkpoints) {
          const adoption = await adoptOnce(emulator, door, layout, checkpoints, roster, latencyMs);
          console.log(adoptionRow(adoption, people));
          adoptions.push(adoption);
        }
      }
    }
    const again = await exportRoster(emulator, folder, "again.yaml");
    console.log(
      [
        "",
        `Adopting an organization made without Pulumi: ${people} users, ${teams} teams of ${TEAM_SIZE} (+ a service account each), ${roles} custom roles; ` +
          `documented wire, latency ${latencyMs} ms; file backend`,
        `pulumi-wandb export: ${first.seconds.toFixed(2)} s, ${first.requests} requests, 0 writes`,
        "| door | layout | checkpoints | resources in state | first pulumi up, s | requests | writes | ratio to the no-op floor of the same graph | ratio to the sleeping floor | provider peak RSS | state per person |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
        ...adoptions.map((adoption) => adoptionRow(adoption, people)),
        "| door | layout | checkpoints | preview after it, s | requests | preview of a change to one person, s | requests | refresh, s | requests |",
        "|---|---|---|---|---|---|---|---|---|",
        ...adoptions.map((a) => `| ${a.door} | ${a.layout} | ${a.checkpoints} | ${measuredCells(a.preview)} | ${measuredCells(a.onePersonPreview)} | ${measuredCells(a.refresh)} |`),
        `Second export identical to the first: ${again.text === first.text ? "yes" : "NO"}`,
      ].join("\n"),
    );
    if (adoptions.some((adoption) => adoption.writes !== 0) || again.text !== first.text) process.exitCode = 1;
  } finally {
    await closeAllPools();
    await emulator.close();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
