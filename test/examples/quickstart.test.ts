// examples/quickstart as it is, and what a new user tries early with it: `pulumi destroy`, then
// `pulumi up` again. The API cannot delete a team, so destroy empties it (deletionPolicy "empty");
// the next up must take that team over, with a warning, not fail with 409 on it. Twice, so that a
// team taken over is destroyed and taken over again.
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { heldUser, readState } from "../../scripts/emulator-api";
import { warningsNaming } from "../support/warnings";

const TEAM = "ml-platform";

interface HeldTeam {
  id: string;
  displayName: string;
  members: ({ user: string; role: string } | { serviceAccount: string })[];
}

describe("examples/quickstart", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let teamId: string;

  const teamsNamed = async (name: string) => ((await readState(emulator)).teams as HeldTeam[]).filter((team) => team.displayName === name);
  const userMembers = (team: HeldTeam | undefined) =>
    (team?.members ?? []).flatMap((member) => ("user" in member ? [member.user] : [])).sort();

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stack = await openStack({ dir: path.join(repoRoot, "examples", "quickstart") }, { config: emulatorConfig(emulator) });
  });
  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("creates users, a team, a custom role, assignments of each kind, and reads the models", async () => {
    const result = await stack.up();
    expect(result.changes).toEqual({ create: 9 });
    const userIds = result.outputs["userIds"] as Record<string, string>;
    expect(Object.keys(userIds)).toEqual(["alice", "bob", "carol"]);
    expect([...(result.outputs["teamMembers"] as string[])].sort()).toEqual(Object.values(userIds).sort());
    expect(result.outputs["inferenceModels"]).toHaveLength(6);
    expect(result.outputs["runOperatorPermissions"]).toEqual(["project:update", "run:delete"]);
    const carol = (await heldUser(emulator, userIds["carol"] ?? "")) as { organizationRole: string };
    expect(carol.organizationRole).toBe("Run operator");
    const [team] = await teamsNamed(TEAM);
    teamId = team?.id ?? "";
    expect(userMembers(team)).toEqual(["alice", "bob", "carol"]);
  });

  it("previews no change", async () => {
    expect((await stack.preview()).changes).toEqual({ same: 9 });
  });

  for (const round of ["once", "twice"]) {
    it(`destroyed, then up again (${round}): the team destroy emptied is taken over, with a warning`, async () => {
      expect((await stack.destroy()).changes).toEqual({ delete: 9 });
      const emptied = await teamsNamed(TEAM);
      expect(emptied.map((team) => team.id)).toEqual([teamId]);
      expect(userMembers(emptied[0])).toEqual([]);

      const result = await stack.up();
      expect(result.changes).toEqual({ create: 9 });
      expect(warningsNaming(result.diagnostics, TEAM), `no warning names the team taken over:\n${result.log}`).not.toEqual([]);
      const again = await teamsNamed(TEAM);
      expect(again.map((team) => team.id)).toEqual([teamId]);
      expect(userMembers(again[0])).toEqual(["alice", "bob", "carol"]);
    });
  }
});
