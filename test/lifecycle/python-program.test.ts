// A Python program through the real engine and the Python language host stand-in
// (scripts/language-hosts/python.ts): up, a no-op preview, an update of config, the program's own
// error, a Python without the pulumi package, destroy. The program (test/programs/python-smoke)
// names the repository's .venv in Pulumi.yaml, relative to its folder.
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import type { ProjectSettings } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStack, repoRoot, type StackHandle } from "../support/pulumi";

function errors(diagnostics: { severity: string; message: string }[]): string {
  return diagnostics.filter((d) => d.severity === "error").map((d) => d.message).join("\n");
}

describe("a Python program", () => {
  let stack: StackHandle;

  beforeAll(async () => {
    stack = await openStack(
      { dir: path.join(repoRoot, "test", "programs", "python-smoke") },
      { config: { "python-smoke:greeting": { value: "Hello" }, "python-smoke:token": { value: "s3cr3t", secret: true } } },
    );
  });

  afterAll(async () => {
    await stack?.dispose();
  });

  it("comes up with its component and outputs, the secret config kept secret", async () => {
    const result = await stack.up();
    expect(result.changes).toEqual({ create: 2 });
    expect(result.outputs).toMatchObject({ message: "Hello, test", project: "python-smoke", token: "s3cr3t" });
    expect((await stack.stack.outputs())["token"]?.secret).toBe(true);
    expect(stack.fullLog()).not.toContain("s3cr3t");
  });

  it("previews no change", async () => {
    expect((await stack.preview()).changes).toEqual({ same: 2 });
  });

  it("reads changed config on the next up", async () => {
    await stack.stack.setConfig("python-smoke:greeting", { value: "Hi" });
    const result = await stack.up();
    expect(result.outputs["message"]).toBe("Hi, test");
  });

  it("reports the program's exception with the program's own frames", async () => {
    await stack.stack.setConfig("python-smoke:fail", { value: "true" });
    try {
      const failed = await stack.failing("preview");
      const reported = errors(failed.diagnostics);
      expect(reported).toContain("Program failed with an unhandled exception:");
      expect(reported).toContain("asked to fail by the python-smoke:fail config");
      expect(reported).toMatch(/__main__\.py", line \d+/);
      expect(reported).not.toContain("run_program.py");
      // The executor reported it (exit code 32): the host adds no "exited with" error of its own.
      expect(failed.log).not.toContain("exit code");
    } finally {
      await stack.stack.removeConfig("python-smoke:fail");
    }
  });

  it("says which Python lacks the pulumi package", async () => {
    const settings = await stack.stack.workspace.projectSettings();
    const bare = path.join(stack.scratch, "bare-venv");
    execFileSync("python3", ["-m", "venv", "--without-pip", bare]);
    const withBare: ProjectSettings = { ...settings, runtime: { name: "python", options: { virtualenv: bare } } };
    await stack.stack.workspace.saveProjectSettings(withBare);
    try {
      const failed = await stack.failing("preview");
      expect(failed.log).toContain(`The pulumi package is not installed for ${bare}/bin/python`);
    } finally {
      await stack.stack.workspace.saveProjectSettings(settings);
    }
  });

  it("is destroyed", async () => {
    expect((await stack.destroy()).changes).toEqual({ delete: 2 });
  });
});
