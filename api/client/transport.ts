import { setTimeout as sleep } from "node:timers/promises";
import type { Pool } from "undici";
import { poolFor } from "./dispatchers";
import { WandbApiError, type RequestSummary, type WandbService } from "./errors";
import { decideRetry, type HttpMethod, type RetryPolicy } from "./retry-policy";
import type { Secret } from "./secret";
import { semaphoreFor, type Outcome, type Semaphore } from "./semaphore";

export interface HttpRequest {
  method: HttpMethod;
  /** Appended to the base URL's path, e.g. `/scim/Users`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** Serialised as JSON. */
  body?: unknown;
  /** Overrides the policy's idempotent methods for this request. */
  idempotent?: boolean;
}

export interface HttpResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  text: string;
  /** Parsed body; undefined when empty or not JSON. */
  json: unknown;
  attempts: number;
  /** A write answered with a retryable 5xx: it may have been applied. */
  outcomeUnknown: boolean;
  retryAfterTooLong: boolean;
}

export type TransportEvent =
  | { type: "attempt"; service: WandbService; method: string; path: string; attempt: number; ms: number; status?: number; code?: string }
  | { type: "retry"; service: WandbService; method: string; path: string; attempt: number; delayMs: number; reason: string }
  | { type: "give-up"; service: WandbService; method: string; path: string; attempts: number; reason: string }
  | { type: "reconcile"; service: WandbService; resource: string; naturalKey: string; found: boolean };

export interface TransportOptions {
  service: WandbService;
  /** Origin plus optional path prefix, no trailing slash. */
  baseUrl: string;
  /** Full `Authorization` header value. */
  authorization: Secret;
  headers?: Record<string, string>;
  maxConcurrency: number;
  timeoutMs: number;
  retry: RetryPolicy;
  log?: (event: TransportEvent) => void;
}

interface Attempt {
  status: number;
  headers: Record<string, string>;
  text: string;
}

interface Prepared {
  method: HttpMethod;
  path: string;
  headers: Record<string, string>;
  body?: string;
  idempotent?: boolean;
}

/** One attempt's failure without a response, carrying the code the retry policy keys on. */
class NetworkFailure extends Error {
  constructor(
    readonly code: string,
    readonly attempts = 1,
    readonly outcomeUnknown = false,
  ) {
    super(code);
  }
}

type Exchange = (request: Prepared) => Promise<Attempt & { attempts: number; outcomeUnknown: boolean; retryAfterTooLong: boolean }>;
type SingleExchange = (request: Prepared) => Promise<Attempt>;

/**
 * HTTP for one W&B service: a shared keep-alive pool, a process-wide
 * concurrency limit per origin, and the retry policy, composed as
 * retrying(limited(sendOnce)) so backoff waits never hold a concurrency slot.
 */
export class HttpTransport {
  readonly #options: TransportOptions;
  readonly #origin: string;
  readonly #basePath: string;
  readonly #exchange: Exchange;

  constructor(options: TransportOptions) {
    this.#options = options;
    const base = new URL(options.baseUrl);
    this.#origin = base.origin;
    this.#basePath = base.pathname.replace(/\/+$/, "");
    const pool = poolFor(this.#origin, {
      connections: options.maxConcurrency,
      connectTimeoutMs: Math.min(options.timeoutMs, 10_000),
    });
    const semaphore = semaphoreFor(this.#origin, options.maxConcurrency);
    this.#exchange = retrying(options, limited(semaphore, sendOnce(pool, options.timeoutMs)));
  }

  /** Resolves with any HTTP status; rejects with WandbApiError only when no usable response arrived. */
  async send(request: HttpRequest): Promise<HttpResponse> {
    const prepared = this.#prepare(request);
    try {
      const result = await this.#exchange(prepared);
      return { ...result, json: parseJson(result.text) };
    } catch (error) {
      if (!(error instanceof NetworkFailure)) throw error;
      throw new WandbApiError({
        service: this.#options.service,
        status: 0,
        method: request.method,
        path: prepared.path,
        request: this.#summarise(request),
        attempts: error.attempts,
        code: error.code,
        outcomeUnknown: error.outcomeUnknown,
        timeoutSeconds: this.#options.timeoutMs / 1000,
      });
    }
  }

