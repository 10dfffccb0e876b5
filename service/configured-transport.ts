// What every W&B client builds its transport from: the service's own address, credentials and
// retry policy, and the configuration's and caller's shared settings (concurrency, timeout, log,
// cancellation).
import type { WandbConfig } from "./config";
import type { RetryPolicyOverrides } from "./retry-policy";
import { HttpTransport, type TransportEvent, type TransportOptions } from "./transport";

export interface ClientOptions {
  retry?: RetryPolicyOverrides;
  /** Per-attempt timeout; defaults to the config's timeoutSeconds. */
  timeoutMs?: number;
  log?: (event: TransportEvent) => void;
  /** The operation's cancellation: every retry loop of the client ends when it aborts. */
  signal?: AbortSignal;
}

/** A transport for one service: `own` says where and how, the configuration and options the rest. */
export function configuredTransport(
  config: WandbConfig,
  options: ClientOptions,
  own: Pick<TransportOptions, "service" | "baseUrl" | "authorization" | "retry" | "headers">,
): HttpTransport {
  return new HttpTransport({
    ...own,
    maxConcurrency: config.maxConcurrency,
    timeoutMs: options.timeoutMs ?? config.timeoutSeconds * 1000,
    ...(options.log ? { log: options.log } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
