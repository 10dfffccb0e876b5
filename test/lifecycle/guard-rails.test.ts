// The guard rails and the access review through the real engine (dynamic resources; the native
// door's review is in test/examples/python-org.test.ts): each guard refuses at preview, and an `up`
// refused writes nothing; a team losing 30% is refused, 20% is not, and the one-run override lets
// the 30% through an up. That the three overrides together let the refused change through the
// record's check is shown in process (test/provider/resources/roster-guard-overrides.test.ts).
// Then `pulumi-wandb review` on the CLI's `pulumi preview --json` of a roster change touching every
// kind of access, and on `pulumi preview --refresh --json` after changes made outside code.
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorApi, readLog, readState, resetLog } from "../../scripts/emulator-api";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { reviewOf } from "../support/review";

const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const ten = Array.from({ length: 10 }, (_, i) => `u${i}`);

interface RosterUser {
  userName: string;
  email: string;
  organizationRole?: string;
}
interface Roster {
  users: RosterUser[];
  customRoles: { name: string; inheritedFrom: string; permissions: string[] }[];
  teams: { name: string; members: string[]; roles?: Record<string, string> }[];
  registryRoles: { user: string; registry: string; role: string }[];
}

/** Ten members in two teams of ten, two admins (one of them the user the provider acts as), a role of each kind. */
function baseRoster(self: RosterUser): Roster {
  return {
    users: [{ ...self }, { userName: "ada", email: "ada@acme.example", organizationRole: "admin" }, ...ten.map((u) => ({ userName: u, email: `${u}@acme.example` }))],
    customRoles: [{ name: "Operator", inheritedFrom: "member", permissions: ["run:delete"] }],
    teams: [
      { name: "research", members: [...ten], roles: { u4: "admin" } },
      { name: "vision", members: [...ten] },
      { name: "platform", members: ["ada", self.userName] },
    ],
    registryRoles: [{ user: "u5", registry: "models", role: "admin" }],
  };
}

