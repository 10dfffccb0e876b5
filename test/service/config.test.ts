import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { deploymentFrom, judgeConfig, resolveConfig, unknownKeyProblems, WandbConfigError } from "../../service/config";

const KEY = "local-0123456789abcdef0123456789abcdef01234567";

describe("resolveConfig", () => {
  it("reads stack config first, then the environment", () => {
    const config = resolveConfig(
      { baseUrl: "https://acme.wandb.io/scim/" },
      { WANDB_BASE_URL: "https://ignored.example.com", WANDB_API_KEY: KEY, WANDB_USERNAME: "admin" },
    );
    expect(config.baseUrl).toBe("https://acme.wandb.io");
    expect(config.apiKey.reveal()).toBe(KEY);
    expect(config.username).toBe("admin");
    expect(config.deployment).toBe("dedicated");
    expect(config.inferenceUrl).toBe("https://api.inference.wandb.ai/v1");
    expect(config.maxConcurrency).toBe(8);
  });

  it.each([
    ["https://api.wandb.ai", "https://api.wandb.ai", "saas"],
    ["https://api.wandb.ai/", "https://api.wandb.ai", "saas"],
    ["https://api.wandb.ai/scim", "https://api.wandb.ai", "saas"],
    ["https://acme.wandb.io/scim/", "https://acme.wandb.io", "dedicated"],
    ["https://wandb.corp.example/ml/scim", "https://wandb.corp.example/ml", "self-managed"],
    ["http://localhost:8080/", "http://localhost:8080", "self-managed"],
  ])("normalises %s to the host base", (input, base, deployment) => {
    const config = resolveConfig({ baseUrl: input, apiKey: KEY }, {});
    expect(config.baseUrl).toBe(base);
    expect(config.deployment).toBe(deployment);
  });

  it.each([
    ["https://scim.example.com/scim/v2", "/scim/v2"],
    ["https://scim.example.com/SCIM/v2/", "/SCIM/v2"],
    ["https://scim.example.com/scim", "/scim"],
  ])("takes the SCIM root a base URL ends with (%s) as the SCIM path, so requests go to <root>/Users", (baseUrl, scimPath) => {
    expect(resolveConfig({ baseUrl, apiKey: KEY }, {})).toMatchObject({ baseUrl: "https://scim.example.com", scimPath });
    expect(resolveConfig({ baseUrl, apiKey: KEY, scimPath }, {})).toMatchObject({ baseUrl: "https://scim.example.com", scimPath });
  });

  it("refuses a base URL ending with one SCIM root beside a scimPath naming another, naming both keys", () => {
    const error = catchError(() => resolveConfig({ baseUrl: "https://scim.example.com/scim/v2", apiKey: KEY, scimPath: "/v2" }, {}));
    expect(error.message).toContain("wandb:baseUrl ends with the SCIM root /scim/v2 while wandb:scimPath (WANDB_SCIM_PATH) says /v2");
  });

  it("defaults to W&B's SCIM root and Basic authentication", () => {
    const config = resolveConfig({ baseUrl: "https://api.wandb.ai/scim", apiKey: KEY }, {});
    expect(config).toMatchObject({ baseUrl: "https://api.wandb.ai", scimPath: "/scim", authScheme: "basic" });
  });

  it.each([
    ["/scim", "/scim"],
    ["/scim/v2", "/scim/v2"],
    ["/v2/", "/v2"],
    ["/", ""],
    [" /scim/v2 ", "/scim/v2"],
  ])("takes the SCIM root %j as %j", (scimPath, expected) => {
    expect(resolveConfig({ baseUrl: "https://scim.example.com", apiKey: KEY, scimPath }, {}).scimPath).toBe(expected);
  });

  it("reads scimPath and authScheme from WANDB_SCIM_PATH and WANDB_AUTH_SCHEME", () => {
    const config = resolveConfig({}, { WANDB_BASE_URL: "https://scim.example.com", WANDB_API_KEY: KEY, WANDB_SCIM_PATH: "/v2", WANDB_AUTH_SCHEME: "bearer" });
    expect(config).toMatchObject({ scimPath: "/v2", authScheme: "bearer" });
  });

  it.each(["scim", "/scim v2", "/scim/../admin", "//scim", "https://api.wandb.ai/scim", "/scim?x=1"])(
    "rejects the SCIM root %j, naming both keys and what is expected",
    (scimPath) => {
      const error = catchError(() => resolveConfig({ baseUrl: "https://api.wandb.ai", apiKey: KEY, scimPath }, {}));
      expect(error).toBeInstanceOf(WandbConfigError);
      expect(error.message).toContain("wandb:scimPath");
      expect(error.message).toContain("WANDB_SCIM_PATH");
      expect(error.message).toContain("/scim/v2");
    },
  );

  it("rejects an unknown authScheme, naming both keys and the two schemes, without the key", () => {
    const error = catchError(() => resolveConfig({}, { WANDB_BASE_URL: "https://api.wandb.ai", WANDB_API_KEY: KEY, WANDB_AUTH_SCHEME: "token" }));
    expect(error.message).toContain("WANDB_AUTH_SCHEME");
    expect(error.message).toContain("wandb:authScheme");
    expect(error.message).toMatch(/basic .*bearer/);
    expect(error.message).not.toContain(KEY);
  });

  it("omits the username for service-account keys and honours an explicit deployment", () => {
    const config = resolveConfig({ baseUrl: "https://api.wandb.ai", apiKey: KEY, deployment: "self-managed" }, {});
    expect(config.username).toBeUndefined();
    expect(config.deployment).toBe("self-managed");
  });

  it("names the config key, the env variable and the fix when the key is missing", () => {
    const error = catchError(() => resolveConfig({ baseUrl: "https://api.wandb.ai" }, {}));
    expect(error).toBeInstanceOf(WandbConfigError);
    expect(error.message).toContain("wandb:apiKey");
    expect(error.message).toContain("WANDB_API_KEY");
    expect(error.message).toContain("pulumi config set --secret wandb:apiKey");
  });

  it.each([
    [{ baseUrl: "not a url" }, "wandb:baseUrl", "WANDB_BASE_URL"],
    [{ maxConcurrency: "many" }, "wandb:maxConcurrency", "WANDB_MAX_CONCURRENCY"],
    [{ maxRetries: "-1" }, "wandb:maxRetries", "WANDB_MAX_RETRIES"],
    [{ deployment: "cloud" }, "wandb:deployment", "WANDB_DEPLOYMENT"],
    [{ inferenceProject: "no-slash" }, "wandb:inferenceProject", "WANDB_INFERENCE_PROJECT"],
  ])("names key and env variable for malformed %j", (bad, key, env) => {
    const error = catchError(() => resolveConfig({ baseUrl: "https://api.wandb.ai", apiKey: KEY, ...bad }, {}));
    expect(error.message).toContain(key);
    expect(error.message).toContain(env);
    expect(error.message).toContain(`pulumi config set ${key}`);
  });

  it("reports every mistake at once, in one WandbConfigError", () => {
    const error = catchError(() => resolveConfig({ baseUrl: "acme.wandb.io", maxRetries: "11", deployment: "cloud" }, { WANDB_TIMEOUT_SECONDS: "0.5" }));
    expect(error).toBeInstanceOf(WandbConfigError);
    const problems = (error as WandbConfigError).problems;
    expect(problems).toEqual([
      expect.stringMatching(/^Invalid wandb:baseUrl \(got "acme.wandb.io"\)/),
      expect.stringMatching(/^Missing wandb:apiKey/),
      expect.stringMatching(/^Invalid wandb:deployment \(got "cloud"\)/),
      expect.stringMatching(/^Invalid wandb:maxRetries/),
      expect.stringMatching(/^Invalid WANDB_TIMEOUT_SECONDS/),
    ]);
    expect(error.message).toBe(`5 configuration problems:\n${problems.map((p) => `- ${p}`).join("\n")}`);
  });

  it("judges without throwing: the configuration, or every problem", () => {
    expect(judgeConfig({ baseUrl: "https://api.wandb.ai", apiKey: KEY }, {})).toMatchObject({ config: { deployment: "saas", maxRetries: 4 } });
    expect(judgeConfig({}, {})).toEqual({ problems: [expect.stringMatching(/^Missing wandb:baseUrl/), expect.stringMatching(/^Missing wandb:apiKey/)] });
  });

  it("names the env variable when the bad value came from the environment", () => {
    const error = catchError(() =>
      resolveConfig({}, { WANDB_BASE_URL: "https://api.wandb.ai", WANDB_API_KEY: KEY, WANDB_TIMEOUT_SECONDS: "0" }),
    );
    expect(error.message).toContain("WANDB_TIMEOUT_SECONDS");
    expect(error.message).toContain("wandb:timeoutSeconds");
  });

  it("never echoes a malformed key", () => {
    const badKey = `${KEY} trailing-part`;
    const error = catchError(() => resolveConfig({ baseUrl: "https://api.wandb.ai", apiKey: badKey }, {}));
    expect(error.message).toContain("wandb:apiKey");
    expect(error.message).not.toContain(KEY);
    expect(String(error.stack)).not.toContain(KEY);
  });

  it("refuses a key too short to be kept out of messages, without echoing it", () => {
    const error = catchError(() => resolveConfig({ baseUrl: "https://api.wandb.ai", apiKey: "s3cr3t" }, {}));
    expect(error.message).toContain("wandb:apiKey");
    expect(error.message).toContain("of 8 characters or more");
    expect(error.message).not.toContain("s3cr3t");
  });

  it("does not leak the key through JSON or util.inspect", () => {
    const config = resolveConfig({ baseUrl: "https://api.wandb.ai", apiKey: KEY }, {});
    expect(JSON.stringify(config)).not.toContain(KEY);
    expect(inspect(config, { depth: 10, showHidden: true })).not.toContain(KEY);
    expect(`${config.apiKey}`).not.toContain(KEY);
  });
});

