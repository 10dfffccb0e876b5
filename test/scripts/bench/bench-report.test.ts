// The bench's command line and table (the engine runs themselves are `npm run bench`, never a test).
import { describe, expect, it } from "vitest";
import { formatBigTeam, formatReport, formatStep, parseBenchArgs, refreshRequestBudget, upSecondsTarget, type StepMeasure } from "../../../scripts/bench/bench-report";

describe("the bench's arguments", () => {
  it("defaults to 100 users, every step, every door, no latency and no big team", () => {
    expect(parseBenchArgs([])).toEqual({ users: 100, steps: ["up", "preview", "refresh", "drift", "destroy"], latencyMs: 0, doors: ["dynamic", "native", "executable"], bigTeam: 0, checkpoints: ["on", "off"], layout: "per-person" });
  });

  it("keeps the steps in their natural order and turns the big team on from 7,000 users", () => {
    const options = parseBenchArgs(["--users", "7000", "--steps", "destroy,refresh", "--latency-ms", "100", "--doors", "native"]);
    expect(options).toEqual({ users: 7000, steps: ["refresh", "destroy"], latencyMs: 100, doors: ["native"], bigTeam: 7000, checkpoints: ["on", "off"], layout: "per-person" });
    expect(parseBenchArgs(["--checkpoints", "off"])?.checkpoints).toEqual(["off"]);
    expect(parseBenchArgs(["--users", "7000", "--big-team", "0"])?.bigTeam).toBe(0);
  });

  it("names the flag and what it takes when a value is wrong", () => {
    expect(() => parseBenchArgs(["--steps", "up,deploy"])).toThrow(/--steps takes a comma-separated subset of up,preview,refresh,drift,destroy/);
    expect(() => parseBenchArgs(["--users", "ten"])).toThrow(/--users must be a whole number >= 20/);
    expect(() => parseBenchArgs(["--doors", ""])).toThrow(/--doors/);
    expect(() => parseBenchArgs(["--checkpoints", "maybe"])).toThrow(/--checkpoints takes a comma-separated subset of on,off/);
    expect(() => parseBenchArgs(["--user", "10"])).toThrow(/Unknown option '--user'[^]*usage: npm run bench -- \[--users N\]/);
  });

  it("answers --help with every flag, its default and what it does, and measures nothing", () => {
    const printed: string[] = [];
    expect(parseBenchArgs(["--help"], (text) => printed.push(text))).toBeUndefined();
    const help = printed.join("\n");
    expect(help).toMatch(/^usage: npm run bench -- \[--users N\]/);
    for (const flag of ["--users N", "--steps LIST", "--latency-ms MS", "--doors LIST", "--checkpoints LIST", "--big-team MEMBERS", "--help"]) expect(help).toContain(flag);
    expect(help).toContain("(default: 100)");
    expect(help).toContain("PULUMI_SKIP_CHECKPOINTS=true");
  });
});

describe("the bench's table", () => {
  const refresh: StepMeasure = {
    door: "native",
    step: "refresh",
    checkpoints: "on",
    users: 1000,
    latencyMs: 100,
    seconds: 12,
    floorSeconds: 10,
    requests: 3,
    byMethod: { GET: 3 },
    resources: 1050,
    peakRss: 150 * 1024 * 1024,
    stateBytes: 2_100_000,
    floorStateBytes: 1_050_000,
  };

  it("says requests and ratio on each step's line, with the per-resource figures", () => {
    const line = formatStep(refresh);
    expect(line).toMatch(/^native\s+refresh\s+checkpoints on \s+12\.0 s\s+ratio\s+1\.20 \(floor 10\.0 s\)/);
    expect(line).not.toContain("sleeping floor");
    expect(formatStep({ ...refresh, checkpoints: "off", sleepingFloorSeconds: 8 })).toMatch(/checkpoints off .*ratio\s+1\.20 \(floor 10\.0 s\)  ratio\s+1\.50 \(sleeping floor 8\.0 s\)/);
    expect(line).toContain("requests     3 (0.003/resource; GET 3)");
    expect(line).toContain("peak RSS 150 MB");
    expect(line).toContain("state 2100000 B (2000 B/resource; floor 1000 B/resource)");
    expect(line).toContain("request budget ceil(N/9999)+3 = 4");
  });

  it("holds refresh to one list page per 9,999 users plus three, and up to the larger of the floor and latency over concurrency", () => {
    expect([refreshRequestBudget(100), refreshRequestBudget(9999), refreshRequestBudget(10_000)]).toEqual([4, 4, 5]);
    expect(upSecondsTarget({ floorSeconds: 10, resources: 1050, latencyMs: 100 })).toBeCloseTo(1050 * 0.1 / 8);
    expect(upSecondsTarget({ floorSeconds: 60, resources: 1050, latencyMs: 100 })).toBe(60);
    const up = formatStep({ ...refresh, step: "up", seconds: 30, floorSeconds: 25 });
    expect(up).toContain("target max(floor, N x latency / 8) = 25.0 s, x1.20");
  });

  it("has the big team's row and a heading with the run's shape", () => {
    const big = formatBigTeam({
      door: "dynamic",
      members: 7000,
      refreshRequests: 1,
      changeRequests: { PATCH: 1 },
      previewSeconds: 3,
      smallPreviewSeconds: 2,
      floorPreviewSeconds: 2.5,
      floorSmallPreviewSeconds: 2,
    });
    expect(big).toContain("7,000-member team  refresh requests 1  one-member change requests PATCH 1  preview 3.0 s vs team of 20 2.0 s, ratio 1.50");
    expect(big).toContain("no-op floor 2.5 s vs 2.0 s, ratio 1.25  ours / floor's ratio x1.20");
    expect(formatReport(parseBenchArgs(["--users", "1000", "--layout", "compact"])!, [refresh], [])).toContain("1000 users (one OrganizationMembers)");
    expect(() => parseBenchArgs(["--layout", "sets"])).toThrow(/--layout takes one of per-person, compact, got "sets"/);
    const report = formatReport(parseBenchArgs(["--users", "1000"])!, [refresh], []).split("\n");
    expect(report[0]).toContain("1000 users (a User each), 50 teams of 20, latency 0 ms");
    expect(report).toHaveLength(2);
  });
});
