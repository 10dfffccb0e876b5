// The warning about an API key stored in plain text in the stack's config: given by the program's
// process (the provider's never sees whether a value was a secret), once per program, never with the key.
import * as pulumi from "@pulumi/pulumi";
import { afterEach, describe, expect, it, vi } from "vitest";
import { plaintextApiKeyWarning } from "../../sdk/stack-config-advice";

const KEY = "local-0123456789abcdef0123456789abcdef01234567";

describe("plaintextApiKeyWarning", () => {
  it.each([
    [{ set: false, secret: false, stack: "dev" }, "a key not in the stack's config (e.g. given as WANDB_API_KEY)"],
    [{ set: true, secret: true, stack: "dev" }, "a key set with --secret"],
  ])("%j: no warning for %s", (key) => {
    expect(plaintextApiKeyWarning(key)).toBeUndefined();
  });

  it("warns about a key in plain text, naming the stack's file and the command that encrypts it", () => {
    const warning = plaintextApiKeyWarning({ set: true, secret: false, stack: "prod" });
    expect(warning).toMatch(/^wandb:apiKey is stored in plain text in the config of stack "prod" \(Pulumi\.prod\.yaml\)/);
    expect(warning).toContain("pulumi config set --secret wandb:apiKey <key>");
    expect(warning).toContain("WANDB_API_KEY");
  });
});

describe("adviseOnStackConfig, as declaring resources calls it in a program", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
    pulumi.runtime.setAllConfig({});
  });

  /** A fresh copy of the module: what it advised is remembered per program. */
  const freshAdvice = () => import("../../sdk/stack-config-advice");

  it("warns once per program about a key in plain text, without the key", async () => {
    pulumi.runtime.setAllConfig({ "wandb:apiKey": KEY, "wandb:baseUrl": "https://api.wandb.ai" }, []);
    const warn = vi.spyOn(pulumi.log, "warn").mockResolvedValue();
    const { adviseOnStackConfig } = await freshAdvice();
    adviseOnStackConfig();
    adviseOnStackConfig();
    expect(warn).toHaveBeenCalledTimes(1);
    const [message] = warn.mock.calls[0] ?? [];
    expect(message).toContain("pulumi config set --secret wandb:apiKey <key>");
    expect(message).not.toContain(KEY);
  });

  it("says nothing about a key stored as a secret", async () => {
    pulumi.runtime.setAllConfig({ "wandb:apiKey": KEY }, ["wandb:apiKey"]);
    const warn = vi.spyOn(pulumi.log, "warn").mockResolvedValue();
    const { adviseOnStackConfig } = await freshAdvice();
    adviseOnStackConfig();
    expect(warn).not.toHaveBeenCalled();
  });
});
