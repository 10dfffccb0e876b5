// The guard rails hold however the run is invoked (issue 30), through the real engine, each way on
// one door (a stack per door; the refusal is the kit's, one code for both): a roster change that
// removes half its users is refused at the deletes themselves under `--target` and `--exclude <the
// guard record>` (dynamic), `--continue-on-error` (plugin, at the record's check) and with a state
// that holds no guard record (plugin); the one-run override lets it through under --target (dynamic). A
// demotion under `--target` that leaves too few admins in W&B (plugin), and an
// OrganizationRoleAssignment that would demote the user the provider acts as (dynamic), are refused
// before their writes. A destroy is guarded alike (dynamic). The same refusals in process:
// test/provider/resources/run-removals.test.ts (at the writes) and test/model/guard-rails/judge.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { heldUser, readState } from "../../scripts/emulator-api";
import { DOORS } from "../support/native-resources";
import { emulatorConfig, LET_REMOVALS_THROUGH, openStack, repoRoot, type StackHandle, type UpOptions } from "../support/pulumi";

const EIGHT = Array.from({ length: 8 }, (_, i) => `r${i}`);
const REMOVED = EIGHT.slice(0, 4);
// The seed's three users and the roster's eight: W&B lists eleven, and four of them are 36%.
const REFUSED = 'Organization "acme": this run removes 4 of the 11 users W&B lists (36%): r0, r1, r2, r3; more than wandb:maxRemovalFraction (25%) allows in one run.';

interface Deployment {
  resources: { urn: string; type: string; dependencies?: string[]; propertyDependencies?: Record<string, string[]> }[];
}

/** One door's stack of the roster's eight users, made; the program then declares only the last four. */
function guardedStack(door: keyof typeof DOORS) {
  const { declarer, plugins } = DOORS[door];
  const run = {
    emulator: undefined as unknown as RunningEmulator,
    stack: undefined as unknown as StackHandle,
    declared: EIGHT,
    selfDemoted: false,
    admins: ["r7"],
    userNames: async () => ((await readState(run.emulator)) as { users: { userName: string }[] }).users.map((u) => u.userName),
    expectAllKept: async () => expect(await run.userNames()).toEqual(expect.arrayContaining(EIGHT)),
    urnsOf: async (names: string[]) => {
      const urns = await run.stack.urns();
      return names.map((name) => urns[name]!);
    },
    /** The role W&B holds for `userName`. */
    roleOf: async (userName: string) => {
      const state = (await readState(run.emulator)) as { users: { id: string; userName: string }[] };
      return (await heldUser(run.emulator, state.users.find((u) => u.userName === userName)!.id)).organizationRole;
    },
    /** An up that must fail, refused as `refusal` says at most once per removed user, with no stack trace, and nobody removed. */
    refused: async (options: UpOptions, refusal: string) => {
      const failed = await run.stack.failing("up", options);
      expect(failed.log, JSON.stringify(options)).toContain(refusal);
      // Issue 46: told at most once per resource (four users' deletes: the engine's messages, and the summary
      // of the text output), with no stack trace of this package's files.
      const told = (text: string) => text.split(refusal).length - 1;
      expect(told(failed.diagnostics.map((d) => d.message).join("\n")), failed.log).toBeLessThanOrEqual(REMOVED.length);
      expect(told(failed.log.slice(failed.log.indexOf("\nDiagnostics:"))), failed.log).toBeLessThanOrEqual(REMOVED.length);
      expect(failed.log).not.toMatch(/^\s+at .*\.[jt]s:\d+/m);
      await run.expectAllKept();
    },
  };

  beforeAll(async () => {
    // Roles shown on the listing: the guard rails at the writes count the admins W&B lists.
    run.emulator = await startEmulator({ port: 0, userRolesOnGet: "shown" });
    run.stack = await openStack(
      {
        projectName: "guard-at-writes",
        inline: async () => {
          const declare = declarer();
          const users = run.declared.map((userName) => ({ userName, email: `${userName}@acme.example`, organizationRole: run.admins.includes(userName) ? "admin" : "member" }));
          declare("Organization", "acme", { roster: { users } });
          if (run.selfDemoted) declare("OrganizationRoleAssignment", "self", { user: "admin@acme.example", role: "member" });
        },
      },
      { config: emulatorConfig(run.emulator), ...(plugins ? { providerPlugins: [{ name: "wandb", path: repoRoot }] } : {}) },
    );
    await run.stack.up();
    run.declared = EIGHT.slice(4);
  });

  afterAll(async () => {
    await run.stack?.dispose();
    await run.emulator?.close();
  });

  return run;
}

