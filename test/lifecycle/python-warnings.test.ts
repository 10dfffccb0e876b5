// What the native plugin tells a Python user, through the real engine, the Python language host
// stand-in and the generated pulumi_wandb SDK: each notice of the core is shown by the CLI (the
// plugin sends it through the engine's log, attached to its resource: a check's warning, whatever
// the program's language, in set-diff.test.ts), and a failed lookup reads as the real
// pulumi-language-python shows any unhandled exception.
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSeed, startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { clearFaults, readState, setFaults } from "../../scripts/emulator-api";
import { poll, recoverFromKill, startUp } from "../support/interrupted-run";
import { warningsNaming } from "../support/warnings";
import { parseUrn } from "../../model/urn";

const PROJECT = "python-warnings";
const CREW = 6;

interface Deployment {
  resources?: { urn: string; type: string }[];
}

describe("a Python program on the native plugin", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  const setConfig = (key: string, value: string) => stack.stack.setConfig(`${PROJECT}:${key}`, { value });
  const removeConfig = (key: string) => stack.stack.removeConfig(`${PROJECT}:${key}`);

  beforeAll(async () => {
    // A person made the user, the team and the role exactly as the program declares them.
    const seed = defaultSeed();
    emulator = await startEmulator({
      port: 0,
      seed: {
        ...seed,
        users: [...seed.users, { userName: "hand", displayName: "Hand Made", email: "hand@example.com" }],
        teams: [...(seed.teams ?? []), { displayName: "research", members: [] }],
        roles: [...(seed.roles ?? []), { name: "Operator", description: "Members who may stop runs", inheritedFrom: "member", permissions: ["run:stop"] }],
      },
    });
    stack = await openStack({ dir: path.join(repoRoot, "test", "programs", PROJECT) }, { config: emulatorConfig(emulator), checkpointEachStep: true });
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("takes over a person's user, team and role equal to the declarations, saying so under each", async () => {
    const result = await stack.up();
    expect(result.changes).toMatchObject({ create: 4 });
    for (const name of ["hand", "research", "operator"]) {
      const warnings = warningsNaming(result.diagnostics, name);
      expect(warnings.map((d) => d.message).join("\n"), `no warning under ${name}:\n${result.log}`).toMatch(/taken over/);
    }
    // The CLI's own output shows them too, as a user reads it.
    expect(result.log).toMatch(/warning: .*user "hand" already existed in W&B/);
  });

  it("after a killed run, takes over what its creates left, saying so under each", async () => {
    await setConfig("crew", String(CREW));
    const crewInService = async () => ((await readState(emulator)).users as { userName: string }[]).filter((user) => user.userName.startsWith("crew"));
    // Each crew POST is applied and its answer lost, and every request takes this long: when a
    // crew member is in the service, its create is still looking it up, unrecorded, as the CLI dies.
    await setFaults(emulator, { latency: { fixedMs: 1_000 }, dropNext: [{ method: "POST", pathPrefix: "/scim/Users", count: CREW }] });
    const cli = startUp(stack);
    const landed = await poll(crewInService, (users) => users.length >= 2, 60_000);
    expect(landed.length, `no create reached the service; the CLI said:\n${cli.output()}`).toBeGreaterThanOrEqual(2);
    await cli.kill();
    await clearFaults(emulator);
    await recoverFromKill(stack);

    const recorded = new Set((((await stack.exportState()) as Deployment).resources ?? []).map((resource) => parseUrn(resource.urn).name));
    const unrecorded = (await crewInService()).map((user) => user.userName).filter((name) => !recorded.has(name));
    expect(unrecorded.length).toBeGreaterThan(0);
    const result = await stack.up();
    for (const name of unrecorded) {
      expect(warningsNaming(result.diagnostics, name).map((d) => d.message).join("\n"), `no warning under ${name}:\n${result.log}`).toMatch(/taken over/);
    }
    expect((await crewInService()).map((user) => user.userName).sort()).toEqual(Array.from({ length: CREW }, (_, i) => `crew${String(i).padStart(2, "0")}`));
  });

  it("shows a failed lookup as the Python host shows an unhandled exception: from the program's own line, nothing of the executor", async () => {
    await setConfig("lookUpNobody", "true");
    try {
      const failed = await stack.failing("preview");
      const errors = failed.diagnostics.filter((d) => d.severity === "error").map((d) => d.message).join("\n");
      expect(errors).toMatch(/no user with userName "nobody"/i);
      expect(errors).toMatch(/Traceback \(most recent call last\):\n\s+File ".*__main__\.py", line \d+/);
      expect(failed.log).not.toContain("run_program.py");
      expect(failed.log).not.toContain("KeyboardInterrupt");
    } finally {
      await removeConfig("lookUpNobody");
    }
  });

  it("says, on destroy, that the team stays in W&B, emptied, and how to delete it", async () => {
    const result = await stack.destroy();
    expect(result.log).toMatch(/team "research" \(id [^)]+\) was emptied: .*delete it in the W&B web application/);
  });
});
