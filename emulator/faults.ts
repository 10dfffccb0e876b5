import { z } from "zod";

const probability = z.number().min(0).max(1);
const matcher = {
  method: z.string().trim().min(1).optional(),
  pathPrefix: z.string().startsWith("/").optional(),
  count: z.number().int().min(1).default(1),
};

export const faultsSchema = z.strictObject({
  latency: z.strictObject({ fixedMs: z.number().min(0).default(0), jitterMs: z.number().min(0).default(0) }).optional(),
  errorRates: z
    .strictObject({ "429": probability.optional(), "500": probability.optional(), "503": probability.optional() })
    .refine((r) => (r["429"] ?? 0) + (r["500"] ?? 0) + (r["503"] ?? 0) <= 1, "the error rates must add up to at most 1")
    .optional(),
  retryAfterSeconds: z.number().int().min(0).optional(),
  concurrencyLimit: z.number().int().min(1).nullable().optional(),
  failNext: z
    .array(z.strictObject({ status: z.union([z.literal(429), z.literal(500), z.literal(502), z.literal(503), z.literal(504)]), retryAfter: z.number().int().min(0).optional(), ...matcher }))
    .optional(),
  dropNext: z.array(z.strictObject(matcher)).optional(),
  /** Probability that a write (POST, PUT, PATCH, DELETE) that got through is applied and its answer then lost. */
  dropRate: probability.optional(),
  seed: z.number().int().optional(),
});
export type FaultConfig = z.output<typeof faultsSchema>;

export interface InjectedFailure {
  status: number;
  message: string;
  retryAfter?: number;
}

/** Texts from the inference error table; SCIM faults reuse them as the error detail. */
const FAULT_MESSAGES: Record<number, string> = {
  429: "Concurrency limit reached for requests",
  500: "The server had an error while processing your request",
  502: "Bad gateway: the upstream server did not answer",
  503: "The engine is currently overloaded, please try again later",
  504: "Gateway timeout: the upstream server did not answer in time",
};
const messageFor = (status: number) => FAULT_MESSAGES[status] ?? "Injected failure";

/** mulberry32: a tiny seeded generator so that error-rate runs repeat exactly. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Matcher {
  method?: string | undefined;
  pathPrefix?: string | undefined;
  count: number;
}

const matches = (m: Matcher, method: string, path: string) =>
  (m.method === undefined || m.method.toUpperCase() === method) && (m.pathPrefix === undefined || path.startsWith(m.pathPrefix));

/** Takes one use of the first queued entry matching the request. */
function take<T extends Matcher>(queue: T[], method: string, path: string): T | undefined {
  const index = queue.findIndex((m) => matches(m, method, path));
  const entry = queue[index];
  if (!entry) return undefined;
  entry.count--;
  if (entry.count <= 0) queue.splice(index, 1);
  return entry;
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Injected latency, errors, throttling and dropped connections for the /scim and /v1 routes. */
export class Faults {
  private config: FaultConfig = {};
  private random: () => number = Math.random;

  configure(config: FaultConfig): void {
    this.config = structuredClone(config);
    this.random = config.seed === undefined ? Math.random : rng(config.seed);
  }

  clear(): void {
    this.configure({});
  }

  /** 429 when the request (counted in `inFlight`) goes over the concurrency limit. */
  overConcurrency(inFlight: number): InjectedFailure | undefined {
    const limit = this.config.concurrencyLimit;
    if (limit === undefined || limit === null || inFlight <= limit) return undefined;
    return this.with429({ status: 429, message: FAULT_MESSAGES[429] ?? "" });
  }

  latencyMs(): number {
    const l = this.config.latency;
    return l ? l.fixedMs + this.random() * l.jitterMs : 0;
  }

  /** A queued failNext entry first, then a random error from errorRates. */
  takeFailure(method: string, path: string): InjectedFailure | undefined {
    const queued = take(this.config.failNext ?? [], method, path);
    if (queued) {
      return { status: queued.status, message: messageFor(queued.status), ...(queued.retryAfter === undefined ? {} : { retryAfter: queued.retryAfter }) };
    }
    const rates = this.config.errorRates;
    if (!rates) return undefined;
    let draw = this.random();
    for (const status of [429, 500, 503] as const) {
      draw -= rates[status] ?? 0;
      if (draw < 0) return status === 429 ? this.with429({ status, message: messageFor(status) }) : { status, message: messageFor(status) };
    }
    return undefined;
  }

  /** A queued dropNext entry, else a write drawn by dropRate: the request is applied, then its socket destroyed. */
  takeDrop(method: string, path: string): boolean {
    if (take(this.config.dropNext ?? [], method, path) !== undefined) return true;
    const rate = this.config.dropRate ?? 0;
    return rate > 0 && WRITES.has(method) && this.random() < rate;
  }

  private with429(f: InjectedFailure): InjectedFailure {
    const after = this.config.retryAfterSeconds;
    return after === undefined ? f : { ...f, retryAfter: after };
  }
}
