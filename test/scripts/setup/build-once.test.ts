// The per-user cache under setups that run at once: one builds, the others wait for its file.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { repoRoot } from "../../../scripts/repo-root";

const run = promisify(execFile);
const scratch = mkdtempSync(path.join(os.tmpdir(), "pulumi-wandb-build-once-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A setup's call of build_once, with a build that takes a while and counts how often it ran. */
function setup(file: string, buildScript: string) {
  const script = `. '${path.join(repoRoot, "scripts/setup/build-once.bash")}'
slow_build() { echo built >> '${file}.builds'; ${buildScript}; }
build_once '${file}' slow_build`;
  return run("bash", ["-euo", "pipefail", "-c", script]).then(
    ({ stderr }) => ({ code: 0, stderr }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
}

it("builds once when two setups ask at the same time, and both get the whole file", async () => {
  const file = path.join(scratch, "together", "pulumi");
  const results = await Promise.all([1, 2].map(() => setup(file, `sleep 1; printf engine > "$1"`)));
  expect(results.map((result) => result.code)).toEqual([0, 0]);
  expect(readFileSync(`${file}.builds`, "utf8")).toBe("built\n");
  expect(readFileSync(file, "utf8")).toBe("engine");
  expect(results.filter((result) => result.stderr.includes(`built meanwhile by another setup: ${file}`))).toHaveLength(1);
  expect(readdirSync(path.dirname(file)).filter((name) => name.includes(".partial."))).toEqual([]);
});

it("publishes nothing when the build fails, and the next setup builds again", async () => {
  const file = path.join(scratch, "failing", "pulumi");
  const failed = await setup(file, `printf half > "$1"; exit 7`);
  expect(failed.code).toBe(7);
  expect(existsSync(file)).toBe(false);
  expect(readdirSync(path.dirname(file)).filter((name) => name.includes(".partial."))).toEqual([]);

  const again = await setup(file, `printf engine > "$1"`);
  expect(again.code).toBe(0);
  expect(readFileSync(file, "utf8")).toBe("engine");
  expect(readFileSync(`${file}.builds`, "utf8")).toBe("built\nbuilt\n");
});

it("publishes nothing when a build command fails though a later one succeeds (a generator's build, then its cleanup)", async () => {
  const file = path.join(scratch, "failing-then-cleanup", "generator");
  const failed = await setup(file, `false; printf cleaned > '${file}.cleanup'`);
  expect(failed.code).toBe(1);
  expect(existsSync(file)).toBe(false);
  expect(existsSync(`${file}.cleanup`), "the build stops at its failing command").toBe(false);
});
