// A mistake in the stack's `wandb` config fails `check` (the engine's preview) on every resource,
// naming the config key, the environment variable, what it accepts and the command that sets it,
// before any request. The engine's rendering is shown once in test/lifecycle/config-at-preview.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WandbConfigError } from "../../../service/config";
import { RESOURCE_KINDS, type ResourceKind } from "../../../model/resource-kinds";
import { startEmulator, type RunningEmulator } from "../../../emulator";
import type { DynamicProvider } from "../../../provider/doors/dynamic";
import { readLog, resetLog } from "../../../scripts/emulator-api";
import { configureKind, dynamicProviderWith } from "../../support/provider";
import { restoreEnv, setEnv } from "../../support/functions";

/** Inputs each kind's own check accepts: what fails is the configuration alone. */
const VALID_INPUTS: { [K in ResourceKind]: Record<string, unknown> } = {
  User: { userName: "ana", email: "ana@example.com" },
  Team: { name: "research" },
  TeamMember: { teamId: "team-id", user: "ana@example.com" },
  CustomRole: { name: "Run operator", inheritedFrom: "member", permissions: ["run:delete"] },
  OrganizationRoleAssignment: { user: "ana@example.com", role: "member" },
  TeamRoleAssignment: { user: "ana@example.com", teamName: "research", roleName: "admin" },
  RegistryRoleAssignment: { user: "ana@example.com", registryName: "models", roleName: "admin" },
  ServiceAccount: { name: "ci-bot", scope: "team", defaultTeam: "research" },
  RosterGuard: { organization: "acme", users: ["ana"], admins: ["ana"], teams: { research: ["ana"] } },
  OrganizationMembers: { members: { ana: { email: "ana@example.com" } } },
};

interface Failure {
  property: string;
  reason: string;
}

/** The dynamic provider process of the test, configured by it. */
let provider: DynamicProvider;

async function checkFailures(kind: ResourceKind): Promise<Failure[]> {
  const result = (await provider.dispatch(kind, "check", [{}, { ...VALID_INPUTS[kind], __provider: "shim" }])) as { failures?: Failure[] };
  return result.failures ?? [];
}

interface Mistake {
  what: string;
  /** Config keys (without `wandb:`) set to a value, or removed with undefined. */
  change: Record<string, string | undefined>;
  /** What the message must name: the config key (with namespace), the environment variable, what it accepts, how to set it. */
  key: string;
  env: string;
  accepts: RegExp;
  command: string;
}