describe("guard rails through the real engine", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let roster: Roster;
  let self: RosterUser;

  const write = (next: Roster) => {
    roster = next;
    writeFileSync(path.join(stack.workDir, "roster.yaml"), stringify(next));
  };
  const team = (name: string) => roster.teams.find((t) => t.name === name)!;
  const user = (name: string) => roster.users.find((u) => u.userName === name)!;
  const errorsOf = (diagnostics: { severity: string; message: string }[]) =>
    diagnostics.filter((d) => d.severity === "error").map((d) => d.message).join("\n");
  const membersHeld = async (teamName: string) => {
    const state = (await readState(emulator)) as { users: { id: string; userName: string }[]; teams: { displayName: string; members: { user?: string }[] }[] };
    const members = state.teams.find((t) => t.displayName === teamName)?.members ?? [];
    return members.flatMap((m) => (m.user ? [m.user] : [])).sort();
  };
  const withEnv = <T>(env: Record<string, string>, run: () => Promise<T>): Promise<T> => stack.withEnv(env, run);

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    const seeded = (await readState(emulator)) as { users: { userName: string; email: string }[] };
    const admin = seeded.users.find((u) => u.userName === emulator.admin.username)!;
    self = { userName: admin.userName, email: admin.email, organizationRole: "admin" };
    stack = await openStack({ dir: path.join(repoRoot, "test", "programs", "guarded-org") }, { config: emulatorConfig(emulator) });
    write(baseRoster(self));
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("creates the roster, taking over the user the provider acts as", async () => {
    const result = await stack.up();
    expect(result.changes["create"]).toBeGreaterThan(12);
    expect(await membersHeld("research")).toHaveLength(10);
  });

  it("refuses at preview, and an up before any write: 30% of a team, the last admins, the acting user; not 20% of a team", async () => {
    const next = baseRoster(self);
    next.teams[0]!.members = ten.slice(3); // research: u0, u1, u2 out of 10
    next.teams[1]!.members = ten.slice(2); // vision: u0, u1 out of 10
    for (const admin of [next.users[0]!, next.users[1]!]) delete admin.organizationRole;
    write(next);

    const preview = await stack.failing("preview");
    const errors = errorsOf(preview.diagnostics);
    expect(errors).toContain(
      'Organization "acme": this change removes 3 of 10 members of team research (30%): u0, u1, u2; more than wandb:maxRemovalFraction (25%) allows.',
    );
    expect(errors).toContain("`WANDB_MAX_REMOVAL_FRACTION=1 pulumi up`");
    expect(errors).toContain(
      `this change removes or demotes the admins ${["ada", self.userName].sort().join(", ")}, leaving 0 organization admins in the roster (none), fewer than wandb:minAdmins (1).`,
    );
    expect(errors).toContain("`WANDB_MIN_ADMINS=0 pulumi up`");
    expect(errors).toContain(`this change demotes ${self.userName}, the user the provider acts as (wandb:username)`);
    expect(errors).toContain("`WANDB_PROTECT_SELF=false pulumi up`");
    expect(errors).not.toContain("team vision");

    await resetLog(emulator);
    const up = await stack.failing("up");
    expect(errorsOf(up.diagnostics)).toContain("removes 3 of 10 members of team research (30%)");
    expect((await readLog(emulator)).counters.writes).toBe(0);
    expect(await membersHeld("research")).toHaveLength(10);
  });

  it("applies 20% of a team without an override, and 30% with it", async () => {
    const next = baseRoster(self);
    next.teams[1]!.members = ten.slice(2);
    write(next);
    await stack.up();
    expect(await membersHeld("vision")).toHaveLength(8);

    // The same 30% of research the previous test saw refused, now let through by its override.
    team("research").members = ten.slice(3);
    write(roster);
    await withEnv({ WANDB_MAX_REMOVAL_FRACTION: "0.3" }, () => stack.up());
    expect(await membersHeld("research")).toHaveLength(7);
    expect((await stack.preview()).changes).not.toHaveProperty("update");
  });

  it("reviews a roster change touching every kind of access, from the CLI's preview --json", async () => {
    const applied = structuredClone(roster);
    user("u6").organizationRole = "admin";
    user("u3").organizationRole = "Operator";
    roster.users.push({ userName: "dee", email: "dee@acme.example" });
    team("research").members.push("dee");
    team("research").roles = { u4: "viewer", dee: "Operator" };
    team("vision").members = team("vision").members.filter((m) => m !== "u8");
    roster.registryRoles = [{ user: "u5", registry: "models", role: "viewer" }, { user: "u7", registry: "datasets", role: "viewer" }];
    roster.customRoles[0]!.permissions.push("project:update");
    roster.users = roster.users.filter((u) => u.userName !== "u9");
    for (const t of roster.teams) t.members = t.members.filter((m) => m !== "u9");
    write(roster);

    const { json, code } = await stack.previewJson().finally(() => write(applied));
    expect(code).toBe(0);
    const review = await reviewOf(json);
    for (const line of [
      "## Access review",
      "**Totals:** 8 people gain or lose access (1 joining the organization, 1 leaving it); 2 teams with members added or removed; 1 custom role changed.",
      "- acme: passed: 3 organization admins in the roster (ada, admin, u6); wandb:minAdmins is 1",
      "- acme: passed: admin, the user the provider acts as, is kept as an admin",
      "- acme: passed: removes 1 of 12 users (8%): u9; wandb:maxRemovalFraction is 25%",
      "- acme: passed: removes 1 of 7 members of team research (14%): u9; wandb:maxRemovalFraction is 25%",
      "- acme: passed: removes 2 of 8 members of team vision (25%): u8, u9; wandb:maxRemovalFraction is 25%",
      "- **dee**\n  - joins the organization as member\n  - joins team research\n  - team research: gains role Operator",
      "- **u3**\n  - gains organization role Operator (custom role)",
      "- **u4**\n  - team research: role admin → viewer",
      "- **u5**\n  - registry models: role admin → viewer",
      "- **u6**\n  - organization role member → admin",
      "- **u7**\n  - registry datasets: gains role viewer",
      "- **u8**\n  - leaves team vision",
      "- **u9**\n  - leaves the organization (was member)\n  - leaves team research\n  - leaves team vision",
      "- **research**: added dee; removed u9",
      "- **vision**: removed u8, u9",
      "- **Operator**: permissions added project:update",
    ]) {
      expect(review).toContain(line);
    }
  });

  it("reviews what was changed outside code, per person, from preview --refresh --expect-no-changes --json", async () => {
    const state = (await readState(emulator)) as { users: { id: string; userName: string }[]; teams: { id: string; displayName: string }[] };
    const idOf = (userName: string) => state.users.find((u) => u.userName === userName)!.id;
    const research = state.teams.find((t) => t.displayName === "research")!.id;
    const scim = emulatorApi(emulator).scim;
    await scim("PATCH", `/Groups/${research}`, { schemas: [PATCH_OP], Operations: [{ op: "remove", path: `members[value eq "${idOf("u4")}"]` }] });
    const vision = state.teams.find((t) => t.displayName === "vision")!.id;
    await scim("PATCH", `/Groups/${vision}`, { schemas: [PATCH_OP], Operations: [{ op: "add", path: "members", value: [{ value: idOf("u0") }] }] });

    // As the gitops example's drift watch runs it: a change found fails the preview, which still prints its JSON.
    const { json, code } = await stack.previewJson(["--refresh", "--expect-no-changes"]);
    expect(code).not.toBe(0);
    const review = await reviewOf(json, ["--drift"]);
    expect(review).toContain("## Access changed outside code");
    expect(review).toContain("- **u4**\n  - joins team research");
    expect(review).toContain("- **u0**\n  - leaves team vision");
    expect(review).toContain("- **research**: added u4");
    expect(review).toContain("- **vision**: removed u0");
  });
});
