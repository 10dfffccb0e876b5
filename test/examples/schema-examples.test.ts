// The schema's YAML examples (examples/schema), as they are, through the real engine, the real
// YAML language host and the native plugin, against an emulator seeded with what they look up (the
// teams platform and infrastructure, the custom role "Model reviewer", the user hedy): up, a preview
// with no change, destroy. One stack runs them all, their sections side by side, as two cores
// cannot afford a stack each; a name that two examples share fails here, before any run.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { z } from "zod";
import { defaultSeed, startEmulator, type RunningEmulator, type Seed } from "../../emulator";
import { EXAMPLES_FOLDER, exampleSources } from "../../provider/schema/schema-examples";
import { readState } from "../../scripts/emulator-api";
import { emulatorConfig, LET_REMOVALS_THROUGH, openStack, repoRoot, type StackHandle } from "../support/pulumi";

const SECTIONS = ["variables", "resources", "outputs"] as const;

const section = z.record(z.string(), z.unknown());
const exampleProgram = z.strictObject({
  name: z.string(),
  runtime: z.literal("yaml"),
  description: z.string(),
  variables: section.optional(),
  resources: section.optional(),
  outputs: section.optional(),
});

/** One program of every example's variables, resources and outputs, on this repository's plugin. */
function allExamples(): Record<string, unknown> {
  const merged: Record<(typeof SECTIONS)[number], Record<string, unknown>> = { variables: {}, resources: {}, outputs: {} };
  const owners = new Map<string, string>();
  for (const source of exampleSources()) {
    const program = exampleProgram.parse(parse(readFileSync(path.join(repoRoot, EXAMPLES_FOLDER, source), "utf8")));
    for (const name of SECTIONS) {
      for (const [key, value] of Object.entries(program[name] ?? {})) {
        const owner = owners.get(`${name}.${key}`);
        if (owner !== undefined) throw new Error(`${source} and ${owner} both declare ${name}.${key}: rename one, as they run in one stack here`);
        owners.set(`${name}.${key}`, source);
        merged[name][key] = value;
      }
    }
  }
  return { name: "schema-examples", runtime: "yaml", plugins: { providers: [{ name: "wandb", path: repoRoot }] }, ...merged };
}

/** The organization the lookups find. */
function seed(): Seed {
  const base = defaultSeed();
  return {
    ...base,
    users: [...base.users, { userName: "hedy", email: "hedy@example.com", displayName: "Hedy Lamarr" }],
    teams: [...(base.teams ?? []), { displayName: "platform", members: [{ user: "admin" }] }, { displayName: "infrastructure", members: [{ user: "hedy" }] }],
    roles: [{ name: "Model reviewer", inheritedFrom: "viewer", permissions: ["artifact:update"] }],
  };
}

describe("the schema's YAML examples", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let program: string;
  let created: number;

  beforeAll(async () => {
    program = mkdtempSync(path.join(os.tmpdir(), "schema-examples-"));
    writeFileSync(path.join(program, "Pulumi.yaml"), stringify(allExamples()));
    emulator = await startEmulator({ port: 0, seed: seed() });
    stack = await openStack({ dir: program }, { config: emulatorConfig(emulator) });
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
    rmSync(program, { recursive: true, force: true });
  });

  it("run up, each example doing what it says", async () => {
    const state = (await readState(emulator)) as { users: { id: string; userName: string }[]; teams: { id: string; displayName: string }[] };
    const result = await stack.up();
    created = result.changes.create ?? 0;
    expect(result.changes).toEqual({ create: created });
    const { outputs } = result;
    expect(outputs["graceRole"]).toBe("admin");
    expect(outputs["runCleanerPermissions"]).toEqual(["run:delete"]);
    expect(outputs["researchMemberIds"]).toHaveLength(2);
    expect(Object.keys(outputs["theoryUserIds"] as Record<string, string>).sort()).toEqual(["claude", "john"]);
    expect(outputs["infrastructureId"]).toBe(state.teams.find((team) => team.displayName === "infrastructure")?.id);
    expect(outputs["infrastructureMemberIds"]).toEqual([state.users.find((user) => user.userName === "hedy")?.id]);
    expect(outputs["hedyEmail"]).toBe("hedy@example.com");
    expect(outputs["modelReviewerPermissions"]).toEqual(["artifact:update"]);
    expect(outputs["llamaOwner"]).toBe("system");
    expect(outputs["inferenceModelIds"]).toContain("meta-llama/Llama-3.1-8B-Instruct");
    // The lookup may run before or after the users the other examples create: the program does not order them.
    expect(outputs["colleagues"]).toEqual(expect.arrayContaining(["hedy"]));
    expect(outputs["colleagues"]).not.toContain("admin");
  });

  it("then preview no change", async () => {
    expect((await stack.preview()).changes).toEqual({ same: created });
  });

  it("and destroy what they created, the roster's removals let through as the guard rails ask", async () => {
    expect((await stack.withEnv(LET_REMOVALS_THROUGH, () => stack.destroy())).changes).toEqual({ delete: created });
  });
});