const mistakes: Mistake[] = [
  { what: "no baseUrl", change: { baseUrl: undefined }, key: "Missing wandb:baseUrl", env: "WANDB_BASE_URL", accepts: /http\(s\) URL/, command: "pulumi config set wandb:baseUrl <value>" },
  { what: "no apiKey", change: { apiKey: undefined }, key: "Missing wandb:apiKey", env: "WANDB_API_KEY", accepts: /W&B API key/, command: "pulumi config set --secret wandb:apiKey <value>" },
  { what: "a baseUrl without a scheme", change: { baseUrl: "acme.wandb.io" }, key: 'Invalid wandb:baseUrl (got "acme.wandb.io")', env: "WANDB_BASE_URL", accepts: /http\(s\) URL/, command: "pulumi config set wandb:baseUrl" },
  { what: "a baseUrl that is not http(s)", change: { baseUrl: "ftp://acme.wandb.io" }, key: "Invalid wandb:baseUrl", env: "WANDB_BASE_URL", accepts: /http\(s\) URL/, command: "pulumi config set wandb:baseUrl" },
  { what: "an apiKey with a space", change: { apiKey: "local-key with-space" }, key: "Invalid wandb:apiKey", env: "WANDB_API_KEY", accepts: /W&B API key/, command: "pulumi config set --secret wandb:apiKey" },
  { what: "maxConcurrency 0", change: { maxConcurrency: "0" }, key: "wandb:maxConcurrency", env: "WANDB_MAX_CONCURRENCY", accepts: /integer from 1 to 64/, command: "pulumi config set wandb:maxConcurrency" },
  { what: "maxConcurrency abc", change: { maxConcurrency: "abc" }, key: "wandb:maxConcurrency", env: "WANDB_MAX_CONCURRENCY", accepts: /integer from 1 to 64/, command: "pulumi config set wandb:maxConcurrency" },
  { what: "a negative timeout", change: { timeoutSeconds: "-5" }, key: "wandb:timeoutSeconds", env: "WANDB_TIMEOUT_SECONDS", accepts: /integer number of seconds from 1 to 600/, command: "pulumi config set wandb:timeoutSeconds" },
  { what: "a fractional timeout", change: { timeoutSeconds: "0.5" }, key: "wandb:timeoutSeconds", env: "WANDB_TIMEOUT_SECONDS", accepts: /integer number of seconds/, command: "pulumi config set wandb:timeoutSeconds" },
  { what: "maxRetries 11", change: { maxRetries: "11" }, key: 'Invalid wandb:maxRetries (got "11")', env: "WANDB_MAX_RETRIES", accepts: /integer from 0 to 10/, command: "pulumi config set wandb:maxRetries" },
  { what: "an unknown deployment", change: { deployment: "cloud" }, key: 'Invalid wandb:deployment (got "cloud")', env: "WANDB_DEPLOYMENT", accepts: /saas, dedicated, self-managed/, command: "pulumi config set wandb:deployment" },
  { what: "a username with a colon", change: { username: "admin:x" }, key: "wandb:username", env: "WANDB_USERNAME", accepts: /without ':'/, command: "pulumi config set wandb:username" },
  { what: "an inferenceProject without a slash", change: { inferenceProject: "noslash" }, key: "wandb:inferenceProject", env: "WANDB_INFERENCE_PROJECT", accepts: /<entity>\/<project>/, command: "pulumi config set wandb:inferenceProject" },
  { what: "an inferenceUrl that is not a URL", change: { inferenceUrl: "not-a-url" }, key: "wandb:inferenceUrl", env: "WANDB_INFERENCE_URL", accepts: /http\(s\) URL ending in \/v1/, command: "pulumi config set wandb:inferenceUrl" },
  { what: "a scimPath without a leading slash", change: { scimPath: "scim" }, key: "wandb:scimPath", env: "WANDB_SCIM_PATH", accepts: /starting with "\/"/, command: "pulumi config set wandb:scimPath" },
  { what: "an unknown authScheme", change: { authScheme: "token" }, key: "wandb:authScheme", env: "WANDB_AUTH_SCHEME", accepts: /basic .*bearer/, command: "pulumi config set wandb:authScheme" },
  { what: "minAdmins -1", change: { minAdmins: "-1" }, key: 'Invalid wandb:minAdmins (got "-1")', env: "WANDB_MIN_ADMINS", accepts: /integer from 0 to 1000/, command: "pulumi config set wandb:minAdmins" },
  { what: "maxRemovalFraction 25%", change: { maxRemovalFraction: "25%" }, key: "wandb:maxRemovalFraction", env: "WANDB_MAX_REMOVAL_FRACTION", accepts: /fraction from 0 to 1/, command: "pulumi config set wandb:maxRemovalFraction" },
  { what: "maxRemovalFraction 2", change: { maxRemovalFraction: "2" }, key: "wandb:maxRemovalFraction", env: "WANDB_MAX_REMOVAL_FRACTION", accepts: /fraction from 0 to 1/, command: "pulumi config set wandb:maxRemovalFraction" },
  { what: "protectSelf yes", change: { protectSelf: "yes" }, key: "wandb:protectSelf", env: "WANDB_PROTECT_SELF", accepts: /true or false/, command: "pulumi config set wandb:protectSelf" },
  { what: "a misspelt baseUrl", change: { baseURL: "https://acme.wandb.io" }, key: "Unknown config key wandb:baseURL: did you mean wandb:baseUrl?", env: "WANDB_BASE_URL", accepts: /http\(s\) URL/, command: "pulumi config set wandb:baseUrl <value>" },
];