  /** The error for a response the caller did not expect. */
  errorFor(request: HttpRequest, response: HttpResponse, fields: { scimType?: string; detail?: string; code?: string }): WandbApiError {
    return new WandbApiError({
      service: this.#options.service,
      status: response.status,
      method: request.method,
      path: this.#pathOf(request),
      request: this.#summarise(request),
      attempts: response.attempts,
      ...fields,
      outcomeUnknown: response.outcomeUnknown,
      retryAfterTooLong: response.retryAfterTooLong,
    });
  }

  #summarise(request: HttpRequest): RequestSummary {
    return {
      method: request.method,
      url: `${this.#origin}${this.#pathOf(request)}`,
      headers: this.#headersOf(request),
      ...(request.body === undefined ? {} : { body: request.body }),
    };
  }

  #prepare(request: HttpRequest): Prepared {
    const headers = this.#headersOf(request);
    if (request.body !== undefined) headers["content-type"] = "application/json";
    return {
      method: request.method,
      path: this.#pathOf(request),
      headers: { ...headers, authorization: this.#options.authorization.reveal() },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      ...(request.idempotent === undefined ? {} : { idempotent: request.idempotent }),
    };
  }

  #headersOf(request: HttpRequest): Record<string, string> {
    return {
      accept: "application/scim+json, application/json",
      "user-agent": "pulumi-wandb",
      authorization: String(this.#options.authorization),
      ...this.#options.headers,
      ...lowerCaseKeys(request.headers ?? {}),
    };
  }

  #pathOf(request: HttpRequest): string {
    const query = Object.entries(request.query ?? {})
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
      // encodeURIComponent, not URLSearchParams: a `+` for space is not read back as a space by every server.
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
      .join("&");
    return `${this.#basePath}${request.path}${query ? `?${query}` : ""}`;
  }
}

function sendOnce(pool: Pool, timeoutMs: number): SingleExchange {
  return async (request) => {
    try {
      const response = await pool.request({
        method: request.method,
        path: request.path,
        headers: request.headers,
        body: request.body ?? null,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const text = await response.body.text();
      return { status: response.statusCode, headers: flattenHeaders(response.headers), text };
    } catch (error) {
      throw new NetworkFailure(errorCode(error));
    }
  };
}

/** Statuses by which the service says it has more than it can take now. */
const THROTTLING_STATUSES = new Set([429, 503]);

function limited(semaphore: Semaphore, next: SingleExchange): SingleExchange {
  return async (request) => {
    const release = await semaphore.acquire();
    let outcome: Outcome = "neutral";
    try {
      const response = await next(request);
      outcome = THROTTLING_STATUSES.has(response.status) ? "throttled" : response.status < 500 ? "served" : "neutral";
      return response;
    } finally {
      release(outcome);
    }
  };
}

function retrying(options: TransportOptions, next: SingleExchange): Exchange {
  const policy = options.retry;
  const log = (event: TransportEvent) => options.log?.(event);
  const base = { service: options.service } as const;
  return async (request) => {
    const started = Date.now();
    for (let retries = 0; ; retries++) {
      const attempt = retries + 1;
      const attemptStarted = Date.now();
      let result: Attempt | undefined;
      let code: string | undefined;
      try {
        result = await next(request);
      } catch (error) {
        if (!(error instanceof NetworkFailure)) throw error;
        code = error.code;
      }
      const logPath = { method: request.method, path: request.path };
      log({
        type: "attempt",
        ...base,
        ...logPath,
        attempt,
        ms: Date.now() - attemptStarted,
        ...(result ? { status: result.status } : { code }),
      });

      const decision = decideRetry(policy, {
        method: request.method,
        idempotent: request.idempotent,
        retriesSoFar: retries,
        elapsedMs: Date.now() - started,
        ...(result
          ? { response: { status: result.status, retryAfter: result.headers["retry-after"], bodyText: result.text } }
          : { errorCode: code }),
      });

      if (decision.retry) {
        log({ type: "retry", ...base, ...logPath, attempt, delayMs: decision.delayMs, reason: decision.reason });
        await sleep(decision.delayMs);
        continue;
      }
      if (decision.reason !== "success") log({ type: "give-up", ...base, ...logPath, attempts: attempt, reason: decision.reason });
      const outcomeUnknown = decision.reason === "outcome-unknown";
      if (!result) throw new NetworkFailure(code ?? "UNKNOWN", attempt, outcomeUnknown);
      return { ...result, attempts: attempt, outcomeUnknown, retryAfterTooLong: decision.reason === "retry-after-too-long" };
    }
  };
}

function errorCode(error: unknown): string {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return "UNKNOWN";
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function parseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
