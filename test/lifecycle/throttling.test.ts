// At scale the service throttles and connections drop. Through the real engine, the 34-resource
// program must still converge: 429s and 503s retried (Retry-After honoured), the concurrency
// limit respected, and creates whose answer was lost reconciled instead of duplicated.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, openStack, type StackHandle } from "../support/pulumi";
import { emulatorApi, type EmulatorApi } from "../../scripts/emulator-api";
import { organizationProgram } from "../programs/organization";

interface Log {
  requests: { method: string; status: number }[];
  maxInFlight: number;
}

describe("an organization applied while the service throttles and drops connections", () => {
  let emulator: RunningEmulator;
  let api: EmulatorApi;
  let stack: StackHandle;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    api = emulatorApi(emulator);
    const seedTeam = ((await api.control("GET", "/state")) as { teams: { id: string; displayName: string }[] }).teams.find(
      (team) => team.displayName === "seed-team",
    );
    stack = await openStack(
      { projectName: "organization", inline: organizationProgram },
      {
        config: {
          ...emulatorConfig(emulator),
          "organization:seedTeamId": { value: seedTeam?.id ?? "" },
          "wandb:maxConcurrency": { value: "4" },
          // A quarter of the attempts fail at random: with the default budget (4 retries) one request
          // in a few hundred runs out of retries, so some run of ~40 writes would fail now and then.
          // What is shown here is convergence without a duplicate, not the default budget.
          "wandb:maxRetries": { value: "8" },
        },
      },
    );
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("creates everything exactly once", async () => {
    await api.control("PUT", "/faults", {
      concurrencyLimit: 3,
      latency: { fixedMs: 5, jitterMs: 10 },
      errorRates: { "429": 0.15, "503": 0.1 },
      retryAfterSeconds: 0,
      seed: 7,
      // The user is created, then the connection drops before the answer: the provider must find it, not post it twice.
      dropNext: [{ method: "POST", pathPrefix: "/scim/Users", count: 3 }],
    });
    await api.control("DELETE", "/log");

    const result = await stack.up();
    expect(result.changes).toEqual({ create: 34 });

    const log = (await api.control("GET", "/log")) as Log;
    expect(log.requests.filter((request) => request.status === 429 || request.status === 503).length).toBeGreaterThan(0);
    // maxConcurrency 4 in the provider; the emulator turned away what went over its own limit of 3.
    expect(log.maxInFlight).toBeLessThanOrEqual(4);
    await api.control("DELETE", "/faults");

    const users = ((await api.control("GET", "/state")) as { users: { userName: string }[] }).users.map((user) => user.userName);
    const declared = users.filter((name) => /^user\d\d$/.test(name));
    expect(declared).toHaveLength(22);
    expect(new Set(declared).size).toBe(22);
  });

  it("then previews no change", async () => {
    expect((await stack.preview()).changes).toEqual({ same: 34 });
  });

  it("and destroys cleanly", async () => {
    expect((await stack.destroy()).changes).toEqual({ delete: 34 });
  });
});