function catchError(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected an error");
}

describe("deploymentFrom: the deployment without credentials, for preview-time rules", () => {
  it("takes wandb:deployment first, then WANDB_DEPLOYMENT, then infers it from the base URL", async () => {
    expect(deploymentFrom({ deployment: "saas", baseUrl: "https://acme.wandb.io" }, {})).toBe("saas");
    expect(deploymentFrom({}, { WANDB_DEPLOYMENT: "self-managed", WANDB_BASE_URL: "https://api.wandb.ai" })).toBe("self-managed");
    expect(deploymentFrom({ baseUrl: "https://api.wandb.ai/scim/" }, {})).toBe("saas");
    expect(deploymentFrom({}, { WANDB_BASE_URL: "https://acme.wandb.io" })).toBe("dedicated");
    expect(deploymentFrom({}, { WANDB_BASE_URL: "http://127.0.0.1:8090" })).toBe("self-managed");
  });

  it("is undefined when nothing says, or the base URL is not a URL", async () => {
    expect(deploymentFrom({}, {})).toBeUndefined();
    expect(deploymentFrom({ baseUrl: "not a url" }, {})).toBeUndefined();
  });

  it("refuses an unknown deployment instead of inferring one from the host", () => {
    const fromStack = catchError(() => deploymentFrom({ deployment: "cloud", baseUrl: "https://api.wandb.ai" }, {}));
    expect(fromStack).toBeInstanceOf(WandbConfigError);
    expect(fromStack.message).toMatch(/^Invalid wandb:deployment \(got "cloud"\): expected one of saas, dedicated, self-managed\. .*pulumi config set wandb:deployment/);
    const fromEnv = catchError(() => deploymentFrom({}, { WANDB_DEPLOYMENT: "SaaS", WANDB_BASE_URL: "https://acme.wandb.io" }));
    expect(fromEnv.message).toMatch(/^Invalid WANDB_DEPLOYMENT \(got "SaaS"\)/);
  });
});

