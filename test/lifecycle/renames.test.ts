// A rename in code is never a deletion (issue 30), through the real engine: on each door, a User, a
// Team, a CustomRole and an Organization component renamed with no alias are named at preview, each
// once (by the program on the dynamic door, by the plugin planning its create on the other). On the
// dynamic door the up then takes each object over under the new name and leaves it where the old
// resource is deleted, saying so: every object stays in W&B with its id; renamed again with aliases
// (issue 40), the up changes nothing and writes nothing, which shows too that the takeover left
// nothing to do. On the plugin door, given the aliases the notices advise, the preview has nothing to
// do, the Organization's children (built by Construct) included. The plugin's takeover up (a User, a
// Team, a CustomRole) through the engine: test/lifecycle/renames-native.test.ts; the held email's
// check, which no door changes, in process: test/provider/resources/user.test.ts.
import type * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorApi, readLog, readState, resetLog } from "../../scripts/emulator-api";
import { DOORS, type DeclaredKind as Kind } from "../support/native-resources";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";

const ROSTER = {
  users: ["oli", "pia", "quin"].map((userName) => ({ userName, email: `${userName}@acme.example` })),
  teams: [{ name: "vision", members: ["oli", "pia", "quin"] }],
};

interface Held {
  users: { id: string; userName: string }[];
  teams: { id: string; displayName: string; members: { user?: string }[] }[];
  roles: { id: string; name: string }[];
}

/** What each door shows through the engine, beside the rename notices both show. */
const SHOWN = { dynamic: ["takeover", "aliasedUp", "heldEmail"], plugin: ["aliasedPreview"] } as const;

