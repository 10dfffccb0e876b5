export interface LoggedRequest {
  method: string;
  /** Route pattern, e.g. "/scim/Users/:id"; "(unmatched)" when no route matched. */
  route: string;
  path: string;
  /** The query string without its `?`, when the request had one (the audit log's dates and cursor). */
  query?: string;
  /** 0 when a dropNext fault closed the connection without an answer. */
  status: number;
  /** The If-Match header, when the request carried one: shows which writes were conditional. */
  ifMatch?: string;
  ms: number;
  at: string;
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** The entry list is bounded (counters are not) so that long runs and benchmarks keep memory flat. */
const MAX_ENTRIES = 20_000;

export class RequestLog {
  private requests: LoggedRequest[] = [];
  private byRoute: Record<string, number> = {};
  private byMethod: Record<string, number> = {};
  private writes = 0;
  private total = 0;
  private inFlight = 0;
  private maxInFlight = 0;

  /** Counts a request as in flight; returns the number in flight including it. */
  enter(): number {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    return this.inFlight;
  }

  leave(): void {
    this.inFlight--;
  }

  record(entry: LoggedRequest, countsAsWrite: boolean): void {
    if (this.requests.length >= MAX_ENTRIES) this.requests.shift();
    this.requests.push(entry);
    const key = `${entry.method} ${entry.route}`;
    this.byRoute[key] = (this.byRoute[key] ?? 0) + 1;
    this.byMethod[entry.method] = (this.byMethod[entry.method] ?? 0) + 1;
    if (countsAsWrite && WRITE_METHODS.has(entry.method)) this.writes++;
    this.total++;
  }

  snapshot() {
    return {
      requests: [...this.requests],
      counters: { byRoute: { ...this.byRoute }, byMethod: { ...this.byMethod }, writes: this.writes, total: this.total },
      maxInFlight: this.maxInFlight,
    };
  }

  reset(): void {
    this.requests = [];
    this.byRoute = {};
    this.byMethod = {};
    this.writes = 0;
    this.total = 0;
    this.maxInFlight = this.inFlight;
  }
}
