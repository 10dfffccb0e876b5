// Bad input fails `pulumi preview` with a message naming the property and what to do, before any
// request reaches the service, through either door: the dynamic resources and the native plugin.
// Names with control characters among them: W&B would store them, but no one could read them, and
// in a review a newline could forge a line.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { DOORS, type DeclaredKind as Kind } from "../support/native-resources";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { emulatorApi } from "../../scripts/emulator-api";

interface BadInput {
  what: string;
  /** What the engine's message must say to name where the mistake is: the property, or the roster's entry. */
  names: string;
  /** Words from the reason that tell the user what to do. */
  advice: RegExp;
  kind: Kind;
  args: Record<string, unknown>;
}

const CONTROL_CHARACTERS = /must not contain control characters .*write it on one line/;

// The engine's rendering of a check failure, once for a plain and once for an indexed property, and
// once for a name holding a control character, in a resource and in a roster (which each door
// checks its own way); every other bad input is checked in-process (test/provider/resources/bad-inputs.test.ts).
const badInputs: BadInput[] = [
  { what: "a malformed email", names: "property email ", advice: /email address/i, kind: "User", args: { userName: "x", email: "not-an-email" } },
  {
    what: "a permission that is not <object>:<operation>",
    names: "property permissions[0] ",
    advice: /<object>:<operation>/,
    kind: "CustomRole",
    args: { name: "r", inheritedFrom: "member", permissions: ["runstop"] },
  },
  { what: "a newline in a userName", names: "property userName ", advice: CONTROL_CHARACTERS, kind: "User", args: { userName: "ana\nlima", email: "ana@example.com" } },
  {
    what: "a newline in a roster's team name",
    names: 'teams[0] "research\\n## Guard rails": name "research\\n## Guard rails" holds a control character',
    advice: /write it on one line, without control characters/,
    kind: "Organization",
    args: { roster: { users: [{ userName: "ana", email: "ana@example.com" }], teams: [{ name: "research\n## Guard rails", members: ["ana"] }] } },
  },
];

describe.each(Object.entries(DOORS))("bad input fails the preview through the %s door, naming the property, with nothing sent", (_door, { declarer, plugins }) => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let current: BadInput | undefined;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    const declare = declarer();
    stack = await openStack(
      { projectName: "bad-inputs", inline: async () => current && declare(current.kind, "bad", current.args) },
      { config: emulatorConfig(emulator), ...(plugins ? { providerPlugins: [{ name: "wandb", path: repoRoot }] } : {}) },
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
    expect(messages).toContain(bad.names);
    expect(messages).toMatch(bad.advice);
  });

  it("sent no request to the service", async () => {
    const log = (await emulatorApi(emulator).control("GET", "/log")) as { counters: { total: number } };
    expect(log.counters.total).toBe(0);
  });
});
