// Bringing an organization made by hand under code, through the real engine: export it, adopt the
// roster with `up` (not one write), refresh, preview no change, and export it again to the same file.
// On W&B's documented wire; where a service shows roles, the export writes them
// (test/cli/export.test.ts) and each role assignment adopts and refreshes them as W&B holds them
// (test/provider/resources/role-adoption.test.ts), in-process.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { closeAllPools } from "../../service";
import { readLog, resetLog } from "../../scripts/emulator-api";
import { emulatorConfig, installedPackage, openStack, type StackHandle } from "../support/pulumi";
import { exportEnvironment, runCommand, scratchFolder } from "../support/export-command";
import { organizationMadeByHand } from "../support/organization-by-hand";

describe("export, then adopt the roster with no write", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let folder: string;
  let exported: string;

  const exportRoster = async (file: string) => {
    const run = await runCommand(["export", "--roster", file], exportEnvironment(emulator), folder);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    return readFileSync(path.join(folder, file), "utf8");
  };

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: organizationMadeByHand(), userRolesOnGet: "omitted" });
    folder = scratchFolder();
    exported = await exportRoster("roster.yaml");
    const wandb = installedPackage();
    const roster = path.join(folder, "roster.yaml");
    stack = await openStack(
      {
        projectName: "export-adopt",
        inline: async () => {
          const org = new wandb.Organization("acme", { roster, adoptExisting: true });
          return { userIds: org.userIds, teamIds: org.teamIds };
        },
      },
      { config: emulatorConfig(emulator) },
    );
  });

  afterAll(async () => {
    await stack?.dispose();
    await closeAllPools();
    await emulator?.close();
  });

  it("adopts every object with up, sending only reads", async () => {
    await resetLog(emulator);
    const result = await stack.up();
    // The stack, the Organization and its guard record; 5 users, 3 teams, 2 custom roles.
    expect(result.changes).toEqual({ create: 1 + 1 + 1 + 5 + 3 + 2 });
    const log = await readLog(emulator);
    expect(log.counters.writes).toBe(0);
    expect(Object.keys(log.counters.byMethod)).toEqual(["GET"]);
    expect(Object.keys(result.outputs["userIds"] as object).sort()).toEqual(["admin", "ana", "Bo.Chen", "breakglass-admin", "cy"].sort());
  });

  it("refreshes and previews no change, with no write", async () => {
    await resetLog(emulator);
    await stack.refresh();
    expect(await stack.previewSteps()).toEqual([]);
    expect((await readLog(emulator)).counters.writes).toBe(0);
  });

  it("exports the same file again", async () => {
    expect(await exportRoster("again.yaml")).toBe(exported);
  });
});

describe("export --admins, then adopt: the roster names its admins and adopting it still sends no write (documented wire)", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let roster: string;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: organizationMadeByHand(), userRolesOnGet: "omitted" });
    const folder = scratchFolder();
    const run = await runCommand(["export", "--roster", "roster.yaml", "--admins", "breakglass-admin"], exportEnvironment(emulator), folder);
    expect(run.code).toBe(0);
    roster = path.join(folder, "roster.yaml");
    const wandb = installedPackage();
    stack = await openStack(
      { projectName: "export-admins-adopt", inline: async () => void new wandb.Organization("acme", { roster, adoptExisting: true }) },
      { config: emulatorConfig(emulator) },
    );
  });

  afterAll(async () => {
    await stack?.dispose();
    await closeAllPools();
    await emulator?.close();
  });

  it("adopts the roster with its admins declared, sending only reads; then previews no change", async () => {
    expect(readFileSync(roster, "utf8")).toContain("  - userName: breakglass-admin\n    email: breakglass@example.com\n    displayName: Break glass\n    organizationRole: admin  # listed by --admins\n");
    await resetLog(emulator);
    await stack.up();
    expect((await readLog(emulator)).counters.writes).toBe(0);
    await stack.refresh();
    expect(await stack.previewSteps()).toEqual([]);
    expect((await readLog(emulator)).counters.writes).toBe(0);
  });
});
