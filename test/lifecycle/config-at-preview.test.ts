// A mistake in the stack's `wandb` config fails `pulumi preview` with a message naming the config
// key, the environment variable, what it accepts and the command that sets it, before any request
// (once fixed, the preview reads the users' listing, to judge the new User's email);
// and an API key stored in plain text is warned about by the program. Every other mistake is
// checked in-process (test/resources/config-at-preview.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorConfig, installedPackage, openStack, type Diagnostic, type StackHandle } from "../support/pulumi";
import { readLog, resetLog } from "../../scripts/emulator-api";

const messagesOf = (diagnostics: Diagnostic[], severity: string) =>
  diagnostics.filter((d) => d.severity === severity).map((d) => d.message).join("\n");

describe("a configuration mistake fails the preview, with nothing sent", () => {
  let emulator: RunningEmulator;
  let stack: StackHandle;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    const wandb = installedPackage();
    stack = await openStack(
      { projectName: "config-at-preview", inline: async () => void new wandb.User("ana", { userName: "ana", email: "ana@example.com" }) },
      {
        config: {
          ...emulatorConfig(emulator),
          "wandb:apiKey": { value: emulator.admin.apiKey }, // in plain text
          "wandb:maxRetries": { value: "11" },
        },
      },
    );
    await resetLog(emulator);
  });

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("fails on wandb:maxRetries=11, and warns about the key in plain text without showing it", async () => {
    const failed = await stack.failing("preview");
    const errors = messagesOf(failed.diagnostics, "error");
    expect(errors).toContain(
      "resource 'ana' has a problem: Invalid wandb:maxRetries (got \"11\"): expected an integer from 0 to 10. " +
        "Set it with `pulumi config set wandb:maxRetries <value>` or the environment variable WANDB_MAX_RETRIES.",
    );
    const warnings = messagesOf(failed.diagnostics, "warning");
    expect(warnings).toContain('wandb:apiKey is stored in plain text in the config of stack "test"');
    expect(warnings).toContain("pulumi config set --secret wandb:apiKey <key>");
    expect(failed.log).not.toContain(emulator.admin.apiKey);
    expect(JSON.stringify(failed.diagnostics)).not.toContain(emulator.admin.apiKey);
    expect((await readLog(emulator)).counters.total).toBe(0);
  });

  it("passes once fixed, and says nothing of a key stored as a secret", async () => {
    await stack.stack.setConfig("wandb:maxRetries", { value: "2" });
    await stack.stack.setConfig("wandb:apiKey", { value: emulator.admin.apiKey, secret: true });
    const previewed = await stack.preview();
    expect(messagesOf(previewed.diagnostics, "error")).toBe("");
    expect(messagesOf(previewed.diagnostics, "warning")).not.toContain("wandb:apiKey");
  });

  it("sent no request to the service but, once fixed, the one listing of users that judges the new User's email", async () => {
    expect((await readLog(emulator)).counters.byRoute).toEqual({ "GET /scim/Users": 1 });
  });
});
