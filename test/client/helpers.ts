import { startEmulator } from "../../emulator";
import { ScimClient, InferenceClient, type ClientOptions, type TransportEvent } from "../../provider/client";
import { resolveConfig, type WandbConfig } from "../../provider/config";

export type Emulator = Awaited<ReturnType<typeof startEmulator>>;
export type Dialect = "wandb" | "rfc";
export const DIALECTS: Dialect[] = ["wandb", "rfc"];

/** Short waits so fault tests stay fast; Retry-After is still honoured as sent. */
export const FAST_RETRY = { backoff: { baseDelayMs: 20, maxDelayMs: 100 }, deadlineMs: 30_000 } as const;

export interface Harness {
  emulator: Emulator;
  config: WandbConfig;
  events: TransportEvent[];
  scim(overrides?: Partial<ClientOptions> & { key?: string; username?: string | undefined; maxConcurrency?: number }): ScimClient;
  inference(overrides?: Partial<ClientOptions> & { key?: string }): InferenceClient;
  faults(faults: Record<string, unknown>): Promise<void>;
  clearFaults(): Promise<void>;
  requestLog(): Promise<RequestLogSnapshot>;
  resetLog(): Promise<void>;
  state(): Promise<any>;
  close(): Promise<void>;
}

export interface RequestLogSnapshot {
  requests: { method: string; route: string; path: string; status: number; ms: number; at: string }[];
  counters: { byRoute: Record<string, number>; byMethod: Record<string, number>; writes: number; total: number };
  maxInFlight: number;
}

export async function startHarness(dialect: Dialect, deployment: "saas" | "dedicated" | "self-managed" = "dedicated"): Promise<Harness> {
  const emulator = await startEmulator({ port: 0, dialect, deployment });
  const events: TransportEvent[] = [];
  const configFor = (o: { key?: string; username?: string | undefined; maxConcurrency?: number }) =>
    resolveConfig(
      {
        baseUrl: `${emulator.url}/scim/`,
        apiKey: o.key ?? emulator.admin.apiKey,
        username: "username" in o ? o.username : emulator.admin.username,
        inferenceUrl: emulator.inferenceUrl,
        inferenceProject: emulator.inferenceProject,
        maxConcurrency: String(o.maxConcurrency ?? 8),
        maxRetries: "3",
        timeoutSeconds: "10",
      },
      {},
    );
  const control = async (method: string, path: string, body?: unknown) => {
    const auth = Buffer.from(`${emulator.admin.username}:${emulator.admin.apiKey}`).toString("base64");
    const response = await fetch(`${emulator.controlUrl}${path}`, {
      method,
      headers: { authorization: `Basic ${auth}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`control ${method} ${path}: ${response.status} ${await response.text()}`);
    const text = await response.text();
    return text ? JSON.parse(text) : undefined;
  };
  const options = (o: Partial<ClientOptions>): ClientOptions => ({
    retry: { ...FAST_RETRY, ...o.retry },
    log: (event) => events.push(event),
    ...(o.timeoutMs === undefined ? {} : { timeoutMs: o.timeoutMs }),
  });
  return {
    emulator,
    config: configFor({}),
    events,
    scim: (o = {}) => new ScimClient(configFor(o), options(o)),
    inference: (o = {}) => new InferenceClient(configFor(o), options(o)),
    faults: (faults) => control("PUT", "/faults", faults),
    clearFaults: () => control("DELETE", "/faults"),
    requestLog: () => control("GET", "/log"),
    resetLog: () => control("DELETE", "/log"),
    state: () => control("GET", "/state"),
    close: () => emulator.close(),
  };
}

let counter = 0;
/** Unique names per test so tests in one emulator do not collide. */
export function unique(prefix: string): string {
  counter++;
  return `${prefix}-${process.pid}-${counter}`;
}
