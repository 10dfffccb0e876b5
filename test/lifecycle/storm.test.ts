// A storm of faults through the real engine: 100 users and 5 teams of 20 (six times the provider's 16
// requests at once) while a quarter or more of the requests fail (429, 500, 503) or are applied and
// their answers lost. Once the faults stop, one `pulumi up` converges, with no refresh: no duplicate,
// no orphan, exact memberships.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSeed, startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, installedPackage, openStack, type StackHandle } from "../support/pulumi";
import { clearFaults, readLog, readState, resetLog, setFaults } from "../../scripts/emulator-api";

const USERS = 100;
const TEAMS = 5;
const userName = (i: number) => `storm-${String(i).padStart(3, "0")}`;
const teamName = (t: number) => `storm-team-${t}`;

interface StackResource {
  type: string;
  id?: string;
  outputs?: Record<string, unknown>;
}

describe("a fault storm converges in one up once the faults stop", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: { ...defaultSeed(), seats: USERS + 100 } });
    const wandb = installedPackage();
    stack = await openStack(
      {
        projectName: "storm",
        inline: async () => {
          const users = Array.from({ length: USERS }, (_, i) => new wandb.User(userName(i), { userName: userName(i), email: `${userName(i)}@example.com` }));
          for (let t = 0; t < TEAMS; t++) {
            new wandb.Team(teamName(t), { name: teamName(t), members: users.slice(t * 20, t * 20 + 20).map((user) => user.id) });
          }
        },
      },
      { config: { ...emulatorConfig(emulator), "wandb:maxConcurrency": { value: "16" } } },
    );
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("makes no duplicate and no orphan, and leaves exact memberships", async () => {
    const started = Date.now();
    await setFaults(emulator, { errorRates: { "429": 0.1, "500": 0.1, "503": 0.1 }, dropRate: 0.15, retryAfterSeconds: 0, seed: 11 });
    // One retry only, so that the storm leaves work undone (lost answers, failed creates and
    // memberships) for the next up, as a harsher storm would with the default retries.
    await stack.stack.setConfig("wandb:maxRetries", { value: "1" });
    // Three ups under the storm, as a team would try again; each stops at its first failure.
    const stormy: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) stormy.push(await stack.up().then(() => "succeeded", () => "failed"));
    const stormLog = await readLog(emulator);
    const faulted = stormLog.requests.filter((r) => r.status === 0 || r.status === 429 || r.status >= 500).length;
    expect(faulted / stormLog.counters.total).toBeGreaterThanOrEqual(0.25);
    expect(stormy).toContain("failed");
    await clearFaults(emulator);
    await stack.stack.removeConfig("wandb:maxRetries");
    await resetLog(emulator);

    const converged = await stack.up();
    const converging = await readLog(emulator);
    expect((await stack.preview()).changes).toEqual({ same: USERS + TEAMS + 1 });

    const held = (await readState(emulator)) as { users: { id: string; userName: string }[]; teams: { id: string; displayName: string; members: ({ user: string } | { serviceAccount: string })[] }[] };
    const stormUsers = held.users.filter((u) => u.userName.startsWith("storm-"));
    expect(stormUsers.map((u) => u.userName).sort()).toEqual(Array.from({ length: USERS }, (_, i) => userName(i)));
    const deployment = (await stack.exportState()) as { resources: StackResource[] };
    const recorded = new Set(deployment.resources.map((r) => r.id));
    for (const user of stormUsers) expect(recorded, user.userName).toContain(user.id);
    const stormTeams = held.teams.filter((team) => team.displayName.startsWith("storm-team-"));
    expect(stormTeams).toHaveLength(TEAMS);
    for (const team of stormTeams) {
      expect(recorded, team.displayName).toContain(team.id);
      const t = Number(team.displayName.slice("storm-team-".length));
      const members = team.members.flatMap((m) => ("user" in m ? [m.user] : [])).sort();
      expect(members, team.displayName).toEqual(Array.from({ length: 20 }, (_, i) => userName(t * 20 + i)).sort());
    }
    console.log(
      `storm: faulted ups ${stormy.join(", ")}; ${stormLog.counters.total} requests, ${faulted} faulted (${Math.round((100 * faulted) / stormLog.counters.total)}%); ` +
        `converging up: ${JSON.stringify(converged.changes)}, ${converging.counters.total} requests; ${Math.round((Date.now() - started) / 1000)} s in all`,
    );
  });
});
