// The bench's command line and its printed table, apart from the engine runs so that both can be
// checked in-process (test/scripts/bench/bench-report.test.ts).
import { ORGANIZATION_LAYOUTS, type OrganizationLayout } from "../../model/organization";
import { z } from "zod";
import { PAGE_SIZE } from "../../service/scim-client";
import { CONFIG_SETTINGS } from "../../service/config";
import { listOf, oneOf, readCommandLine, wholeNumber, type CommandSpec } from "./command-line";

export const STEPS = ["up", "preview", "refresh", "drift", "destroy"] as const;
export type Step = (typeof STEPS)[number];
/** The dynamic resources, the native plugin run from source, and the native plugin as released (one executable). */
export const DOORS = ["dynamic", "native", "executable"] as const;
export type Door = (typeof DOORS)[number];

export const TEAM_SIZE = 20;
/** Checkpoints as users run the file backend ("on"), and with PULUMI_SKIP_CHECKPOINTS=true ("off"). */
export const CHECKPOINTS = ["on", "off"] as const;
export type Checkpoints = (typeof CHECKPOINTS)[number];
/** From this many users on, the 7,000-member team row is measured unless `--big-team 0` says otherwise. */
const BIG_TEAM_BY_DEFAULT_FROM = 7_000;
const BIG_TEAM = 7_000;

export interface BenchOptions {
  users: number;
  /** In the order of STEPS, whatever order they were given in. */
  steps: Step[];
  latencyMs: number;
  doors: Door[];
  /** Members of the big team; 0 = no big-team row. */
  bigTeam: number;
  checkpoints: Checkpoints[];
  /** How the users are declared: a User each, or one OrganizationMembers (an Organization's layouts). */
  layout: OrganizationLayout;
}

export const BENCH_COMMAND = {
  run: "npm run bench --",
  summary:
    "Both front doors (dynamic resources, the native plugin from source and as released) through the real engine on the file " +
    "backend, against the emulator, each beside two floors of the same graph: no-op resources, and resources that only sleep " +
    "the latency. Each step is measured with checkpoints on and with PULUMI_SKIP_CHECKPOINTS=true; per step it prints seconds, " +
    "the ratio to each floor, requests, the provider's peak RSS and the checkpoint's bytes.",
  flags: {
    users: { value: "N", default: "100", description: "users to declare, with N/20 teams of 20 of them" },
    steps: { value: "LIST", default: STEPS.join(","), description: "which steps to measure, in this order whatever the order given" },
    "latency-ms": { value: "MS", default: "0", description: "latency the emulator adds to every request" },
    doors: { value: "LIST", default: DOORS.join(","), description: "which front doors to measure" },
    checkpoints: { value: "LIST", default: CHECKPOINTS.join(","), description: "measure with checkpoints on (as users run it), off (PULUMI_SKIP_CHECKPOINTS=true), or both" },
    "big-team": { value: "MEMBERS", description: `members of one big team to measure too (default: ${BIG_TEAM} from ${BIG_TEAM_BY_DEFAULT_FROM} users on, else none)` },
    layout: { value: "LAYOUT", default: "per-person", description: "declare the users as a User each (per-person) or as one OrganizationMembers (compact), the teams naming them by email" },
  },
} as const satisfies CommandSpec;

/** The bench's options; undefined when `--help` asked for the help, which `print` has shown. */
export function parseBenchArgs(args: string[], print?: (text: string) => void): BenchOptions | undefined {
  const values = readCommandLine(BENCH_COMMAND, args, print);
  if (values === undefined) return undefined;
  const users = wholeNumber(BENCH_COMMAND, "users", values.users, TEAM_SIZE);
  return {
    users,
    steps: listOf(BENCH_COMMAND, "steps", values.steps, STEPS),
    latencyMs: wholeNumber(BENCH_COMMAND, "latency-ms", values["latency-ms"]),
    doors: listOf(BENCH_COMMAND, "doors", values.doors, DOORS),
    bigTeam: values["big-team"] !== undefined ? wholeNumber(BENCH_COMMAND, "big-team", values["big-team"]) : users >= BIG_TEAM_BY_DEFAULT_FROM ? BIG_TEAM : 0,
    checkpoints: listOf(BENCH_COMMAND, "checkpoints", values.checkpoints, CHECKPOINTS),
    layout: oneOf(BENCH_COMMAND, "layout", values.layout, ORGANIZATION_LAYOUTS),
  };
}

export interface StepMeasure {
  door: Door;
  step: Step;
  checkpoints: Checkpoints;
  users: number;
  latencyMs: number;
  seconds: number;
  /** The same step of the no-op provider of the same door. */
  floorSeconds: number;
  /** The same step of the door's provider that only sleeps the latency per change; absent without latency. */
  sleepingFloorSeconds?: number;
  requests: number;
  byMethod: Record<string, number>;
  resources: number;
  /** Peak VmRSS of the provider process, bytes; 0 when none was seen. */
  peakRss: number;
  stateBytes: number;
  /** The no-op provider's checkpoint after the same step: the engine's own bytes for the same graph. */
  floorStateBytes: number;
}

