// examples/gitops as its CI workflow runs it, with the job's credentials: the base roster applied to
// the emulator, a pull request's change previewed against it (the review in its README is this
// one), admins protected; and the workflow itself.
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, openStack, repoRoot, type StackHandle } from "../support/pulumi";
import { reviewOf } from "../support/review";

const example = path.join(repoRoot, "examples", "gitops");

describe("examples/gitops", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;
  let roster: string;
  const editRoster = (edit: (text: string) => string) => writeFileSync(roster, edit(readFileSync(roster, "utf8")));

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    // With the credentials the template's pull-request job gives: the emulator's organization service-account key, no username.
    const workflow = readFileSync(path.join(example, ".github", "workflows", "access.yml"), "utf8");
    expect(workflow).toContain(`WANDB_API_KEY=${emulator.serviceAccount.apiKey}`);
    expect(workflow).not.toContain("WANDB_USERNAME");
    const { "wandb:username": _username, ...config } = emulatorConfig(emulator);
    stack = await openStack({ dir: example }, { config: { ...config, "wandb:apiKey": { value: emulator.serviceAccount.apiKey, secret: true } } });
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
        expect.objectContaining({ op: "update", name: "acme/guard" }),
      ]),
    );
    expect(steps).toHaveLength(3);
  });

  it("reviews the pull request's change per person: the review in README.md is this one", async () => {
    editRoster((text) =>
      text
        .replace("roles: { grace: admin, marie: Experiment operator }", "roles: { grace: admin, marie: admin }")
        .replace("permissions: [run:delete, project:update]", "permissions: [run:delete, project:update, project:delete]")
        .replace("{ user: linus, registry: datasets, role: viewer }", "{ user: linus, registry: datasets, role: admin }")
        .replace("{ userName: marie, email: marie@acme.example, displayName: Marie Curie }", "{ userName: marie, email: marie@acme.example, displayName: Marie Curie, organizationRole: admin }"),
    );
    const { json, code } = await stack.previewJson();
    expect(code).toBe(0);
    const review = await reviewOf(json);
    expect(review).toContain("- **ken**\n  - joins the organization as member\n  - joins team platform");
    expect(review).toContain("- **marie**\n  - organization role member → admin\n  - team modeling: role Experiment operator → admin");
    expect(review).toContain("- **linus**\n  - registry datasets: role viewer → admin");
    expect(review).toContain("- **Experiment operator**: permissions added project:delete");
    expect(review).toContain("- acme: passed: 2 organization admins in the roster (ada, marie); wandb:minAdmins is 1");
    const readme = readFileSync(path.join(example, "README.md"), "utf8");
    expect(readme).toContain(["```markdown", review.trimEnd(), "```"].join("\n"));
  });

  it("refuses to delete an admin removed from the roster: the guard rails first, and admins are protected", async () => {
    editRoster((text) => text.replace(/^ {2}- \{ userName: ada,.*\n/m, "").replaceAll("ada, ", ""));
    const refused = await stack.failing("preview");
    expect(refused.log).toContain("removes 1 of 3 members of team modeling (33%): ada");
    // With the guard rails turned off for the run, protect is what keeps ada.
    await stack.stack.setAllConfig({ "wandb:maxRemovalFraction": { value: "1" }, "wandb:minAdmins": { value: "0" } });
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

  it("reviews pull requests with pulumi-wandb review, and watches for drift on a schedule", () => {
    const workflowAt = (file: string) =>
      parse(readFileSync(path.join(example, ".github", "workflows", file), "utf8")) as {
        on: Record<string, unknown>;
        permissions: Record<string, string>;
        jobs: Record<string, { env?: Record<string, string>; steps: { name?: string; if?: string; run?: string; uses?: string; with?: Record<string, string> }[] }>;
      };
    const script = (steps: { run?: string; with?: Record<string, string> }[]) => steps.map((step) => step.run ?? step.with?.["script"] ?? "").join("\n");

    const preview = workflowAt("access.yml").jobs["preview"]!;
    const previewScript = script(preview.steps);
    expect(previewScript).toContain("pulumi preview --json --stack ci > preview.json");
    expect(previewScript).toContain("npx pulumi-wandb review preview.json > review.md");
    expect(previewScript).toMatch(/readFileSync\("review\.md"[\s\S]*createComment/);
    expect(preview.steps.at(-1)).toMatchObject({ if: "steps.preview.outputs.status != '0'", run: "exit 1" });

    const drift = workflowAt("drift.yml");
    expect(Object.keys(drift.on).sort()).toEqual(["schedule", "workflow_dispatch"]);
    expect((drift.on["schedule"] as { cron: string }[])[0]?.cron).toMatch(/^\S+ \S+ \* \* \*$/);
    expect(drift.permissions).toEqual({ contents: "read", issues: "write" });
    const watch = drift.jobs["drift"]!;
    const watchScript = script(watch.steps);
    // --show-sames prints the refreshed state of the users that did not change, whose activity the review reads.
    expect(watchScript).toContain("pulumi preview --refresh --expect-no-changes --show-sames --json");
    expect(watchScript).toContain("npx pulumi-wandb review --drift --inactive-days 90 drift.json > drift.md");
    expect(watchScript).toContain('cat drift.md >> "$GITHUB_STEP_SUMMARY"');
    expect(watchScript).toMatch(/readFileSync\("drift\.md"[\s\S]*issues\.create/);
    // What the roster does not declare opens the issue too, from the review's "Outside code" section.
    expect(watchScript).toContain("grep -q '^### Outside code' drift.md");
    expect(watch.steps.at(-1)).toMatchObject({ if: "steps.drift.outputs.status != '0' || steps.review.outputs.outside == '1'", run: "exit 1" });
    expect(watch.env?.["WANDB_API_KEY"]).toContain("secrets.");
  });
});
