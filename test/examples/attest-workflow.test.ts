// examples/gitops's quarterly attestation (.github/workflows/attest.yml) as GitHub runs its job: the
// attest step's own `run` script in bash (`-eo pipefail`), with `npx pulumi-wandb` this repository's
// built command and `date` standing at a quarter's first day, against the emulator. The first
// quarter attests without a previous file; the next one compares with it (--since) and lists the
// change made in between, with who made it; the pull request is opened with the quarter's files.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { z } from "zod";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { repoRoot } from "../../scripts/repo-root";
import { asSecondAdmin, SECOND_ADMIN } from "../support/changes-by-hand";
import { exportEnvironment } from "../support/export-command";
import { temporaryFolder } from "../support/temporary-folder";

const job = z
  .object({
    on: z.object({ schedule: z.array(z.object({ cron: z.string() })) }),
    jobs: z.object({ attest: z.object({ env: z.record(z.string(), z.string()), steps: z.array(z.object({ id: z.string().optional(), run: z.string().optional(), uses: z.string().optional(), with: z.record(z.string(), z.unknown()).optional() })) }) }),
  })
  .parse(parse(readFileSync(path.join(repoRoot, "examples", "gitops", ".github", "workflows", "attest.yml"), "utf8")));

const attestStep = job.jobs.attest.steps.find((step) => step.id === "attest");

/** Runs the attest step as a runner would, on the first day of `month` of 2027; its outputs. */
function runAttestStep(folder: string, month: number, env: Record<string, string>): Promise<string> {
  const prelude = [
    `date() { case "$*" in "-u +%Y") echo 2027;; "-u +%-m") echo ${month};; *) command date "$@";; esac; }`,
    `npx() { if [ "$1" != pulumi-wandb ]; then return 127; fi; shift; node ${JSON.stringify(path.join(repoRoot, "dist", "cli", "main.js"))} "$@"; }`,
  ].join("\n");
  const output = path.join(folder, "github-output");
  writeFileSync(output, "");
  return new Promise((resolve, reject) =>
    execFile("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", `${prelude}\n${attestStep?.run ?? "exit 1"}`], { cwd: folder, env: { ...process.env, ...env, GITHUB_OUTPUT: output } }, (error, _out, stderr) =>
      error ? reject(new Error(`the attest step failed: ${error.message}\n${stderr}`)) : resolve(readFileSync(output, "utf8")),
    ),
  );
}

describe("examples/gitops's quarterly attestation workflow", () => {
  let emulator: RunningEmulator;
  let folder: string;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, userRolesOnGet: "shown" });
    folder = temporaryFolder("attest-workflow-");
    const users = ["admin", "second-admin", "member"].map((userName) => ({ userName, email: `${userName}@acme.example`, ...(userName === "member" ? {} : { organizationRole: "admin" }) }));
    writeFileSync(path.join(folder, "roster.yaml"), stringify({ users }));
  });
  afterAll(() => emulator?.close());

  it("runs quarterly, with the audit log read, and opens a pull request with the quarter's files", () => {
    expect(job.on.schedule[0]?.cron).toBe("0 7 1 1,4,7,10 *");
    expect(job.jobs.attest.env["WANDB_AUDIT_LOG"]).toBe("true");
    const pullRequest = job.jobs.attest.steps.find((step) => step.uses?.startsWith("peter-evans/create-pull-request"));
    expect(pullRequest?.with?.["branch"]).toBe("access-attestation/${{ steps.attest.outputs.quarter }}");
  });

  it("attests the first quarter without a previous file, and the next since it, naming who changed what in between", async () => {
    const env = { ...exportEnvironment(emulator), WANDB_AUDIT_LOG: "true" };
    expect(await runAttestStep(folder, 1, env)).toBe("quarter=2027-Q1\n");
    expect(readFileSync(path.join(folder, "attestations", "2027-Q1.md"), "utf8")).not.toContain("## Changed since");
    const member = ((await asSecondAdmin(emulator, "GET", `/Users?filter=${encodeURIComponent('userName eq "member"')}`, undefined)) as { Resources: { id: string }[] }).Resources[0]?.id;
    await asSecondAdmin(emulator, "PATCH", `/Users/${member}`, { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [{ op: "replace", path: "organizationRole", value: "admin" }] });
    expect(await runAttestStep(folder, 4, env)).toBe("quarter=2027-Q2\n");
    expect(readdirSync(path.join(folder, "attestations")).sort()).toEqual(["2027-Q1.json", "2027-Q1.md", "2027-Q2.json", "2027-Q2.md"]);
    const second = readFileSync(path.join(folder, "attestations", "2027-Q2.md"), "utf8");
    expect(second).toContain("## Changed since the previous attestation");
    expect(second).toMatch(new RegExp(`\\| member \\| organization role member → admin \\| \\*\\*outside code\\*\\* \\| granted admin by ${SECOND_ADMIN.email}, \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC \\|`));
  });
});
