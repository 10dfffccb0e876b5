import { startEmulator } from "../../emulator";
import { ScimClient, InferenceClient, type ClientOptions, type TransportEvent } from "../../service";
import { resolveConfig, type WandbConfig } from "../../service/config";
import { clearFaults, readLog, readState, resetLog, setFaults, type RequestLogSnapshot } from "../../scripts/emulator-api";

export type Emulator = Awaited<ReturnType<typeof startEmulator>>;
export type Dialect = "wandb" | "rfc";
export const DIALECTS: Dialect[] = ["wandb", "rfc"];

/** Short waits so fault tests stay fast; Retry-After is still honoured as sent. */
export const FAST_RETRY = { backoff: { baseDelayMs: 20, maxDelayMs: 100 }, deadlineMs: 30_000 } as const;

export interface Harness {
  emulator: Emulator;
  config: WandbConfig;
  events: TransportEvent[];
  scim(overrides?: Partial<ClientOptions> & ConfigOverrides): ScimClient;
  inference(overrides?: Partial<ClientOptions> & { key?: string }): InferenceClient;
  faults(faults: Record<string, unknown>): Promise<void>;
  clearFaults(): Promise<void>;
  requestLog(): Promise<RequestLogSnapshot>;
  resetLog(): Promise<void>;
  state(): Promise<any>;
  close(): Promise<void>;
}

interface ConfigOverrides {
  key?: string;
  username?: string | undefined;
  maxConcurrency?: number;
  scimPath?: string;
  authScheme?: "basic" | "bearer";
}

/** `scimRoot`: where the emulator serves SCIM; clients get it as `scimPath` (W&B's `/scim` by default, through the base URL). */
export async function startHarness(
  dialect: Dialect,
  deployment: "saas" | "dedicated" | "self-managed" = "dedicated",
  { scimRoot }: { scimRoot?: string } = {},
): Promise<Harness> {
  const emulator = await startEmulator({ port: 0, dialect, deployment, ...(scimRoot === undefined ? {} : { scimRoot }) });
  const events: TransportEvent[] = [];
  const configFor = (o: ConfigOverrides) =>
    resolveConfig(
      {
        // A base URL ending in /scim, as W&B documents it, unless the SCIM root is another.
        baseUrl: scimRoot === undefined ? `${emulator.url}/scim/` : emulator.url,
        scimPath: o.scimPath ?? scimRoot,
        authScheme: o.authScheme,
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
    faults: (faults) => setFaults(emulator, faults),
    clearFaults: () => clearFaults(emulator),
    requestLog: () => readLog(emulator),
    resetLog: () => resetLog(emulator),
    state: () => readState(emulator),
    close: () => emulator.close(),
  };
}

