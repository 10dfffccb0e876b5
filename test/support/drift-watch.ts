// examples/gitops's drift watch (.github/workflows/drift.yml) as GitHub runs its job: each step's own
// `run` script in bash (`-eo pipefail`, as a runner runs it), in order, with `GITHUB_OUTPUT` and
// `GITHUB_STEP_SUMMARY`, each step's `if:` judged on the outputs before it. What the job cannot have
// here is stood in for: `pulumi` prints the preview the test made with the workflow's own arguments
// (DRIFT_PREVIEW_ARGS), and `npx pulumi-wandb` runs this repository's built command; the steps that
// `uses:` an action are not run, only told whether they would be.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { repoRoot } from "../../scripts/repo-root";

const workflow = z
  .object({
    jobs: z.object({
      drift: z.object({ steps: z.array(z.object({ name: z.string().optional(), id: z.string().optional(), if: z.string().optional(), run: z.string().optional(), uses: z.string().optional() })) }),
    }),
  })
  .parse(parse(readFileSync(path.join(repoRoot, "examples", "gitops", ".github", "workflows", "drift.yml"), "utf8")));

const STEPS = workflow.jobs.drift.steps;

/** The drift watch's preview arguments, besides `--json` and the stack, as its workflow runs `pulumi preview`. */
export const DRIFT_PREVIEW_ARGS = (/pulumi preview (.+?) --json --stack/.exec(STEPS.map((step) => step.run ?? "").join("\n"))?.[1] ?? "").split(" ");

/** What the job did: whether it failed (red), whether it opened or updated the drift issue, and the review it wrote. */
export interface DriftWatchRun {
  failed: boolean;
  issue: boolean;
  review: string;
}

/**
 * Judges a step's `if:` as GitHub does for the forms the workflow uses: `steps.<id>.outputs.<key>`
 * compared (`==`, `!=`) with a quoted string, joined by `||`.
 */
function holds(condition: string | undefined, outputs: ReadonlyMap<string, Record<string, string>>): boolean {
  if (condition === undefined) return true;
  return condition.split("||").some((term) => {
    const match = /^\s*steps\.([\w-]+)\.outputs\.(\w+)\s*(==|!=)\s*'([^']*)'\s*$/.exec(term);
    if (!match) throw new Error(`the drift workflow's condition "${term.trim()}" is not one this test judges`);
    const [, step = "", key = "", operator, value] = match;
    const actual = outputs.get(step)?.[key] ?? "";
    return operator === "==" ? actual === value : actual !== value;
  });
}

/** Stand-ins for the commands a runner has and this machine runs otherwise. */
const PRELUDE = [
  'pulumi() { cat "$DRIFT_PREVIEW_JSON"; return "$DRIFT_PREVIEW_CODE"; }',
  `npx() { if [ "$1" != pulumi-wandb ]; then echo "npx $1: not stood in for" >&2; return 127; fi; shift; node ${JSON.stringify(path.join(repoRoot, "dist", "cli", "main.js"))} "$@"; }`,
].join("\n");

function bash(script: string, cwd: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", `${PRELUDE}\n${script}`], { cwd, env: { ...process.env, ...env } }, (error, _stdout, stderr) =>
      error ? reject(new Error(`a drift workflow step failed: ${error.message}\n${stderr}`)) : resolve(),
    );
  });
}

/** Runs the drift job on a preview made with DRIFT_PREVIEW_ARGS: its standard output and exit code. */
export async function runDriftWatch(preview: { json: string; code: number }): Promise<DriftWatchRun> {
  const folder = mkdtempSync(path.join(tmpdir(), "drift-watch-"));
  try {
    writeFileSync(path.join(folder, "preview.json"), preview.json);
    const outputs = new Map<string, Record<string, string>>();
    let failed = false;
    let issue = false;
    for (const step of STEPS) {
      if (!holds(step.if, outputs)) continue;
      if (step.run === undefined) {
        if (step.uses?.startsWith("actions/github-script")) issue = true;
        continue;
      }
      if (/^\s*exit [1-9]/.test(step.run)) {
        failed = true;
        continue;
      }
      if (/^\s*npm ci\s*$/.test(step.run)) continue;
      const output = path.join(folder, "github-output");
      writeFileSync(output, "");
      await bash(step.run, folder, {
        GITHUB_OUTPUT: output,
        GITHUB_STEP_SUMMARY: path.join(folder, "summary.md"),
        DRIFT_PREVIEW_JSON: path.join(folder, "preview.json"),
        DRIFT_PREVIEW_CODE: String(preview.code),
      });
      const written = readFileSync(output, "utf8").split("\n").filter(Boolean);
      if (step.id !== undefined) outputs.set(step.id, Object.fromEntries(written.map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)])));
    }
    return { failed, issue, review: readFileSync(path.join(folder, "drift.md"), "utf8") };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
