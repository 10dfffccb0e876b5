// Bad input fails `pulumi preview` with a message naming the property and what to do, before any
// request reaches the service.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, installedPackage, openStack, type StackHandle } from "../harness/pulumi";
import { emulatorApi } from "../support/emulator-api";

type Sdk = ReturnType<typeof installedPackage>;

interface BadInput {
  what: string;
  /** The property the engine's message must name. */
  property: string;
  /** Words from the reason that tell the user what to do. */
  advice: RegExp;
  declare(wandb: Sdk): void;
}

// Each declaration is deliberately wrong; `as never` gets it past the compiler as a user's
// JavaScript or a YAML-driven program would.
const badInputs: BadInput[] = [
  { what: "a user without an email", property: "email", advice: /email/i, declare: (w) => new w.User("u", { userName: "nomail" } as never) },
  { what: "a malformed email", property: "email", advice: /email address/i, declare: (w) => new w.User("u", { userName: "x", email: "not-an-email" }) },
  { what: "an unknown organization role", property: "organizationRole", advice: /admin|member/, declare: (w) => new w.User("u", { userName: "x", email: "x@example.com", organizationRole: "owner" }) },
  { what: "an unknown deletion policy", property: "deletionPolicy", advice: /delete|deactivate/, declare: (w) => new w.User("u", { userName: "x", email: "x@example.com", deletionPolicy: "archive" as never }) },
  { what: "a misspelt user property", property: "emial", advice: /email|unknown|unrecognized/i, declare: (w) => new w.User("u", { userName: "x", email: "x@example.com", emial: "x" } as never) },
  { what: "an empty team name", property: "name", advice: /name/i, declare: (w) => new w.Team("t", { name: "" }) },
  { what: "an unknown team deletion policy", property: "deletionPolicy", advice: /empty|retain|fail/, declare: (w) => new w.Team("t", { name: "t", deletionPolicy: "nuke" as never }) },
  { what: "a custom role inheriting from admin", property: "inheritedFrom", advice: /member.*viewer/, declare: (w) => new w.CustomRole("r", { name: "r", inheritedFrom: "admin" as never, permissions: [] }) },
  { what: "a permission that is not <object>:<operation>", property: "permissions[0]", advice: /<object>:<operation>/, declare: (w) => new w.CustomRole("r", { name: "r", inheritedFrom: "member", permissions: ["runstop"] }) },
  { what: "a registry role that does not exist", property: "roleName", advice: /admin|member|viewer/, declare: (w) => new w.RegistryRoleAssignment("a", { user: "x@example.com", registryName: "models", roleName: "owner" }) },
  { what: "a team role assignment without a team", property: "teamName", advice: /team/i, declare: (w) => new w.TeamRoleAssignment("a", { user: "x@example.com", roleName: "admin" } as never) },
];

describe("bad input fails the preview, naming the property, with nothing sent", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let current: BadInput | undefined;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    const wandb = installedPackage();
    stack = await openStack(
      { projectName: "bad-inputs", inline: async () => current?.declare(wandb) },
      { config: emulatorConfig(emulator) },
    );
    await emulatorApi(emulator).control("DELETE", "/log");
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it.each(badInputs.map((bad) => [bad.what, bad] as const))("%s", async (_what, bad) => {
    current = bad;
    const failed = await stack.failing("preview");
    const messages = failed.diagnostics.filter((d) => d.severity === "error").map((d) => d.message).join("\n");
    expect(messages).toContain(`property ${bad.property} `);
    expect(messages).toMatch(bad.advice);
  });

  it("sent no request to the service", async () => {
    const log = (await emulatorApi(emulator).control("GET", "/log")) as { counters: { total: number } };
    expect(log.counters.total).toBe(0);
  });
});
