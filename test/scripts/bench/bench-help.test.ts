// Every bench of package.json (`npm run bench*`) answers `--help` with its usage and what it
// measures, starting nothing; and a flag it does not know with the usage. Runs the built scripts
// (dist/), as npm does.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../scripts/repo-root";

const run = promisify(execFile);
const scripts: Record<string, string> = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")).scripts;
const benches = Object.entries(scripts).flatMap(([name, command]) => {
  const built = /node (dist\/scripts\/bench\/bench[\w-]*\.js)/.exec(command)?.[1];
  return name.startsWith("bench") && built ? [{ name, built }] : [];
});

describe("the benches' command line", () => {
  it("finds every bench of package.json", () => {
    expect(benches.map((bench) => bench.name).sort()).toEqual(["bench", "bench:adopt", "bench:emulator", "bench:failing-preview", "bench:members", "bench:outside-code", "bench:plugin-start", "bench:suite"]);
  });

  it.each(benches)("$name --help prints its usage and options, and starts nothing", async ({ name, built }) => {
    const { stdout } = await run(process.execPath, [built, "--help"], { cwd: repoRoot, timeout: 30_000 });
    expect(stdout).toMatch(new RegExp(`^usage: npm run ${name} --`));
    expect(stdout).toContain("--help");
    // The summary: what it measures, more than the usage line.
    expect(stdout.split("\n").length).toBeGreaterThan(4);
  });

  it.each(benches)("$name answers a flag it does not know with the usage", async ({ name, built }) => {
    const failed = await run(process.execPath, [built, "--no-such-flag", "1"], { cwd: repoRoot, timeout: 30_000 }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(`usage: npm run ${name} --`);
  });
});
