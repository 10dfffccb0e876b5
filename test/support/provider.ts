// Running provider code in the test process against an emulator, as the engine's provider process would.
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { Config } from "@pulumi/pulumi/cmd/dynamic-provider/config";
import { expect } from "vitest";
import type { RunningEmulator } from "../../emulator";
import { beginOperation, configure } from "../../provider/runtime";

const TEST_PROJECT = "test-project";
let lastConfiguration: Record<string, string> | undefined;

/**
 * Hands the provider runtime a stack config as the dynamic provider does: every key, namespace
 * included, in the `rawConfig` of @pulumi/pulumi's own dynamic-provider `Config`.
 */
export async function configureWithStackConfig(rawConfig: Record<string, string>, projectName = TEST_PROJECT): Promise<void> {
  await configure({ config: new Config(rawConfig, projectName) });
  // Each call stands for a new provider process, as the engine starts one for each operation.
  beginOperation();
}

/**
 * Configures the provider runtime for the emulator's admin, as `pulumi config` would
 * (`wandb:baseUrl`, `wandb:apiKey`, `wandb:username`, `wandb:deployment`); `settings` adds or
 * overrides keys (without the `wandb:` prefix), e.g. `{ maxRetries: "1" }`.
 */
export async function configureProviderFor(emu: RunningEmulator, settings: Record<string, string> = {}): Promise<void> {
  const values: Record<string, string> = {
    "wandb:baseUrl": emu.url,
    "wandb:apiKey": emu.admin.apiKey,
    "wandb:username": emu.admin.username,
    "wandb:deployment": emu.deployment,
    ...Object.fromEntries(Object.entries(settings).map(([key, value]) => [`wandb:${key}`, value])),
  };
  lastConfiguration = values;
  await configureWithStackConfig(values);
}

/**
 * Starts the next engine operation, as a new provider process would: configured the same way, with
 * nothing read in the previous one (the directory of users and teams) carried over. Call it where a
 * test changes the organization outside Pulumi between two operations.
 */
export async function nextOperation(): Promise<void> {
  if (!lastConfiguration) throw new Error("nextOperation: configure the provider first (configureProviderFor)");
  await configureWithStackConfig(lastConfiguration);
}

/** A resource implementation's checked inputs, expecting no failures. */
export async function checkedInputs<I>(
  impl: { check(olds: Record<string, unknown>, news: Record<string, unknown>): Promise<{ inputs?: I; failures?: unknown[] }> },
  news: Record<string, unknown>,
): Promise<I> {
  const result = await impl.check({}, news);
  expect(result.failures ?? []).toEqual([]);
  return result.inputs as I;
}

/**
 * Configures the provider again as the dynamic provider does for each further resource kind it
 * serves in the same process (and so the same engine operation): the same stack config.
 */
export async function configureAnotherKind(): Promise<void> {
  if (!lastConfiguration) throw new Error("configureAnotherKind: configure the provider first (configureProviderFor)");
  await configure({ config: new Config(lastConfiguration, TEST_PROJECT) });
}

type Decision = { body: string } | { status: number; json: unknown } | undefined;

/**
 * What a proxy does with one request: pass it on (with its body rewritten), or answer it itself.
 * It may first do something else, e.g. change the organization just before the request arrives.
 */
export type Intercept = (request: { method: string; url: string; body: string }) => Decision | Promise<Decision>;

export interface Proxy {
  url: string;
  close(): Promise<void>;
}

/** A service that differs from the emulator in one way: a proxy in front of it that intercepts some requests. */
export async function startProxy(emu: RunningEmulator, intercept: Intercept): Promise<Proxy> {
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      let body = Buffer.concat(chunks).toString("utf8");
      const decision = await intercept({ method: req.method ?? "", url: req.url ?? "", body });
      if (decision && "status" in decision) {
        res.writeHead(decision.status, { "content-type": "application/json" });
        res.end(JSON.stringify(decision.json));
        return;
      }
      if (decision) body = decision.body;
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !["host", "content-length", "connection"].includes(k)),
      ) as Record<string, string>;
      const upstream = await fetch(`${emu.url}${req.url}`, { method: req.method, headers, ...(body ? { body } : {}) });
      const out: Record<string, string> = {};
      upstream.headers.forEach((v, k) => {
        if (!["content-length", "connection", "transfer-encoding", "keep-alive"].includes(k)) out[k] = v;
      });
      res.writeHead(upstream.status, out);
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: async () => {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}
