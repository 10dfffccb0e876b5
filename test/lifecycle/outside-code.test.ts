// The whole organization in view, through the real engine, on the dynamic door: the steps of
// test/support/outside-code-steps.ts (the native door runs them from Python in
// outside-code-python.test.ts); then `usersFrom: idp`: a declared user W&B does not list is
// reported and never POSTed.
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { readLog, readState, resetLog } from "../../scripts/emulator-api";
import { describeOutsideCode, said, type HeldUser } from "../support/outside-code-steps";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";

const PROGRAM = path.join(repoRoot, "test", "programs", "outside-code");

describeOutsideCode("dynamic resources", PROGRAM);

describe("usersFrom: idp, through the engine", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stack = await openStack({ dir: PROGRAM }, { config: emulatorConfig(emulator) });
    const roster = {
      usersFrom: "idp",
      users: [
        { userName: "admin", email: "admin@acme.example", organizationRole: "admin" },
        { userName: "member", email: "member@acme.example" },
        { userName: "zed", email: "zed@acme.example" },
      ],
    };
    writeFileSync(path.join(stack.workDir, "roster.yaml"), stringify(roster));
  });
  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("reports a declared user W&B does not list, at up and at preview --refresh, and never POSTs it", async () => {
    await resetLog(emulator);
    const up = await stack.up();
    const missing = "user zed (zed@acme.example) is declared but not in W&B: the identity provider has not created it";
    expect(said(up.diagnostics)).toContain(missing);
    expect(said((await stack.preview({ refresh: true })).diagnostics)).toContain(missing);
    const { counters } = await readLog(emulator);
    expect(Object.entries(counters.byRoute).filter(([route]) => route.startsWith("POST") && route.includes("Users"))).toEqual([]);
    expect(((await readState(emulator)) as { users: HeldUser[] }).users.map((u) => u.userName)).not.toContain("zed");
  });
});