describe("unknownKeyProblems: keys of the wandb namespace that are none of ours", () => {
  it.each([
    ["baseURL", "baseUrl", "pulumi config set wandb:baseUrl <value>", "WANDB_BASE_URL"],
    ["apikey", "apiKey", "pulumi config set --secret wandb:apiKey <value>", "WANDB_API_KEY"],
    ["maxRetrys", "maxRetries", "pulumi config set wandb:maxRetries <value>", "WANDB_MAX_RETRIES"],
    ["timeoutSecond", "timeoutSeconds", "pulumi config set wandb:timeoutSeconds <value>", "WANDB_TIMEOUT_SECONDS"],
  ])("wandb:%s: did you mean wandb:%s?", (typed, meant, command, env) => {
    const [problem, ...others] = unknownKeyProblems([typed, meant], { sharedWithProject: false });
    expect(others).toEqual([]);
    expect(problem).toContain(`Unknown config key wandb:${typed}: did you mean wandb:${meant}?`);
    expect(problem).toContain(`pulumi config rm wandb:${typed}`);
    expect(problem).toContain(command);
    expect(problem).toContain(env);
  });

  it("names every key there is when none is close, unless the project shares the namespace", () => {
    expect(unknownKeyProblems(["region"], { sharedWithProject: false })).toEqual([expect.stringMatching(/^Unknown config key wandb:region: pulumi-wandb reads only wandb:baseUrl, wandb:scimPath, wandb:apiKey, /)]);
    expect(unknownKeyProblems(["region", "baseURL"], { sharedWithProject: true })).toEqual([expect.stringContaining("did you mean wandb:baseUrl?")]);
    expect(unknownKeyProblems(["baseUrl", "apiKey", "maxRetries"], { sharedWithProject: false })).toEqual([]);
  });
});
