import type { Agent } from "undici";
import { agentFor } from "./dispatchers";
import { WandbApiError, type RequestSummary, type WandbService } from "./errors";
import { retryLoop } from "./retry";
import { foldCase } from "./case-folding";
import { classifyHttpAttempt, type HttpMethod, type RetryPolicy } from "./retry-policy";
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
  /** A lookup by natural key after a create whose outcome was unknown: whether an object holds the key. */
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
  /** The operation's cancellation: no exchange is retried once it aborts. */
  signal?: AbortSignal;
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

/** What a caller adds to the error for an unexpected response, from the body it parsed. */
export interface ErrorFields {
  scimType?: string;
  detail?: string;
  code?: string;
  /** The request was sent to a collection: a 404 or 405 there means no API at the configured URL. */
  collection?: boolean;
}

type Exchange = (request: Prepared) => Promise<Attempt & { attempts: number; outcomeUnknown: boolean; retryAfterTooLong: boolean }>;
type SingleExchange = (request: Prepared) => Promise<Attempt>;

/**
 * HTTP for one W&B service: the process's keep-alive agent, a process-wide
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
    const agent = agentFor({
      connections: options.maxConcurrency,
      connectTimeoutMs: Math.min(options.timeoutMs, 10_000),
    });
    const semaphore = semaphoreFor(this.#origin, options.maxConcurrency);
    this.#exchange = retrying(options, limited(semaphore, sendOnce(agent, this.#origin, options.timeoutMs)));
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

  /** The error for a response the caller did not expect; it keeps the response's status, headers and a body excerpt. */
  errorFor(request: HttpRequest, response: HttpResponse, fields: ErrorFields): WandbApiError {
    return new WandbApiError({
      service: this.#options.service,
      status: response.status,
      method: request.method,
      path: this.#pathOf(request),
      request: this.#summarise(request),
      response: { status: response.status, headers: response.headers, body: response.text },
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

function sendOnce(agent: Agent, origin: string, timeoutMs: number): SingleExchange {
  return async (request) => {
    try {
      const response = await agent.request({
        origin,
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

type AttemptOutcome = { response: Attempt } | { code: string };

function retrying(options: TransportOptions, next: SingleExchange): Exchange {
  const policy = options.retry;
  const log = (event: TransportEvent) => options.log?.(event);
  return async (request) => {
    const where = { service: options.service, method: request.method, path: request.path } as const;
    const result = await retryLoop({
      ...(options.signal ? { signal: options.signal } : {}),
      policy,
      attempt: async (attempt): Promise<AttemptOutcome> => {
        const started = Date.now();
        let outcome: AttemptOutcome;
        try {
          outcome = { response: await next(request) };
        } catch (error) {
          if (!(error instanceof NetworkFailure)) throw error;
          outcome = { code: error.code };
        }
        const answer = "response" in outcome ? { status: outcome.response.status } : { code: outcome.code };
        log({ type: "attempt", ...where, attempt, ms: Date.now() - started, ...answer });
        return outcome;
      },
      classify: (outcome) =>
        classifyHttpAttempt(policy, {
          method: request.method,
          idempotent: request.idempotent,
          ...("response" in outcome
            ? { response: { status: outcome.response.status, retryAfter: outcome.response.headers["retry-after"], bodyText: outcome.response.text } }
            : { errorCode: outcome.code }),
        }),
      log: (event) => log({ ...event, ...where }),
    });
    const outcomeUnknown = result.reason === "outcome-unknown";
    if (!("response" in result.outcome)) throw new NetworkFailure(result.outcome.code, result.attempts, outcomeUnknown);
    return { ...result.outcome.response, attempts: result.attempts, outcomeUnknown, retryAfterTooLong: result.reason === "retry-after-too-long" };
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
    if (value !== undefined) out[foldCase(name)] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [foldCase(name), value]));
}

function parseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
