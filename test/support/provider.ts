// Running provider code in the test process against an emulator, as the engine's provider process would.
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { Config } from "@pulumi/pulumi/cmd/dynamic-provider/config";
import { expect } from "vitest";
import type { ResourceKind } from "../../model/resource-kinds";
import type { RunningEmulator } from "../../emulator";
import { dynamicProvider, type DynamicProvider } from "../../provider/doors/dynamic";
import { Operation } from "../../provider/operation";
import { printedOutput, type OutputSink, type Severity } from "../../provider/kit/engine-output";
import { EMPTY_NAMESPACE } from "../../service/namespace";

const TEST_PROJECT = "test-project";

/** The provider's settings for the emulator's admin; `settings` adds, overrides or (undefined) leaves out some, e.g. `{ maxRetries: "1" }`. */
function adminSettings(emu: RunningEmulator, settings: Settings): Record<string, string> {
  const all = { baseUrl: emu.url, apiKey: emu.admin.apiKey, username: emu.admin.username, deployment: emu.deployment, ...settings };
  return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Settings as keys without the `wandb:` prefix; undefined leaves one out (e.g. `{ authScheme: "bearer", username: undefined }`). */
export type Settings = Readonly<Record<string, string | undefined>>;

/**
 * The stack config `pulumi config` would give for the emulator's admin (`wandb:baseUrl`,
 * `wandb:apiKey`, `wandb:username`, `wandb:deployment`), with `settings` (keys without the
 * `wandb:` prefix) added or overriding.
 */
export function stackConfigFor(emu: RunningEmulator, settings: Settings = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(adminSettings(emu, settings)).map(([key, value]) => [`wandb:${key}`, value]));
}

/**
 * An engine operation served for the emulator's admin, as a new provider process would serve it
 * (`settings` as for `stackConfigFor`): nothing read in another operation is carried over. What it
 * tells the user goes to `sink` (printed, as a dynamic provider's).
 */
export function operationFor(emu: RunningEmulator, settings: Settings = {}, sink: OutputSink = printedOutput): Operation {
  return new Operation({ stackConfig: adminSettings(emu, settings), sharedWithProject: false }, sink);
}

/** An engine operation of a provider no one configured: what a check judges without any setting. */
export function unconfiguredOperation(sink: OutputSink = printedOutput): Operation {
  return new Operation(EMPTY_NAMESPACE, sink);
}

/** A line an operation told the user. */
export interface ToldLine {
  severity: Severity;
  line: string;
}

/** A sink that keeps what it is told, in `lines`. */
export function keptOutput(): { sink: OutputSink; lines: ToldLine[] } {
  const lines: ToldLine[] = [];
  return { sink: (severity, line) => lines.push({ severity, line }), lines };
}

/** A sink that drops what it is told: what a test does not judge is not its output's. */
export const droppedOutput: OutputSink = () => undefined;

/**
 * The next engine operation, as a new provider process would serve it: configured as `operation`
 * is, with nothing it read (the directory of users and teams) carried over. For a test that changes
 * the organization outside Pulumi between two operations.
 */
export function nextOperation(operation: Operation): Operation {
  return new Operation(operation.configuration, operation.sink);
}

/**
 * Configures a dynamic provider process as the engine does, once for each resource kind it serves:
 * every key of the stack config, namespace included, in @pulumi/pulumi's own dynamic-provider `Config`.
 */
export async function configureKind(provider: DynamicProvider, kind: ResourceKind, rawConfig: Record<string, string>, projectName = TEST_PROJECT): Promise<void> {
  await provider.dispatch(kind, "configure", [{ config: new Config(rawConfig, projectName) }]);
}

/** A new dynamic provider process (a new engine operation), configured with a stack config as for its first kind. */
export async function dynamicProviderWith(rawConfig: Record<string, string>, projectName = TEST_PROJECT): Promise<DynamicProvider> {
  const provider = dynamicProvider();
  await configureKind(provider, "User", rawConfig, projectName);
  return provider;
}

/** A resource implementation's checked inputs in `operation`, expecting no failures. */
export async function checkedInputs<I>(
  operation: Operation,
  impl: { check(operation: Operation, olds: Record<string, unknown>, news: Record<string, unknown>): Promise<{ inputs?: I; failures?: unknown[] }> },
  news: Record<string, unknown>,
): Promise<I> {
  const result = await impl.check(operation, {}, news);
  expect(result.failures ?? []).toEqual([]);
  return result.inputs as I;
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
