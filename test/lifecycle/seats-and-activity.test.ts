// Seats, activity and a team's own storage bucket through the real engine, on the multi-tenant cloud
// (which creates users through teams), both doors in one stack (test/programs/seats-and-activity.ts, run inline:
// declares a team and a user through each), on an organization whose three seats are taken: a user
// with a viewer seat, in a team; the activity W&B reports, which the drift watch's refreshing
// preview (run as examples/gitops's drift workflow runs it) never counts as a change, and its review
// lists as inactive (who is active again is not listed: test/cli/review-inactive.test.ts, on a recorded
// refreshing preview); a seat change reviewed, then refused for want of a seat; getUsers({
// inactiveForDays }) through each door; a team with a bucket, whose change is a replacement. Each
// deployment's seats are shown in-process (test/provider/resources/user-seats.test.ts): what the engine
// adds, planning, the drift watch and the review, is the same on all three.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defaultSeed, startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorApi, readState } from "../../scripts/emulator-api";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { reviewOf } from "../support/review";
import { seatsAndActivityProgram } from "../programs/seats-and-activity";

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().replace(/\.\d+Z$/, "Z");

/** The drift watch's preview arguments (besides --json and the stack) and review options, as examples/gitops's workflow runs them. */
const driftWorkflow = readFileSync(path.join(repoRoot, "examples", "gitops", ".github", "workflows", "drift.yml"), "utf8");
const DRIFT_PREVIEW = (/pulumi preview (.+?) --json --stack/.exec(driftWorkflow)?.[1] ?? "").split(" ");
const DRIFT_REVIEW = (/pulumi-wandb review (.+?) drift\.json/.exec(driftWorkflow)?.[1] ?? "").split(" ");

const previewSteps = z.object({
  steps: z.array(z.object({ op: z.string(), urn: z.string(), oldState: z.object({ outputs: z.record(z.string(), z.unknown()).optional() }).nullish() })),
  changeSummary: z.record(z.string(), z.number()),
});

const heldState = z.object({
  users: z.array(z.object({ id: z.string(), userName: z.string(), modelsSeat: z.string() })),
  teams: z.array(z.object({ displayName: z.string(), storageBucket: z.unknown().optional() })),
  seatsUsed: z.number(),
});

const DOORS = ["dynamic", "plugin"] as const;
const VERAS = DOORS.map((door) => `vera-${door}`);

describe("seats and activity on the multi-tenant cloud, both doors", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  const held = async () => heldState.parse(await readState(emulator));
  const heldUser = async (userName: string) => {
    const user = (await held()).users.find((each) => each.userName === userName);
    if (!user) throw new Error(`the emulator holds no user ${userName}`);
    return user;
  };
  const setActivity = async (userName: string, lastActiveAt: string) =>
    emulatorApi(emulator).control("PUT", `/users/${(await heldUser(userName)).id}/activity`, { daysActive: 12, lastActiveAt });
  const withConfig = async <T>(key: string, value: string, run: () => Promise<T>): Promise<T> => {
    await stack.stack.setConfig(key, { value });
    try {
      return await run();
    } finally {
      await stack.stack.removeConfig(key);
    }
  };

  beforeAll(async () => {
    // The seed's three users hold its three seats.
    emulator = await startEmulator({ port: 0, deployment: "saas", seed: { ...defaultSeed(), seats: 3 } });
    stack = await openStack({ projectName: "seats-and-activity", inline: seatsAndActivityProgram }, { config: emulatorConfig(emulator), providerPlugins: [{ name: "wandb", path: repoRoot }] });
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("creates users with a viewer Models seat, which take none of the seats, in teams with their own bucket", async () => {
    await stack.up();
    for (const vera of VERAS) expect(await heldUser(vera)).toMatchObject({ modelsSeat: "viewer" });
    const state = await held();
    expect(state.seatsUsed).toBe(3);
    for (const door of DOORS) {
      expect(state.teams.find((team) => team.displayName === `lab-${door}`)?.storageBucket).toEqual({ name: `acme-lab-${door}`, provider: "GCP", path: "lab/runs" });
    }
  });

  it("the drift watch finds no change when W&B reports new activity, and its review lists who has not been active in 90 days", async () => {
    expect(DRIFT_PREVIEW).toEqual(expect.arrayContaining(["--refresh", "--expect-no-changes", "--show-sames"]));
    for (const vera of VERAS) await setActivity(vera, daysAgo(120));
    const { json, code } = await stack.previewJson(DRIFT_PREVIEW);
    expect(code, json.slice(-2000)).toBe(0);
    const preview = previewSteps.parse(JSON.parse(json));
    expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
    const review = await reviewOf(json, DRIFT_REVIEW);
    expect(review).toContain("No access changes.");
    expect(review).toContain(`### Not active in 90 days\n\n`);
    for (const vera of VERAS) expect(review).toContain(`- **${vera}**: last active ${daysAgo(120).slice(0, 10)} (120 days ago)\n`);
  });

  it("reviews a seat change, and the up that needs a seat none is left for fails saying how many are held and how to free one", async () => {
    await withConfig("veraSeat", "full", async () => {
      const { json, code } = await stack.previewJson();
      expect(code).toBe(0);
      const review = await reviewOf(json);
      for (const vera of VERAS) expect(review).toContain(`- **${vera}**\n  - Models seat viewer → full\n`);
      const failed = await stack.failing("up");
      expect(failed.log).toMatch(/Seat limit reached/);
      expect(failed.log).toMatch(/\d+ active users of the organization hold a full Models seat \(or may: W&B does not always show it\)\. To free one, set modelsSeat: "viewer" or "none"/);
    });
    for (const vera of VERAS) expect(await heldUser(vera)).toMatchObject({ modelsSeat: "viewer" });
  });

  it("getUsers({ inactiveForDays }) finds the people not active in that many days, never active included, through each door", async () => {
    await setActivity("vera-dynamic", daysAgo(120));
    await setActivity("vera-plugin", daysAgo(45));
    await setActivity("admin", daysAgo(2));
    await setActivity("member", daysAgo(31));
    // second-admin has never been active.
    const { outputs } = await withConfig("inactiveForDays", "30,90", () => stack.up());
    for (const door of ["Dynamic", "Plugin"]) {
      expect(outputs[`inactiveThrough${door}`]).toEqual({
        30: ["member", "second-admin", "vera-dynamic", "vera-plugin"],
        90: ["second-admin", "vera-dynamic"],
      });
    }
  });

  it("plans a change of a team's bucket as a replacement, the old team first", async () => {
    const steps = await withConfig("bucketPath", "lab/v2", () => stack.previewSteps());
    for (const door of DOORS) {
      const lab = steps.filter((step) => step.name === `lab-${door}`);
      expect(lab.map((step) => step.op)).toEqual(["delete-replaced", "replace", "create-replacement"]);
      expect(lab.find((step) => step.op === "replace")?.diffs).toEqual(["storageBucket"]);
    }
  });
});
