// A first adoption of an organization may skip the engine's checkpoints (PULUMI_SKIP_CHECKPOINTS,
// see the README's Performance section) because it is idempotent: it writes nothing, and every
// object is taken over again by equality. Shown through the real engine: the CLI killed (SIGKILL)
// mid-adoption, then the adoption run again, sends no write and converges.
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { closeAllPools } from "../../service";
import { readLog, readState, resetLog } from "../../scripts/emulator-api";
import { handMadeOrganization } from "../../scripts/bench/hand-made-organization";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { exportEnvironment, runCommand, scratchFolder } from "../support/export-command";
import { backendLocks, poll, restoreTornCheckpoint, startUp } from "../support/interrupted-run";

const SIZE = { users: 150, teams: 8, teamSize: 20, roles: 5 };
/** Resources the killed run has reported created: far enough in that it was adopting, far from the end. */
const CREATED_BEFORE_KILL = 30;

const createdSoFar = (output: string) => output.match(/\bcreated\b/g)?.length ?? 0;

describe("an adoption killed mid-run with checkpoints skipped, then run again", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: handMadeOrganization(SIZE) });
    const folder = scratchFolder();
    expect((await runCommand(["export", "--roster", "roster.yaml"], exportEnvironment(emulator), folder)).code).toBe(0);
    const roster = path.join(folder, "roster.yaml");
    // A program folder, which the CLI itself runs (as a user's terminal does).
    stack = await openStack(
      { dir: path.join(repoRoot, "test", "programs", "adopt-roster") },
      { config: { ...emulatorConfig(emulator), "adopt-roster:roster": { value: roster } }, env: { PULUMI_SKIP_CHECKPOINTS: "true" } },
    );
  });

  afterAll(async () => {
    await stack?.dispose();
    await closeAllPools();
    await emulator?.close();
  });

  it("the killed run wrote nothing; the next one sends no write and converges", async () => {
    await resetLog(emulator);
    const cli = startUp(stack);
    const output = await poll(cli.output, (printed) => createdSoFar(printed) >= CREATED_BEFORE_KILL, 120_000);
    expect(createdSoFar(output), `the run never got going; the CLI said:\n${output}`).toBeGreaterThanOrEqual(CREATED_BEFORE_KILL);
    await cli.kill();
    expect(cli.output(), "the run ended before it was killed").not.toMatch(/Resources:\s*\n\s*\+ \d+ created/);
    expect((await readLog(emulator)).counters.writes).toBe(0);

    // What a user does after a kill: a torn checkpoint put back, the lock dropped.
    restoreTornCheckpoint(stack.scratch, "test");
    if (backendLocks(stack).length > 0) await stack.stack.cancel();
    // Checkpoints skipped: the state holds nothing of the killed run, though it had created many.
    const recorded = ((await stack.exportState()) as { resources?: { type: string }[] }).resources ?? [];
    expect(recorded.filter((resource) => resource.type !== "pulumi:pulumi:Stack")).toEqual([]);

    await resetLog(emulator);
    const again = await stack.up();
    expect((await readLog(emulator)).counters.writes).toBe(0);

    // Every user of the service is in the outputs under its SCIM id: each object taken over exactly once.
    const users = (await readState(emulator)).users as { id: string; userName: string }[];
    expect(again.outputs["userIds"]).toEqual(Object.fromEntries(users.map((user) => [user.userName, user.id])));
    expect(await stack.previewSteps()).toEqual([]);
    expect((await readLog(emulator)).counters.writes).toBe(0);
  });
});
