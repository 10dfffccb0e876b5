// examples/gitops as its CI workflow runs it: the base roster applied to the emulator, a pull
// request's change previewed against it, admins protected; and the workflow itself.
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../harness/pulumi";

const example = path.join(repoRoot, "examples", "gitops");

describe("examples/gitops", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let roster: string;
  const editRoster = (edit: (text: string) => string) => writeFileSync(roster, edit(readFileSync(roster, "utf8")));

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stack = await openStack({ dir: example }, { config: emulatorConfig(emulator) });
    roster = path.join(stack.workDir, "roster.yaml");
  });
  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("applies the base branch's roster", async () => {
    const result = await stack.up();
    expect(Object.keys(result.outputs["users"] as object).sort()).toEqual(["ada", "grace", "linus", "marie"]);
    expect((await stack.preview()).changes).toEqual({ same: result.changes["create"] });
  });

  it("previews exactly what a pull request changes", async () => {
    editRoster((text) =>
      text
        .replace("users:\n", "users:\n  - { userName: ken, email: ken@acme.example, displayName: Ken Thompson }\n")
        .replace("members: [ada, linus]", "members: [ada, linus, ken]"),
    );
    const steps = await stack.previewSteps();
    expect(steps).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ op: "create", name: "acme/ken" }),
        expect.objectContaining({ op: "update", name: "acme/platform", diffs: ["members"] }),
      ]),
    );
    expect(steps).toHaveLength(2);
  });

  it("refuses to delete an admin removed from the roster: admins are protected", async () => {
    editRoster((text) => text.replace(/^ {2}- \{ userName: ada,.*\n/m, "").replaceAll("ada, ", ""));
    const failed = await stack.failing("up");
    expect(failed.log).toMatch(/protect/i);
    expect(failed.log).toContain("acme/ada");
  });

  it("has a workflow that previews pull requests against the emulator and applies main to the real org", () => {
    const workflow = parse(readFileSync(path.join(example, ".github", "workflows", "access.yml"), "utf8")) as {
      on: Record<string, unknown>;
      jobs: Record<string, { if: string; env?: Record<string, string>; steps: { run?: string; with?: Record<string, unknown> }[] }>;
    };
    expect(Object.keys(workflow.on).sort()).toEqual(["pull_request", "push"]);
    const preview = workflow.jobs["preview"]!;
    const previewScript = preview.steps.map((step) => step.run ?? "").join("\n");
    expect(preview.if).toContain("pull_request");
    expect(previewScript).toContain("wandb-emulator");
    expect(previewScript).toContain("pulumi preview --diff");
    expect(JSON.stringify(preview)).not.toContain("secrets.");
    const apply = workflow.jobs["apply"]!;
    expect(apply.if).toContain("push");
    expect(apply.env?.["WANDB_API_KEY"]).toContain("secrets.");
    expect(apply.steps.some((step) => step.with?.["command"] === "up")).toBe(true);
  });
});
