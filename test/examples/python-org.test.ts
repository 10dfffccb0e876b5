// examples/python-org as it is, a Python program on the generated pulumi_wandb SDK, through the
// real engine, the Python language host and the native plugin, against the emulator: up; changes
// made outside Pulumi found by refresh, shown by preview (which writes nothing) and repaired by up; a
// check failure that reads as it does from TypeScript (test/lifecycle/bad-inputs.test.ts); destroy.
// A 412 is the plugin's, whatever the program's language: test/lifecycle/native-plugin.test.ts.
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, LET_REMOVALS_THROUGH, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { emulatorApi, heldUser, readState } from "../../scripts/emulator-api";
import { reviewOf } from "../support/review";

const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

// The stack, 4 users, 1 custom role, 2 teams, 2 team members, one assignment of each kind; and the
// Organization of roster.yaml with its 4 users, 1 custom role, 2 teams, 1 organization, 2 team and 1 registry role,
// and its record of the roster (RosterGuard).
const RESOURCES = 26;

describe("examples/python-org", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let userIds: Record<string, string>;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stack = await openStack({ dir: path.join(repoRoot, "examples", "python-org") }, { config: emulatorConfig(emulator) });
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  const scim = (method: string, resource: string, body?: unknown) => emulatorApi(emulator).scim(method, resource, body);
  const replaceDisplayName = (userId: string, value: string) =>
    scim("PATCH", `/Users/${userId}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", path: "displayName", value }] });

  /** The userNames of a team's members, as the emulator holds them. */
  async function membersOf(team: string): Promise<string[]> {
    const state = (await readState(emulator)) as { teams: { displayName: string; members: { user?: string }[] }[] };
    return (state.teams.find((held) => held.displayName === team)?.members ?? []).flatMap((member) => (member.user ? [member.user] : [])).sort();
  }

  async function userNamesHeld(): Promise<string[]> {
    const state = (await readState(emulator)) as { users: { userName: string }[] };
    return state.users.map((user) => user.userName).sort();
  }

  /** Changes the copy of the program the stack runs, as its author would edit __main__.py. */
  function editProgram(from: string, to: string): void {
    const file = path.join(stack.workDir, "__main__.py");
    const source = readFileSync(file, "utf8");
    expect(source.split(from), `__main__.py has "${from}" once`).toHaveLength(2);
    writeFileSync(file, source.replace(from, to));
  }

  it("previews the organization without writing to it", async () => {
    expect((await stack.preview()).changes).toEqual({ create: RESOURCES });
    expect(await userNamesHeld()).toEqual(["admin", "member", "second-admin"]);
  });

  it("creates users, teams and their members, a custom role and an assignment of each kind", async () => {
    const result = await stack.up();
    expect(result.changes).toMatchObject({ create: RESOURCES });
    userIds = result.outputs["user_ids"] as Record<string, string>;
    expect(Object.keys(userIds)).toEqual(["alice", "bob", "carol", "dan"]);
    expect([...(result.outputs["ml_platform_member_ids"] as string[])].sort()).toEqual([userIds["alice"], userIds["bob"]].sort());
    expect(result.outputs["run_operator_permissions"]).toEqual(["project:update", "run:delete"]);
    expect((result.outputs["inference_models"] as string[]).length).toBeGreaterThan(0);
    const rosterIds = result.outputs["roster_user_ids"] as Record<string, string>;
    expect(Object.keys(rosterIds).sort()).toEqual(["erin", "frank", "grace", "heidi"]);
    expect(await heldUser(emulator, rosterIds["grace"]!)).toMatchObject({ userName: "grace", organizationRole: "Sweep runner" });
    expect(await membersOf("nlp")).toEqual(["grace", "heidi"]);

    expect(await membersOf("research")).toEqual(["carol", "dan"]);
    const [alice, bob, carol] = await Promise.all(["alice", "bob", "carol"].map((name) => heldUser(emulator, userIds[name]!)));
    expect(carol.organizationRole).toBe("Run operator");
    expect(bob.teamRoles).toContainEqual(expect.objectContaining({ teamName: "ml-platform", roleName: "admin" }));
    expect(alice.registryRoles).toContainEqual({ registryName: "models", roleName: "admin" });
  });

  it("finds changes made outside Pulumi at refresh, shows them at preview, and up repairs them", async () => {
    // The drift watch's preview: the stack's standalone resources are outside its roster, but code, not news.
    const drift = await stack.previewJson(["--refresh", "--expect-no-changes"]);
    expect(drift.code, drift.json.slice(-1500)).toBe(0);
    await replaceDisplayName(userIds["alice"]!, "Changed By Hand");
    const research = String((await stack.stack.outputs())["research_id"]!.value);
    await scim("PATCH", `/Groups/${research}`, { schemas: [PATCH_OP], Operations: [{ op: "remove", path: `members[value eq "${userIds["dan"]}"]` }] });

    const refreshed = await stack.refresh();
    expect(refreshed.changes["update"]).toBeGreaterThanOrEqual(1);
    expect(refreshed.changes["delete"]).toBe(1);
    const steps = (await stack.previewSteps()).sort((a, b) => a.name.localeCompare(b.name));
    // The roster's record reports the stack's standalone resources as outside its roster, but not as
    // news: made after its first write, they were found held by this stack at this refresh.
    expect(steps).toEqual([
      { op: "update", name: "alice", diffs: ["displayName"] },
      { op: "create", name: "dan-in-research", diffs: [] },
    ]);
    // Previewing the repair is not making it.
    expect(await scim("GET", `/Users/${userIds["alice"]}`)).toMatchObject({ displayName: "Changed By Hand" });
    expect(await membersOf("research")).toEqual(["carol"]);

    await stack.up();
    expect(await scim("GET", `/Users/${userIds["alice"]}`)).toMatchObject({ displayName: "Alice Ng" });
    expect(await membersOf("research")).toEqual(["carol", "dan"]);
    expect(await stack.previewSteps()).toEqual([]);
  });

  it("reviews a roster change touching every kind of access from the native door's preview --json, and a refusal", async () => {
    const file = path.join(stack.workDir, "roster.yaml");
    const original = readFileSync(file, "utf8");
    const edit = (...replacements: [string, string][]) => {
      let source = original;
      for (const [from, to] of replacements) {
        expect(source.split(from), `roster.yaml has "${from}" once`).toHaveLength(2);
        source = source.replace(from, to);
      }
      writeFileSync(file, source);
    };
    try {
      edit(
        ["displayName: Erin Kowalski\n", "displayName: Erin Kowalski\n    organizationRole: admin\n"],
        ["    organizationRole: Sweep runner     # a custom role, declared under customRoles\n", ""],
        ["permissions: [run:stop]", "permissions: [run:stop, run:delete]"],
        ["members: [erin, frank, grace]\n    roles:\n      erin: admin", "members: [erin, frank, grace, ivan]\n    roles:\n      erin: viewer"],
        ["registryRoles:\n  - { user: frank, registry: models, role: viewer }", "registryRoles:\n  - { user: frank, registry: models, role: admin }\n  - { user: heidi, registry: datasets, role: viewer }"],
        ["users:\n", "users:\n  - { userName: ivan, email: ivan@example.com }\n"],
      );
      const { json, code } = await stack.previewJson();
      expect(code).toBe(0);
      const review = await reviewOf(json);
      for (const line of [
        "**Totals:** 5 people gain or lose access (1 joining the organization, 0 leaving it); 1 team with members added or removed; 1 custom role changed.",
        "- acme: passed: 2 organization admins in the roster (erin, heidi); wandb:minAdmins is 1",
        "- acme: passed: removes nobody; wandb:maxRemovalFraction is 25%",
        "- **erin**\n  - organization role member → admin\n  - team vision: role admin → viewer",
        "- **frank**\n  - registry models: role viewer → admin",
        "- **grace**\n",
        "  - loses organization role Sweep runner (custom role), back to member",
        "- **heidi**\n  - registry datasets: gains role viewer",
        "- **ivan**\n  - joins the organization as member\n  - joins team vision",
        "- **vision**: added ivan",
        "- **Sweep runner**: permissions added run:delete",
      ]) {
        expect(review).toContain(line);
      }

      // Two of vision's three members out: refused at preview, and the review says so.
      edit(["members: [erin, frank, grace]", "members: [erin]"]);
      const refused = await stack.previewJson();
      expect(refused.code).not.toBe(0);
      expect(await reviewOf(refused.json)).toContain(
        'Organization "acme": this change removes 2 of 3 members of team vision (67%): frank, grace; more than wandb:maxRemovalFraction (25%) allows.',
      );
    } finally {
      writeFileSync(file, original);
    }
  });

  it("fails the preview on a malformed email, naming the property, as from TypeScript", async () => {
    editProgram('email=f"{prefix}{name}@{domain}"', 'email=f"{prefix}{name}.{domain}"');
    try {
      const failed = await stack.failing("preview");
      const messages = failed.diagnostics.filter((d) => d.severity === "error").map((d) => d.message).join("\n");
      expect(messages).toContain("property email ");
      expect(messages).toMatch(/email address/i);
      // The message and nothing else: no traceback of the interrupt that ends the program.
      expect(failed.log).not.toMatch(/Traceback|KeyboardInterrupt/);
    } finally {
      editProgram('email=f"{prefix}{name}.{domain}"', 'email=f"{prefix}{name}@{domain}"');
    }
  });

  it("destroys everything it created, saying under each team that it was emptied and stays in W&B", async () => {
    // Emptying the roster's teams and deleting its users are removals the guard rails let through only when meant.
    const destroyed = await stack.withEnv(LET_REMOVALS_THROUGH, () => stack.destroy());
    expect(destroyed.changes).toMatchObject({ delete: RESOURCES });
    // The plugin's notice reaches the CLI through the engine's log, attached to the team it is about.
    expect(destroyed.log).toMatch(/team "ml-platform" \(id [^)]+\) was emptied: \d+ member\(s\) removed/);
    expect(destroyed.diagnostics).toContainEqual({
      severity: "info",
      message: expect.stringMatching(/^team "ml-platform" \(id [^)]+\) was emptied/),
      urn: expect.stringMatching(/::wandb:index:Team::ml-platform$/),
    });
    for (const id of Object.values(userIds)) await expect(scim("GET", `/Users/${id}`)).rejects.toThrow(/404/);
  });
});
