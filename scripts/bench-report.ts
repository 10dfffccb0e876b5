// The bench's command line and its printed table, apart from the engine runs so that both can be
// checked in-process (test/scripts/bench-report.test.ts).
import { parseArgs } from "node:util";
import { z } from "zod";
import { PAGE_SIZE } from "../service/scim-client";
import { CONFIG_SETTINGS } from "../service/config";

export const STEPS = ["up", "preview", "refresh", "drift", "destroy"] as const;
export type Step = (typeof STEPS)[number];
/** The dynamic resources, the native plugin run from source, and the native plugin as released (one executable). */
export const DOORS = ["dynamic", "native", "executable"] as const;
export type Door = (typeof DOORS)[number];

export const TEAM_SIZE = 20;
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
}

const USAGE =
  "usage: npm run bench -- [--users N] [--steps up,preview,refresh,drift,destroy] [--latency-ms MS] [--doors dynamic,native,executable] [--big-team MEMBERS]";

function wholeNumber(flag: string, text: string, minimum: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < minimum) throw new Error(`--${flag} must be a whole number >= ${minimum}, got "${text}"\n${USAGE}`);
  return value;
}

function listOf<T extends string>(flag: string, text: string, allowed: readonly T[]): T[] {
  const given = text.split(",").map((entry) => entry.trim()).filter(Boolean);
  const unknown = given.filter((entry) => !(allowed as readonly string[]).includes(entry));
  if (unknown.length || !given.length) throw new Error(`--${flag} takes a comma-separated subset of ${allowed.join(",")}, got "${text}"\n${USAGE}`);
  return allowed.filter((entry) => given.includes(entry));
}

export function parseBenchArgs(args: string[]): BenchOptions {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      users: { type: "string", default: "100" },
      steps: { type: "string", default: STEPS.join(",") },
      "latency-ms": { type: "string", default: "0" },
      doors: { type: "string", default: DOORS.join(",") },
      "big-team": { type: "string" },
    },
  });
  const users = wholeNumber("users", values.users, TEAM_SIZE);
  return {
    users,
    steps: listOf("steps", values.steps, STEPS),
    latencyMs: wholeNumber("latency-ms", values["latency-ms"], 0),
    doors: listOf("doors", values.doors, DOORS),
    bigTeam: values["big-team"] !== undefined ? wholeNumber("big-team", values["big-team"], 0) : users >= BIG_TEAM_BY_DEFAULT_FROM ? BIG_TEAM : 0,
  };
}

export interface StepMeasure {
  door: Door;
  step: Step;
  users: number;
  latencyMs: number;
  seconds: number;
  /** The same step of the no-op provider of the same door. */
  floorSeconds: number;
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

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const methods = (byMethod: Record<string, number>) =>
  Object.entries(byMethod)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([method, count]) => `${method} ${count}`)
    .join(", ");

export function formatStep(m: StepMeasure): string {
  const ratio = m.floorSeconds > 0 ? (m.seconds / m.floorSeconds).toFixed(2) : "n/a";
  return [
    m.door.padEnd(8),
    m.step.padEnd(8),
    `${m.seconds.toFixed(1).padStart(7)} s`,
    `ratio ${ratio.padStart(5)} (floor ${m.floorSeconds.toFixed(1)} s)`,
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
    `pulumi-wandb bench: ${options.users} users, ${teams} teams of ${TEAM_SIZE}, latency ${options.latencyMs} ms; file backend; ratio = ours / no-op provider of the same door`,
    ...steps.map(formatStep),
    ...bigTeams.map(formatBigTeam),
  ];
  return lines.join("\n");
}