describe.each(Object.entries(DOORS))("a rename in code with no alias (%s door)", (door, { declarer, plugins }) => {
  const shown = (step: (typeof SHOWN)[keyof typeof SHOWN][number]) => (SHOWN[door as keyof typeof SHOWN] as readonly string[]).includes(step);
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let suffix = "a";
  /** The suffix of the names each renamed resource is given as aliases, as its preview notice advises; none without. */
  let aliasedFrom: string | undefined;
  /** Whether the program also declares a new User whose email another W&B user holds. */
  let newcomer = false;
  let before: Held;

  const held = async () => (await readState(emulator)) as Held;
  const ids = (state: Held) => ({
    users: state.users.map((u) => `${u.userName}:${u.id}`).sort(),
    teams: state.teams.map((t) => `${t.displayName}:${t.id}:${t.members.flatMap((m) => (m.user ? [m.user] : [])).sort().join(",")}`).sort(),
    roles: state.roles.map((r) => `${r.name}:${r.id}`).sort(),
  });

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stack = await openStack(
      {
        projectName: "renames",
        inline: async () => {
          const declare = declarer();
          const was = (name: string) => (aliasedFrom === undefined ? {} : { aliases: [{ name: `${name}-${aliasedFrom}` }] });
          const ana = declare("User", `ana-${suffix}`, { userName: "ana", email: "ana@acme.example" }, was("ana")) as pulumi.CustomResource;
          declare("Team", `research-${suffix}`, { name: "research", members: [ana.id] }, was("research"));
          declare("CustomRole", `operator-${suffix}`, { name: "Operator", inheritedFrom: "member", permissions: ["run:delete"] }, was("operator"));
          declare("Organization", `acme-${suffix}`, { roster: ROSTER }, was("acme"));
          if (newcomer) declare("User", "zed", { userName: "zed", email: "ZOE@acme.example" });
        },
      },
      { config: emulatorConfig(emulator), ...(plugins ? { providerPlugins: [{ name: "wandb", path: repoRoot }] } : {}) },
    );
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("creates a user, a team, a custom role and an Organization", async () => {
    await stack.up();
    before = await held();
    expect(ids(before).users.map((entry) => entry.split(":")[0])).toEqual(expect.arrayContaining(["ana", "oli", "pia", "quin"]));
  });

  it("renamed, the preview names each rename with the alias that keeps its history, and the Organization's once", async () => {
    suffix = "b";
    const preview = await stack.preview();
    const warnings = preview.diagnostics.filter((d) => d.severity === "warning").map((d) => d.message);
    const renamed = (pattern: RegExp) => warnings.filter((message) => pattern.test(message));
    expect(renamed(/^Organization "acme-b" declares the W&B objects this stack holds under Organization "acme-a" .*aliases: \[\{ name: "acme-a" \}\]/)).toHaveLength(1);
    expect(renamed(/declares the W&B object with .* that this stack holds as "acme-a/)).toEqual([]);
    // Each rename is named once: a dynamic resource by the program, which reads the stack; a resource of the
    // plugin by the plugin, which plans its create (the Organization's children by the component alone).
    const byProgram = door === "dynamic" ? 1 : 0;
    for (const [kind, to, from] of [["User", "ana-b", "ana-a"], ["Team", "research-b", "research-a"], ["CustomRole", "operator-b", "operator-a"]]) {
      const notice = new RegExp(`^${kind} "${to}" declares the W&B object with .* that this stack holds as "${from}": a rename in code.*aliases: \\[\\{ name: "${from}" \\}\\]`);
      expect(renamed(notice)).toHaveLength(byProgram);
      expect(renamed(new RegExp(`^${kind} "${to}" declares the W&B object with .*, which already exists .*its create will take it over`))).toHaveLength(1 - byProgram);
    }
    expect(renamed(/its create will take it over/)).toHaveLength(3 * (1 - byProgram));
  });

  it.runIf(shown("aliasedPreview"))("given the aliases the notices advise, the renamed program's preview has nothing to do, the Organization's children included", async () => {
    aliasedFrom = "a";
    try {
      const preview = await stack.preview();
      // No update either: a child's guardedBy names the component, and another name alone is no change.
      expect(Object.keys(preview.changes)).toEqual(["same"]);
    } finally {
      aliasedFrom = undefined;
    }
  });

  it.runIf(shown("takeover"))("renamed, the up takes each object over and leaves it where the old resource is deleted", async () => {
    const up = await stack.up();
    expect(up.changes).toMatchObject({ create: expect.any(Number), delete: expect.any(Number) });
    expect(ids(await held())).toEqual(ids(before));
    for (const left of [/User \S+ with userName "ana" was left in W&B/, /Team \S+ with name "research" was left in W&B/, /CustomRole \S+ with name "Operator" was left in W&B/, /User \S+ with userName "oli" was left in W&B/, /Team \S+ with name "vision" was left in W&B/]) {
      expect(up.log).toMatch(left);
    }
    expect(up.log).toMatch(/a rename in code, not a removal\. Nothing was removed\./);
  });

  it.runIf(shown("aliasedUp"))("renamed again with aliases, the up changes nothing and writes nothing to W&B (the takeover left nothing to do)", async () => {
    [suffix, aliasedFrom] = ["c", "b"];
    try {
      const recorded = await held();
      await resetLog(emulator);
      const up = await stack.up();
      expect(Object.keys(up.changes)).toEqual(["same"]);
      expect((await readLog(emulator)).counters.writes).toBe(0);
      expect(ids(await held())).toEqual(ids(recorded));
      expect(Object.keys(await stack.urns())).toEqual(expect.arrayContaining(["ana-c", "acme-c", "acme-c/oli", "acme-c/vision", "acme-c/guard"]));
    } finally {
      aliasedFrom = undefined;
    }
  });

  it.runIf(shown("heldEmail"))("a new User whose email, in another case, is an existing W&B user's under another userName fails the preview, naming both, and writes nothing", async () => {
    const zoe = (await emulatorApi(emulator).scim("POST", "/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName: "zoe",
      emails: [{ value: "zoe@acme.example", primary: true }],
    })) as { id: string };
    newcomer = true;
    try {
      await resetLog(emulator);
      const failed = await stack.failing("preview");
      expect(failed.log).toContain(
        `User "zed": property email "ZOE@acme.example" is the email of the W&B user "zoe" (id ${zoe.id}, its email spelled "zoe@acme.example"), ` +
          'which already exists under another userName than "zed".',
      );
      expect(failed.log).toContain('declare it with its userName "zoe" (with adoptExisting: true, or importId: ');
      const requests = (await readLog(emulator)).requests.map((request) => `${request.method} ${request.route}`);
      expect(requests.filter((request) => !request.startsWith("GET "))).toEqual([]);
    } finally {
      newcomer = false;
    }
  });
});