describe("the stack config is judged at check, before any request", () => {
  let emu: RunningEmulator;

  /** The emulator's stack config with `change` applied, as the engine hands it over. */
  const stackConfig = (change: Record<string, string | undefined> = {}): Record<string, string> => {
    const settings: Record<string, string | undefined> = {
      baseUrl: emu.url,
      apiKey: emu.admin.apiKey,
      username: emu.admin.username,
      deployment: emu.deployment,
      ...change,
    };
    const entries = Object.entries(settings).flatMap(([key, value]) => (value === undefined ? [] : [[`wandb:${key}`, value] as const]));
    return Object.fromEntries(entries);
  };

  beforeAll(async () => {
    setEnv({}); // the environment must not fill what the stack config leaves out
    emu = await startEmulator({ port: 0 });
  });
  afterAll(async () => {
    restoreEnv();
    await emu?.close();
  });
  beforeEach(() => resetLog(emu));

  it("a valid configuration adds no failure to any kind's check", async () => {
    provider = await dynamicProviderWith(stackConfig());
    for (const kind of RESOURCE_KINDS) expect(await checkFailures(kind), kind).toEqual([]);
  });

  it.each(mistakes.map((mistake) => [mistake.what, mistake] as const))("%s fails check, naming the key, the variable, what it accepts and the command", async (_what, mistake) => {
    provider = await dynamicProviderWith(stackConfig(mistake.change));
    const failures = await checkFailures("User");
    expect(failures).toHaveLength(1);
    const [failure] = failures;
    // No property: the engine shows it as `<type> resource '<name>' has a problem: <reason>`.
    expect(failure?.property).toBe("");
    expect(failure?.reason).toContain(mistake.key);
    expect(failure?.reason).toContain(mistake.env);
    expect(failure?.reason).toMatch(mistake.accepts);
    expect(failure?.reason).toContain(mistake.command);
    expect((await readLog(emu)).counters.total).toBe(0);
  });

  it("never shows a malformed apiKey", async () => {
    provider = await dynamicProviderWith(stackConfig({ apiKey: `${emu.admin.apiKey} trailing` }));
    const failures = await checkFailures("User");
    expect(failures.map((f) => f.reason).join("\n")).toContain("wandb:apiKey");
    expect(JSON.stringify(failures)).not.toContain(emu.admin.apiKey);
  });

  it("reports every mistake at once, on every kind, and the inputs' own failures beside them", async () => {
    provider = await dynamicProviderWith(stackConfig({ baseUrl: undefined, baseURL: emu.url, maxRetries: "11", timeoutSeconds: "0" }));
    for (const kind of RESOURCE_KINDS) {
      const reasons = (await checkFailures(kind)).map((f) => f.reason);
      expect(reasons, kind).toEqual([
        expect.stringContaining("did you mean wandb:baseUrl?"),
        expect.stringContaining("Missing wandb:baseUrl"),
        expect.stringContaining("Invalid wandb:maxRetries"),
        expect.stringContaining("Invalid wandb:timeoutSeconds"),
      ]);
    }
    const result = (await provider.dispatch("User", "check", [{}, { userName: "ana", email: "not-an-email", __provider: "shim" }])) as { failures: Failure[] };
    expect(result.failures.map((f) => f.property)).toEqual(["", "", "", "", "email"]);
    expect((await readLog(emu)).counters.total).toBe(0);
  });

  it("a mistake in the environment is told by its variable", async () => {
    setEnv({ WANDB_MAX_RETRIES: "many" });
    try {
      provider = await dynamicProviderWith(stackConfig({ timeoutSeconds: "17" }));
      const [failure] = await checkFailures("Team");
      expect(failure?.reason).toMatch(/^Invalid WANDB_MAX_RETRIES \(got "many"\).*pulumi config set wandb:maxRetries/);
    } finally {
      setEnv({});
    }
  });

  it("an unknown deployment is never replaced by what the host suggests: no saas rules, the mistake instead", async () => {
    // On api.wandb.ai a user without teams would fail the saas rule; the deployment named decides, and it is unknown.
    provider = await dynamicProviderWith(stackConfig({ baseUrl: "https://api.wandb.ai", deployment: "multi-tenant" }));
    const failures = await checkFailures("User");
    expect(failures).toEqual([{ property: "", reason: expect.stringContaining('Invalid wandb:deployment (got "multi-tenant")') }]);
  });

  it("keys of other namespaces are not ours; a key unlike any of ours is named with the keys there are", async () => {
    provider = await dynamicProviderWith({ ...stackConfig(), "aws:region": "eu-west-1", "test-project:baseURL": "x", "wandb:colour": "blue" });
    const reasons = (await checkFailures("User")).map((f) => f.reason);
    expect(reasons).toEqual([expect.stringMatching(/^Unknown config key wandb:colour: pulumi-wandb reads only wandb:baseUrl, .*wandb:timeoutSeconds, .*wandb:protectSelf, wandb:expiryNoticeDays, wandb:auditLog\. Remove it with `pulumi config rm wandb:colour`/)]);
  });

  it("in a project itself named wandb, the project's own keys are left alone; near misses of ours are still told", async () => {
    provider = await dynamicProviderWith({ ...stackConfig(), "wandb:colour": "blue", "wandb:apikey": "misplaced-key-0123" }, "wandb");
    const reasons = (await checkFailures("User")).map((f) => f.reason);
    expect(reasons).toEqual([expect.stringContaining("Unknown config key wandb:apikey: did you mean wandb:apiKey?")]);
    expect(reasons[0]).toContain("pulumi config set --secret wandb:apiKey <value>");
    expect(reasons[0]).not.toContain("misplaced-key-0123");
  });

  it("judges once per configuration: a fixed configuration is judged again at the next configure", async () => {
    provider = await dynamicProviderWith(stackConfig({ maxRetries: "12" }));
    expect(await checkFailures("User")).toHaveLength(1);
    // The environment is read when the configuration is first judged, and kept for the operation.
    setEnv({ WANDB_TIMEOUT_SECONDS: "0" });
    try {
      expect(await checkFailures("Team")).toHaveLength(1);
    } finally {
      setEnv({});
    }
    await configureKind(provider, "User", stackConfig({ maxRetries: "3" }));
    expect(await checkFailures("User")).toEqual([]);
  });

  it("what check reported stops every other call too, before any request", async () => {
    provider = await dynamicProviderWith(stackConfig({ maxRetries: "11", baseURL: "x" }));
    const error = await provider.dispatch("User", "create", [{ userName: "ana", email: "ana@example.com" }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WandbConfigError);
    expect((error as WandbConfigError).problems).toEqual([
      expect.stringContaining("did you mean wandb:baseUrl?"),
      expect.stringContaining("Invalid wandb:maxRetries"),
    ]);
    expect((error as Error).message).toMatch(/^2 configuration problems:\n- Unknown config key wandb:baseURL/);
    expect((await readLog(emu)).counters.total).toBe(0);
  });
});
