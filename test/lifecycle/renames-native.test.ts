// A rename in code is named at preview however the plugin's resources are declared (issue 30): a
// YAML program (the real YAML host, through the native plugin, where no program-side code runs)
// renames a User, a Team and a CustomRole with no alias. The plugin plans each create the engine
// hands it at preview and names the object it would take over, from the operation's listings
// alone; a plain create of a new user is not named; given the aliases, the preview has nothing to
// do; and the `up` keeps every W&B object with its id.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { stringify } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { readLog, readState, resetLog } from "../../scripts/emulator-api";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { previewWithWrongKey } from "../support/wrong-key";

const LISTINGS = ["GET /scim/Groups", "GET /scim/Roles", "GET /scim/Users"];

interface Variant {
  suffix: string;
  /** Each renamed resource given the alias that keeps its history (YAML names an alias by URN). */
  aliasesFrom?: Record<string, string>;
  /** A user the organization does not hold yet, declared alongside. */
  newcomer?: boolean;
}

function program({ suffix, aliasesFrom, newcomer }: Variant): string {
  const named = (base: string) => `${base}-${suffix}`;
  const options = (base: string) => (aliasesFrom === undefined ? {} : { options: { aliases: [aliasesFrom[`${base}-a`]] } });
  return stringify({
    name: "renames-native",
    runtime: "yaml",
    plugins: { providers: [{ name: "wandb", path: repoRoot }] },
    resources: {
      [named("ana")]: { type: "wandb:index:User", properties: { userName: "ana", email: "ana@acme.example" }, ...options("ana") },
      [named("research")]: { type: "wandb:index:Team", properties: { name: "research", members: [`\${${named("ana")}.id}`] }, ...options("research") },
      [named("operator")]: {
        type: "wandb:index:CustomRole",
        properties: { name: "Operator", inheritedFrom: "member", permissions: ["run:delete"] },
        ...options("operator"),
      },
      ...(newcomer ? { newcomer: { type: "wandb:index:User", properties: { userName: "newcomer", email: "newcomer@acme.example" } } } : {}),
    },
  });
}

describe("a rename in code with no alias, in a YAML program through the native plugin", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let folder: string;
  let before: unknown;
  const held = async () => {
    const { users, teams, roles } = (await readState(emulator)) as Record<"users" | "teams" | "roles", { id: string; userName?: string; displayName?: string; name?: string }[]>;
    return [...users.map((u) => `user ${u.userName}:${u.id}`), ...teams.map((t) => `team ${t.displayName}:${t.id}`), ...roles.map((r) => `role ${r.name}:${r.id}`)].sort();
  };
  /** The program as the stack runs it: its copy of the folder, once the stack is open. */
  const declare = (variant: Variant) => writeFileSync(path.join(stack?.workDir ?? folder, "Pulumi.yaml"), program(variant));

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    folder = mkdtempSync(path.join(os.tmpdir(), "renames-native-"));
    declare({ suffix: "a" });
    stack = await openStack({ dir: folder }, { config: emulatorConfig(emulator) });
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("creates a user, a team and a custom role", async () => {
    expect((await stack.up()).changes).toEqual({ create: 4 });
    before = await held();
  });

  it("renamed, the preview names each rename from the listings alone, and not the new user declared alongside", async () => {
    declare({ suffix: "b", newcomer: true });
    await resetLog(emulator);
    const preview = await stack.preview();
    const log = await readLog(emulator);
    // At most one listing of each collection, whatever the number of resources, and no write.
    expect(log.counters.writes).toBe(0);
    expect(Object.keys(log.counters.byRoute).every((route) => LISTINGS.includes(route)), JSON.stringify(log.counters.byRoute)).toBe(true);
    for (const route of LISTINGS) expect(log.counters.byRoute[route] ?? 0).toBeLessThanOrEqual(1);

    const warnings = preview.diagnostics.filter((d) => d.severity === "warning");
    const notices = warnings.filter((d) => /its create will take it over rather than make one/.test(d.message));
    for (const [kind, name, key] of [["User", "ana-b", 'userName "ana"'], ["Team", "research-b", 'name "research"'], ["CustomRole", "operator-b", 'name "Operator"']]) {
      const named = notices.filter((d) => d.urn?.endsWith(`::${name}`));
      expect(named, JSON.stringify(warnings)).toHaveLength(1);
      expect(named[0]!.message).toMatch(new RegExp(`^${kind} "${name}" declares the W&B object with ${key}, which already exists \\(id \\S+`));
      expect(named[0]!.message).toMatch(/If it was renamed in code from another resource of this stack, this is that rename.*`aliases`.*pulumi state rename.*Nothing will be deleted either way/);
    }
    expect(notices).toHaveLength(3);
    // A plain first create of a user the organization does not hold is no rename.
    expect(warnings.filter((d) => d.urn?.endsWith("::newcomer") || /newcomer/.test(d.message))).toEqual([]);
    expect(preview.changes).toMatchObject({ create: 4, delete: 3 });
  });

  it("given the aliases it advises, the preview has nothing to do", async () => {
    const urns = await stack.urns();
    declare({ suffix: "b", aliasesFrom: urns });
    const preview = await stack.preview();
    expect(preview.changes).not.toHaveProperty("create");
    expect(preview.changes).not.toHaveProperty("delete");
    expect(preview.diagnostics.filter((d) => /its create will take it over/.test(d.message))).toEqual([]);
  });

  it("renamed with no alias, the up deletes nothing: every W&B object keeps its id", async () => {
    declare({ suffix: "b" });
    const up = await stack.up();
    expect(up.changes).toMatchObject({ create: 3, delete: 3 });
    expect(up.log).toMatch(/a rename in code, not a removal\. Nothing was removed\./);
    expect(await held()).toEqual(before);
  });

  // Issue 41: the plugin's preview read the listing, got a 401, and dropped it: a wrong key passed preview.
  it("a wrong key fails the preview that plans a create, with the service's 401, once, and sends no write", async () => {
    declare({ suffix: "b", newcomer: true });
    const { refusals, log, writes } = await previewWithWrongKey(stack, emulator);
    expect(refusals, log).toHaveLength(1);
    expect(refusals[0]).toMatch(/Authentication failed.*wandb:apiKey/);
    expect(log).not.toContain("not-the-key");
    expect(writes).toBe(0);
  });
});
