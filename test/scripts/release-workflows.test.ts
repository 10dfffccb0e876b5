// The GitHub workflows cannot run here: what they run is checked instead. The release builds each
// platform's archive on its own runner with the release command, gathers them, then publishes;
// pull requests run the README's test command.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { expect, it } from "vitest";
import { parse } from "yaml";
import { repoRoot } from "../../scripts/repo-root";
import { PLATFORMS } from "../../scripts/release/platforms";

interface Step { run?: string; uses?: string; with?: Record<string, unknown> }
interface Job { "runs-on": string; needs?: string; strategy?: { matrix: { include: { runner: string; platform: string }[] } }; steps: Step[] }
interface Workflow { on: Record<string, unknown>; jobs: Record<string, Job> }

const workflow = (name: string) => parse(readFileSync(path.join(repoRoot, ".github", "workflows", name), "utf8")) as Workflow;
const runs = (job: Job) => job.steps.flatMap((step) => (step.run ? [step.run.trim()] : []));

it("a v* tag builds every platform's plugin archive on that platform with the release command", () => {
  const release = workflow("release.yml");
  expect(release.on).toEqual({ push: { tags: ["v*"] } });
  const plugin = release.jobs["plugin"]!;
  expect(plugin.strategy?.matrix.include.map((entry) => entry.platform).sort()).toEqual(PLATFORMS.map((platform) => platform.name).sort());
  expect(plugin["runs-on"]).toBe("${{ matrix.runner }}");
  expect(runs(plugin)).toContain("node dist/scripts/release/release.js --platform ${{ matrix.platform }} --only plugin");
});

it("then publishes the SDKs, the archives with their checksums, PyPI, npm and the Go SDK's tag", () => {
  const publish = workflow("release.yml").jobs["publish"]!;
  expect(publish.needs).toBe("plugin");
  const commands = runs(publish);
  expect(commands).toEqual(expect.arrayContaining(["node dist/scripts/release/release.js --only sdks", "node dist/scripts/release/release.js --only checksums"]));
  expect(commands.indexOf("node dist/scripts/release/release.js --only checksums")).toBeGreaterThan(commands.indexOf("node dist/scripts/release/release.js --only sdks"));
  expect(commands.join("\n")).toMatch(/gh release create "\$GITHUB_REF_NAME" release\/\*/);
  expect(commands.join("\n")).toMatch(/npm publish "\$tarball"/);
  expect(commands.join("\n")).toMatch(/git tag "sdk\/go\/\$GITHUB_REF_NAME"/);
  // The gitops template's lock pins the tarball npm publishes, checked once it is built.
  const lockChecked = commands.indexOf("node dist/scripts/release/gitops-template.js --check");
  expect(lockChecked).toBeGreaterThan(commands.indexOf("node dist/scripts/release/release.js --only sdks"));
  expect(lockChecked).toBeLessThan(commands.findIndex((command) => command.includes("npm publish")));
  expect(publish.steps.map((step) => step.uses)).toContain("pypa/gh-action-pypi-publish@release/v1");
});

it("packs the generated .NET SDK with dotnet on the runner, before the checksums, and pushes it to NuGet", () => {
  const publish = workflow("release.yml").jobs["publish"]!;
  const commands = runs(publish);
  const pack = commands.indexOf("dotnet pack sdk/dotnet --configuration Release --output release");
  expect(pack).toBeGreaterThan(-1);
  expect(pack).toBeLessThan(commands.indexOf("node dist/scripts/release/release.js --only checksums"));
  const setupDotnet = publish.steps.findIndex((step) => step.uses?.startsWith("actions/setup-dotnet@"));
  expect(setupDotnet).toBeGreaterThan(-1);
  expect(setupDotnet).toBeLessThan(publish.steps.findIndex((step) => step.run?.startsWith("dotnet pack")));
  expect(commands.join("\n")).toMatch(/dotnet nuget push "release\/\*\.nupkg"/);
});

it("pull requests run the README's test command", () => {
  const test = workflow("test.yml");
  expect(Object.keys(test.on)).toContain("pull_request");
  expect(runs(test.jobs["test"]!)).toEqual(["npm test"]);
});
