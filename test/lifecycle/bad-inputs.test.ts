// Bad input fails `pulumi preview` with a message naming the property and what to do, before any
// request reaches the service.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, installedPackage, openStack, type StackHandle } from "../support/pulumi";
import { emulatorApi } from "../../scripts/emulator-api";

type Sdk = ReturnType<typeof installedPackage>;

interface BadInput {
  what: string;
  /** The property the engine's message must name. */
  property: string;
  /** Words from the reason that tell the user what to do. */
  advice: RegExp;
  declare(wandb: Sdk): void;
}

// The engine's rendering of a check failure, once for a plain and once for an indexed property; every
// other bad input is checked in-process (test/resources/bad-inputs.test.ts). `as never` gets each past
// the compiler as a user's JavaScript or a YAML-driven program would.
const badInputs: BadInput[] = [
  { what: "a malformed email", property: "email", advice: /email address/i, declare: (w) => new w.User("u", { userName: "x", email: "not-an-email" }) },
  { what: "a permission that is not <object>:<operation>", property: "permissions[0]", advice: /<object>:<operation>/, declare: (w) => new w.CustomRole("r", { name: "r", inheritedFrom: "member", permissions: ["runstop"] }) },
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