export interface BigTeamMeasure {
  door: Door;
  members: number;
  refreshRequests: number;
  changeRequests: Record<string, number>;
  previewSeconds: number;
  smallPreviewSeconds: number;
  /** The same two previews of the no-op provider: what the engine alone pays for the larger state. */
  floorPreviewSeconds: number;
  floorSmallPreviewSeconds: number;
}

/** The provider's default, which the bench leaves as a user would. */
const MAX_CONCURRENCY = z.number().int().positive().parse(CONFIG_SETTINGS.maxConcurrency.default);

/** The physical limit of a refresh: one list request per page of users, and a few for the other collections. */
export const refreshRequestBudget = (users: number) => Math.ceil(users / PAGE_SIZE) + 3;

/** The physical limit of creating N objects: the engine's floor, or N requests' latency spread over the provider's concurrency. */
export const upSecondsTarget = (m: Pick<StepMeasure, "floorSeconds" | "resources" | "latencyMs">) =>
  Math.max(m.floorSeconds, (m.resources * m.latencyMs) / 1000 / MAX_CONCURRENCY);

function targetOf(m: StepMeasure): string {
  if (m.step === "up") {
    const target = upSecondsTarget(m);
    return `target max(floor, N x latency / ${MAX_CONCURRENCY}) = ${target.toFixed(1)} s, x${(m.seconds / target).toFixed(2)}`;
  }
  if (m.step === "refresh" || m.step === "drift") return `request budget ceil(N/${PAGE_SIZE})+3 = ${refreshRequestBudget(m.users)}`;
  return "";
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const methods = (byMethod: Record<string, number>) =>
  Object.entries(byMethod)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([method, count]) => `${method} ${count}`)
    .join(", ");

/** Ours against a floor: "x1.20 of <name> 10.0 s". */
export function againstFloor(seconds: number, floorSeconds: number, name: string): string {
  const ratio = floorSeconds > 0 ? (seconds / floorSeconds).toFixed(2) : "n/a";
  return `ratio ${ratio.padStart(5)} (${name} ${floorSeconds.toFixed(1)} s)`;
}

export function formatStep(m: StepMeasure): string {
  return [
    m.door.padEnd(8),
    m.step.padEnd(8),
    `checkpoints ${m.checkpoints.padEnd(3)}`,
    `${m.seconds.toFixed(1).padStart(7)} s`,
    againstFloor(m.seconds, m.floorSeconds, "floor"),
    m.sleepingFloorSeconds === undefined ? "" : againstFloor(m.seconds, m.sleepingFloorSeconds, "sleeping floor"),
    `requests ${String(m.requests).padStart(5)} (${(m.requests / m.resources).toFixed(3)}/resource${m.requests ? `; ${methods(m.byMethod)}` : ""})`,
    `peak RSS ${megabytes(m.peakRss)}`,
    `state ${m.stateBytes} B (${Math.round(m.stateBytes / m.resources)} B/resource; floor ${Math.round(m.floorStateBytes / m.resources)} B/resource)`,
    targetOf(m),
  ]
    .filter(Boolean)
    .join("  ");
}

const ratioOf = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);

export function formatBigTeam(m: BigTeamMeasure): string {
  const ratio = ratioOf(m.previewSeconds, m.smallPreviewSeconds);
  const floorRatio = ratioOf(m.floorPreviewSeconds, m.floorSmallPreviewSeconds);
  return [
    m.door.padEnd(8),
    `${m.members.toLocaleString("en-US")}-member team`,
    `refresh requests ${m.refreshRequests}`,
    `one-member change requests ${methods(m.changeRequests) || "none"}`,
    `preview ${m.previewSeconds.toFixed(1)} s vs team of ${TEAM_SIZE} ${m.smallPreviewSeconds.toFixed(1)} s, ratio ${ratio.toFixed(2)}`,
    `no-op floor ${m.floorPreviewSeconds.toFixed(1)} s vs ${m.floorSmallPreviewSeconds.toFixed(1)} s, ratio ${floorRatio.toFixed(2)}`,
    `ours / floor's ratio x${(ratio / floorRatio).toFixed(2)}`,
  ].join("  ");
}

export function formatReport(options: BenchOptions, steps: StepMeasure[], bigTeams: BigTeamMeasure[]): string {
  const teams = Math.floor(options.users / TEAM_SIZE);
  const lines = [
    `pulumi-wandb bench: ${options.users} users (${options.layout === "per-person" ? "a User each" : "one OrganizationMembers"}), ${teams} teams of ${TEAM_SIZE}, latency ${options.latencyMs} ms; file backend; ratio = ours / no-op provider of the same door (and / one that sleeps the latency per change)`,
    ...steps.map(formatStep),
    ...bigTeams.map(formatBigTeam),
  ];
  return lines.join("\n");
}
