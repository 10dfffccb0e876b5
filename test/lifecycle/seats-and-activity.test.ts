// Seats, activity and a team's own storage bucket through the real engine, on both doors, one stack
// each (test/programs/seats-and-activity, its `door` config choosing how it declares): a user with
// a viewer seat; activity that moves as people work, which a drift watch's refreshing preview never
// counts as a change.
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defaultSeed, startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorApi, readState } from "../../scripts/emulator-api";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";

const PROGRAM = path.join(repoRoot, "test", "programs", "seats-and-activity");

/** What the drift watch runs (examples/gitops/.github/workflows/drift.yml), after `--json`. */
const DRIFT_PREVIEW = ["--refresh", "--expect-no-changes", "--show-sames"];

const previewSteps = z.object({
  steps: z.array(z.object({ op: z.string(), urn: z.string(), oldState: z.object({ outputs: z.record(z.string(), z.unknown()).optional() }).nullish() })),
  changeSummary: z.record(z.string(), z.number()),
});

describe.each(["dynamic", "plugin"] as const)("seats and activity: %s door", (door) => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  const heldUser = async (userName: string) => {
    const state = (await readState(emulator)) as { users: { id: string; userName: string; modelsSeat: string }[] };
    const user = state.users.find((each) => each.userName === userName);
    if (!user) throw new Error(`the emulator holds no user ${userName}`);
    return user;
  };

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: defaultSeed() });
    stack = await openStack({ dir: PROGRAM }, { config: { ...emulatorConfig(emulator), door: { value: door } } });
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("creates a user with a viewer Models seat; the activity W&B reports later is no change to a drift watch's preview", async () => {
    await stack.up();
    const vera = await heldUser("vera");
    expect(vera.modelsSeat).toBe("viewer");

    await emulatorApi(emulator).control("PUT", `/users/${vera.id}/activity`, { daysActive: 42, lastActiveAt: "2026-11-20T14:32:10Z" });
    const { json, code } = await stack.previewJson(DRIFT_PREVIEW);
    expect(code, json.slice(-2000)).toBe(0);
    const preview = previewSteps.parse(JSON.parse(json));
    expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
    // The refreshed state, which the plan starts from, holds the activity: the drift review reads it there.
    const planned = preview.steps.find((step) => step.op === "same" && step.urn.endsWith("::vera"));
    expect(planned?.oldState?.outputs).toMatchObject({ daysActive: 42, lastActiveAt: "2026-11-20T14:32:10Z" });
  });
});
