// examples/yaml-org as it is, a `runtime: yaml` program, through the real engine, the real YAML
// language host (pulumi-language-yaml, built by scripts/setup.sh from the Go module proxy) and the
// native plugin, against the emulator: up, a refresh that finds nothing changed, a preview with no
// change, destroy.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, LET_REMOVALS_THROUGH, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { heldUser, readState } from "../../scripts/emulator-api";

// The stack, 2 users, 1 custom role, 1 team, 1 organization role assignment; and the Organization
// of roster.yaml with its 2 users, 1 team, 1 team role and its record of the roster (RosterGuard).
const RESOURCES = 12;
const ELF_MAGIC = "\x7fELF";

describe("examples/yaml-org", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let userIds: Record<string, string>;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stack = await openStack({ dir: path.join(repoRoot, "examples", "yaml-org") }, { config: emulatorConfig(emulator) });
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  /** The userNames of a team's members, as the emulator holds them. */
  async function membersOf(team: string): Promise<string[]> {
    const state = (await readState(emulator)) as { teams: { displayName: string; members: { user?: string }[] }[] };
    return (state.teams.find((held) => held.displayName === team)?.members ?? []).flatMap((member) => (member.user ? [member.user] : [])).sort();
  }

  it("runs on the real YAML host: a compiled executable, not a stand-in script", () => {
    const host = readFileSync(path.join(repoRoot, ".tools", "bin", "pulumi-language-yaml"));
    expect(host.subarray(0, 4).toString("latin1")).toBe(ELF_MAGIC);
  });

  it("creates users, a team, a custom role, a role assignment and the roster's Organization, and reads the models", async () => {
    const result = await stack.up();
    expect(result.changes).toEqual({ create: RESOURCES });
    userIds = result.outputs["userIds"] as Record<string, string>;
    expect(Object.keys(userIds).sort()).toEqual(["ines", "jon"]);
    expect([...(result.outputs["evaluationMemberIds"] as string[])].sort()).toEqual(Object.values(userIds).sort());
    expect(result.outputs["runCleanerPermissions"]).toEqual(["run:delete"]);
    expect((result.outputs["inferenceModels"] as string[]).length).toBeGreaterThan(0);
    expect(Object.keys(result.outputs["rosterUserIds"] as Record<string, string>).sort()).toEqual(["lena", "milo"]);

    expect(await heldUser(emulator, userIds["jon"]!)).toMatchObject({ userName: "jon", organizationRole: "Run cleaner" });
    expect(await heldUser(emulator, userIds["ines"]!)).toMatchObject({ userName: "ines", organizationRole: "admin" });
    expect(await membersOf("evaluation")).toEqual(["ines", "jon"]);
    expect(await membersOf("speech")).toEqual(["lena", "milo"]);
  });

  it("refreshes without finding a change, and then previews none", async () => {
    const refreshed = await stack.refresh();
    expect(refreshed.changes).toEqual({ same: RESOURCES });
    expect((await stack.preview()).changes).toEqual({ same: RESOURCES });
  });

  it("destroys everything it created, the roster's removals let through for that run as the guard rails ask", async () => {
    expect((await stack.withEnv(LET_REMOVALS_THROUGH, () => stack.destroy())).changes).toEqual({ delete: RESOURCES });
    for (const id of Object.values(userIds)) await expect(heldUser(emulator, id)).rejects.toThrow(/404/);
    expect(await membersOf("speech")).toEqual([]);
  });
});
