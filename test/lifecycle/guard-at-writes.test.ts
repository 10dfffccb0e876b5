// The guard rails hold however the run is invoked (issue 30), through the real engine and each
// door: a roster change that removes half its users is refused at the deletes themselves under
// `--target`, `--exclude <the guard record>` and `--continue-on-error`, and with a state that holds
// no guard record; the one-run override lets it through. A demotion under `--target` that leaves too
// few admins in W&B, and an OrganizationRoleAssignment that would demote the user the provider acts
// as, are refused before their writes. A destroy is guarded alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { heldUser, readState } from "../../scripts/emulator-api";
import { DOORS, type DeclaredKind as Kind } from "../support/native-resources";
import { emulatorConfig, LET_REMOVALS_THROUGH, openStack, repoRoot, type StackHandle, type UpOptions } from "../support/pulumi";

const EIGHT = Array.from({ length: 8 }, (_, i) => `r${i}`);
const REMOVED = EIGHT.slice(0, 4);
// The seed's three users and the roster's eight: W&B lists eleven, and four of them are 36%.
const REFUSED = 'Organization "acme": this run removes 4 of the 11 users W&B lists (36%): r0, r1, r2, r3; more than wandb:maxRemovalFraction (25%) allows in one run.';

interface Deployment {
  resources: { urn: string; type: string; dependencies?: string[]; propertyDependencies?: Record<string, string[]> }[];
}

describe.each(Object.entries(DOORS))("the guard rails at the writes (%s door)", (_door, { declarer, plugins }) => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let declared = EIGHT;
  let selfDemoted = false;
  let admins = ["r7"];

  const userNames = async () => ((await readState(emulator)) as { users: { userName: string }[] }).users.map((u) => u.userName);
  const expectAllKept = async () => expect(await userNames()).toEqual(expect.arrayContaining(EIGHT));
  const urnsOf = async (names: string[]) => {
    const urns = await stack.urns();
    return names.map((name) => urns[name]!);
  };

  beforeAll(async () => {
    // Roles shown on the listing: the guard rails at the writes count the admins W&B lists.
    emulator = await startEmulator({ port: 0, userRolesOnGet: "shown" });
    stack = await openStack(
      {
        projectName: "guard-at-writes",
        inline: async () => {
          const declare = declarer();
          const users = declared.map((userName) => ({ userName, email: `${userName}@acme.example`, organizationRole: admins.includes(userName) ? "admin" : "member" }));
          declare("Organization", "acme", { roster: { users } });
          if (selfDemoted) declare("OrganizationRoleAssignment", "self", { user: "admin@acme.example", role: "member" });
        },
      },
      { config: emulatorConfig(emulator), ...(plugins ? { providerPlugins: [{ name: "wandb", path: repoRoot }] } : {}) },
    );
    await stack.up();
    declared = EIGHT.slice(4);
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("refuses a removal of half the roster under --target, --exclude of the guard record and --continue-on-error", async () => {
    const invocations: [UpOptions, string][] = [
      [{ target: await urnsOf(REMOVED.map((u) => `acme/${u}`)) }, REFUSED],
      [{ exclude: await urnsOf(["acme/guard"]) }, REFUSED],
      // The record's check fails the run at preview: the engine goes on past failed writes, never past a failed check.
      [{ continueOnError: true }, 'Organization "acme": this change removes 4 of 8 users (50%): r0, r1, r2, r3;'],
    ];
    for (const [options, refusal] of invocations) {
      const failed = await stack.failing("up", options);
      expect(failed.log, JSON.stringify(options)).toContain(refusal);
      // Issue 46: told at most once per resource (four users' deletes: the engine's messages, and the summary
      // of the text output), with no stack trace of this package's files.
      const told = (text: string) => text.split(refusal).length - 1;
      expect(told(failed.diagnostics.map((d) => d.message).join("\n")), failed.log).toBeLessThanOrEqual(REMOVED.length);
      expect(told(failed.log.slice(failed.log.indexOf("\nDiagnostics:"))), failed.log).toBeLessThanOrEqual(REMOVED.length);
      expect(failed.log).not.toMatch(/^\s+at .*\.[jt]s:\d+/m);
      await expectAllKept();
    }
  });

  it("refuses it with a state that holds no guard record (an older release's, or one the guard was taken out of)", async () => {
    const exported = await stack.stack.exportStack();
    const deployment = exported.deployment as Deployment;
    const guard = deployment.resources.find((resource) => resource.type.endsWith("RosterGuard"))!.urn;
    deployment.resources = deployment.resources
      .filter((resource) => resource.urn !== guard)
      .map((resource) => ({
        ...resource,
        dependencies: (resource.dependencies ?? []).filter((urn) => urn !== guard),
        propertyDependencies: Object.fromEntries(Object.entries(resource.propertyDependencies ?? {}).map(([key, urns]) => [key, urns.filter((urn) => urn !== guard)])),
      }));
    await stack.stack.importStack(exported);

    const failed = await stack.failing("up");
    expect(failed.log).toContain(REFUSED);
    await expectAllKept();
  });

  it("lets the removal through with the one-run override, under --target too", async () => {
    const target = await urnsOf(REMOVED.map((u) => `acme/${u}`));
    await stack.withEnv({ WANDB_MAX_REMOVAL_FRACTION: "1" }, () => stack.up({ target }));
    const left = await userNames();
    expect(REMOVED.filter((userName) => left.includes(userName))).toEqual([]);
  });

  it("refuses, under --target, a demotion that leaves fewer admins than wandb:minAdmins in W&B, before its write", async () => {
    admins = [];
    const target = await urnsOf(["acme/r7"]);
    const failed = await stack.withEnv({ WANDB_MIN_ADMINS: "3" }, () => stack.failing("up", { target }));
    expect(failed.log).toContain(
      'Organization "acme": this run removes or demotes the admin r7, leaving 2 of the 3 organization admins W&B lists, fewer than wandb:minAdmins (3).',
    );
    const state = (await readState(emulator)) as { users: { id: string; userName: string }[] };
    expect((await heldUser(emulator, state.users.find((u) => u.userName === "r7")!.id)).organizationRole).toBe("admin");
    admins = ["r7"];
  });

  it("refuses an OrganizationRoleAssignment that would demote the user the provider acts as, before its write", async () => {
    selfDemoted = true;
    const failed = await stack.failing("up");
    expect(failed.log).toMatch(/this would demote admin, the user the provider acts as \(wandb:username\): the run would lose its own access/);
    const state = (await readState(emulator)) as { users: { id: string; userName: string }[] };
    expect((await heldUser(emulator, state.users.find((u) => u.userName === "admin")!.id)).organizationRole).toBe("admin");
    selfDemoted = false;
  });

  it("guards a destroy like any other removal, and destroys with the one-run overrides", async () => {
    const refused = await stack.failing("destroy");
    expect(refused.log).toMatch(/this run removes 4 of the 7 users W&B lists \(57%\): r4, r5, r6, r7;.*`WANDB_MAX_REMOVAL_FRACTION=1 pulumi up` \(or `pulumi destroy`\)/);
    expect(await userNames()).toEqual(expect.arrayContaining(EIGHT.slice(4)));
    await stack.withEnv(LET_REMOVALS_THROUGH, () => stack.destroy());
    const left = await userNames();
    expect(EIGHT.filter((userName) => left.includes(userName))).toEqual([]);
  });
});
