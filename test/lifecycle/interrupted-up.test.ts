// A `pulumi up` whose CLI is killed (SIGKILL) while creates are in flight: nothing of the run may
// go on sending requests, and once the user does what Pulumi asks (`pulumi cancel` to drop the
// lock, `pulumi refresh --clear-pending-creates` for the creates whose outcome it never learnt),
// one `pulumi up` converges without adopting anything by hand.
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { clearFaults, readState, setFaults } from "../../scripts/emulator-api";
import { processesWithPulumiHome, type RunProcess } from "../../scripts/processes";
import { backendLocks, poll, restoreTornCheckpoint, startUp } from "../support/interrupted-run";
import { warningsNaming } from "../support/warnings";
import { parseUrn } from "../../model/urn";

const CREW = Array.from({ length: 20 }, (_, i) => `crew${String(i).padStart(2, "0")}`);
const isCrew = (userName: string) => CREW.includes(userName);

interface Deployment {
  resources?: { urn: string; type: string; id?: string }[];
  pending_operations?: { type: string; resource: { urn: string } }[];
}

const nameOf = (urn: string) => parseUrn(urn).name;

describe("an up whose CLI is killed while creates are in flight", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  const crewInService = async () =>
    ((await readState(emulator)).users as { id: string; userName: string }[]).filter((user) => isCrew(user.userName));
  const crewInState = async () =>
    ((await stack.exportState()) as Deployment).resources?.filter((r) => r.type === "pulumi-nodejs:dynamic/wandb:User") ?? [];
  const runProcesses = (): RunProcess[] => processesWithPulumiHome(path.join(stack.scratch, "home"));
  const locks = () => backendLocks(stack);

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stack = await openStack({ dir: path.join(repoRoot, "test", "programs", "crew") }, { config: emulatorConfig(emulator), checkpointEachStep: true });
  });
  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("leaves no process of the run alive", async () => {
    // Every request takes this long: when the CLI dies, creates are on their way to the service.
    await setFaults(emulator, { latency: { fixedMs: 1_000 } });
    const cli = startUp(stack);

    const landed = await poll(crewInService, (users) => users.length >= 3, 60_000);
    expect(landed.length, `no create reached the service; the CLI said:\n${cli.output()}`).toBeGreaterThanOrEqual(3);
    const running = runProcesses();
    // The CLI, the language host, the program and the provider process, at least.
    expect(running.length, JSON.stringify(running, null, 1)).toBeGreaterThanOrEqual(4);

    await cli.kill();
    const left = await poll(runProcesses, (processes) => processes.length === 0, 5_000);
    expect(left).toEqual([]);
  });

  it("converges in one up after cancel and refresh, taking over the creates that landed", async () => {
    await clearFaults(emulator);
    // The killed CLI left its lock: every operation would refuse to start. `pulumi cancel` drops it.
    expect(locks()).toHaveLength(1);
    restoreTornCheckpoint(stack.scratch, "test");
    await stack.stack.cancel();
    expect(locks()).toEqual([]);

    const interrupted = (await stack.exportState()) as Deployment;
    const pendingCreates = (interrupted.pending_operations ?? []).filter((op) => op.type === "creating");
    expect(pendingCreates.length).toBeGreaterThan(0);
    // Non-interactively, refresh drops pending creates only when told to (interactively it asks, per create).
    await stack.stack.refresh({ clearPendingCreates: true, color: "never" });
    expect(((await stack.exportState()) as Deployment).pending_operations ?? []).toEqual([]);

    const recorded = new Set((await crewInState()).map((resource) => nameOf(resource.urn)));
    // Creates of the killed run that the service applied but the engine never recorded.
    const unrecorded = (await crewInService()).map((user) => user.userName).filter((name) => !recorded.has(name));
    expect(unrecorded.length).toBeGreaterThan(0);

    const result = await stack.up();
    expect(result.changes["create"]).toBe(CREW.length - recorded.size);
    for (const name of unrecorded) {
      expect(warningsNaming(result.diagnostics, name), `no warning names ${name}, taken over from the interrupted run:\n${result.log}`).not.toEqual([]);
    }

    // Every declared user exactly once in the service, and in state as that very user.
    const inService = await crewInService();
    expect(inService.map((user) => user.userName).sort()).toEqual(CREW);
    const idByName = new Map(inService.map((user) => [user.userName, user.id]));
    const inState = await crewInState();
    expect(inState.map((resource) => nameOf(resource.urn)).sort()).toEqual(CREW);
    for (const resource of inState) expect(resource.id).toBe(idByName.get(nameOf(resource.urn)));

    expect((await stack.preview()).changes).toEqual({ same: CREW.length + 1 });
  });
});