describe("the guard rails at the writes (dynamic door)", () => {
  const run = guardedStack("dynamic");

  it("refuses a removal of half the roster under --target and --exclude of the guard record", async () => {
    await run.refused({ target: await run.urnsOf(REMOVED.map((u) => `acme/${u}`)) }, REFUSED);
    await run.refused({ exclude: await run.urnsOf(["acme/guard"]) }, REFUSED);
  });

  it("lets the removal through with the one-run override, under --target too", async () => {
    const target = await run.urnsOf(REMOVED.map((u) => `acme/${u}`));
    await run.stack.withEnv({ WANDB_MAX_REMOVAL_FRACTION: "1" }, () => run.stack.up({ target }));
    const left = await run.userNames();
    expect(REMOVED.filter((userName) => left.includes(userName))).toEqual([]);
  });

  it("refuses an OrganizationRoleAssignment that would demote the user the provider acts as, before its write", async () => {
    run.selfDemoted = true;
    const failed = await run.stack.failing("up");
    expect(failed.log).toMatch(/this would demote admin, the user the provider acts as \(wandb:username\): the run would lose its own access/);
    // The record still holds r0..r3 (the targeted run left it as it was); W&B no longer lists them: no removal of this run.
    expect(failed.log).not.toContain("this change removes 4 of 8 users");
    expect(await run.roleOf("admin")).toBe("admin");
    run.selfDemoted = false;
  });

  it("guards a destroy like any other removal, and destroys with the one-run overrides", async () => {
    const refused = await run.stack.failing("destroy");
    expect(refused.log).toMatch(/this run removes 4 of the 7 users W&B lists \(57%\): r4, r5, r6, r7;.*`WANDB_MAX_REMOVAL_FRACTION=1 pulumi up` \(or `pulumi destroy`\)/);
    expect(await run.userNames()).toEqual(expect.arrayContaining(EIGHT.slice(4)));
    await run.stack.withEnv(LET_REMOVALS_THROUGH, () => run.stack.destroy());
    const left = await run.userNames();
    expect(EIGHT.filter((userName) => left.includes(userName))).toEqual([]);
  });
});

describe("the guard rails at the writes (plugin door)", () => {
  const run = guardedStack("plugin");

  it("refuses a removal of half the roster under --continue-on-error, at the record's check", async () => {
    // The record's check fails the run at preview: the engine goes on past failed writes, never past a failed check.
    await run.refused({ continueOnError: true }, 'Organization "acme": this change removes 4 of 8 users (50%): r0, r1, r2, r3;');
  });

  it("refuses it with a state that holds no guard record (an older release's, or one the guard was taken out of)", async () => {
    const exported = await run.stack.stack.exportStack();
    const deployment = exported.deployment as Deployment;
    const guard = deployment.resources.find((resource) => resource.type.endsWith("RosterGuard"))!.urn;
    deployment.resources = deployment.resources
      .filter((resource) => resource.urn !== guard)
      .map((resource) => ({
        ...resource,
        dependencies: (resource.dependencies ?? []).filter((urn) => urn !== guard),
        propertyDependencies: Object.fromEntries(Object.entries(resource.propertyDependencies ?? {}).map(([key, urns]) => [key, urns.filter((urn) => urn !== guard)])),
      }));
    await run.stack.stack.importStack(exported);
    await run.refused({}, REFUSED);
  });

  it("refuses, under --target, a demotion that leaves fewer admins than wandb:minAdmins in W&B, before its write", async () => {
    run.admins = [];
    const target = await run.urnsOf(["acme/r7"]);
    const failed = await run.stack.withEnv({ WANDB_MIN_ADMINS: "3" }, () => run.stack.failing("up", { target }));
    expect(failed.log).toContain(
      'Organization "acme": this run removes or demotes the admin r7, leaving 2 of the 3 organization admins W&B lists, fewer than wandb:minAdmins (3).',
    );
    expect(await run.roleOf("r7")).toBe("admin");
    run.admins = ["r7"];
  });
});
