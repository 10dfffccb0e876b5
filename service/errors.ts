import { inspect } from "node:util";
import { redactBody, redactHeaders, scrubSecrets } from "./secret";
import { inspectedAsMessage } from "./inspected-as-message";

export type WandbService = "scim" | "inference" | "audit-log";

/** How a message names each service. */
const SERVICE_NAMES: { readonly [S in WandbService]: string } = { scim: "SCIM", inference: "inference", "audit-log": "audit log" };

/** What came back, scrubbed of secrets, with the body cut to an excerpt: enough to quote to support (e.g. `x-request-id`). */
export interface ResponseSummary {
  status: number;
  /** Lower-case names; credential-like headers (cookies, tokens) redacted. */
  headers: Record<string, string>;
  /** At most {@link BODY_EXCERPT_CHARS} characters of the body, JSON fields named like secrets redacted. */
  body: string;
}

/** How much of a response body an error keeps. */
export const BODY_EXCERPT_CHARS = 1024;

/** What was sent, with credentials already removed. */
export interface RequestSummary {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface WandbApiErrorInit {
  service: WandbService;
  /** HTTP status, or 0 when no response arrived. */
  status: number;
  method: string;
  path: string;
  request: RequestSummary;
  /** The answer as received, when one arrived; scrubbed and cut by the error. */
  response?: { status: number; headers: Record<string, string>; body: string };
  attempts: number;
  scimType?: string;
  detail?: string;
  /** The network error code when no response arrived (e.g. `UND_ERR_HEADERS_TIMEOUT`), else the service's own code (e.g. `invalid_api_key`). */
  code?: string;
  /** The write may or may not have been applied. */
  outcomeUnknown?: boolean;
  /** Set when the service asked for a longer wait than the retry policy allows. */
  retryAfterTooLong?: boolean;
  timeoutSeconds?: number;
  /** The request went to a collection (list, filter, create): a 404 or 405 there means no SCIM API at that URL. */
  collection?: boolean;
}

const SEAT_LIMIT = /seat limit reached/i;
const QUOTA = /quota|billing|credits/i;
const MULTI_ORG_ANSWER = /associated with multiple organizations/i;

/**
 * The one error the W&B clients throw, modelled on Octokit's RequestError.
 * Every string in it is scrubbed of known secrets, so it can be logged as-is.
 */
export class WandbApiError extends Error {
  readonly service: WandbService;
  readonly status: number;
  readonly method: string;
  readonly path: string;
  readonly request: RequestSummary;
  /** Absent when no response arrived (status 0). */
  readonly response?: ResponseSummary;
  readonly attempts: number;
  readonly scimType?: string;
  readonly detail?: string;
  readonly code?: string;
  readonly outcomeUnknown: boolean;
  /** The service asked for a longer wait than the retry policy allows. */
  readonly retryAfterTooLong: boolean;
  /** The request went to a collection (list, filter, create), not to one object. */
  readonly collection: boolean;

  constructor(init: WandbApiErrorInit) {
    const detail = init.detail === undefined ? undefined : scrubSecrets(init.detail);
    super(scrubSecrets(describe({ ...init, ...(detail === undefined ? {} : { detail }) })));
    this.service = init.service;
    this.status = init.status;
    this.method = init.method;
    this.path = scrubSecrets(init.path);
    this.request = {
      method: init.request.method,
      url: scrubSecrets(init.request.url),
      headers: redactHeaders(init.request.headers),
      ...(init.request.body === undefined ? {} : { body: redactBody(init.request.body) }),
    };
    if (init.response !== undefined) {
      this.response = {
        status: init.response.status,
        headers: redactHeaders(init.response.headers),
        body: bodyExcerpt(init.response.body),
      };
    }
    this.attempts = init.attempts;
    if (init.scimType !== undefined) this.scimType = scrubSecrets(init.scimType);
    if (detail !== undefined) this.detail = detail;
    if (init.code !== undefined) this.code = init.code;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
    this.retryAfterTooLong = init.retryAfterTooLong ?? false;
    this.collection = init.collection ?? false;
  }

  get isSeatLimit(): boolean {
    return this.detail !== undefined && SEAT_LIMIT.test(this.detail);
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      service: this.service,
      status: this.status,
      method: this.method,
      path: this.path,
      scimType: this.scimType,
      detail: this.detail,
      code: this.code,
      attempts: this.attempts,
      outcomeUnknown: this.outcomeUnknown,
      request: this.request,
      response: this.response,
    };
  }

  [inspect.custom](): string {
    return `${this.stack ?? this.message}\n${inspect(this.toJSON(), { depth: 4 })}`;
  }
}
inspectedAsMessage(WandbApiError);

// On the prototype rather than as a field, so the stack header, captured by the
// base constructor, already carries the class name.
Object.defineProperty(WandbApiError.prototype, "name", { value: "WandbApiError" });

function bodyExcerpt(text: string): string {
  let scrubbed: string;
  try {
    scrubbed = JSON.stringify(redactBody(JSON.parse(text)));
  } catch {
    scrubbed = scrubSecrets(text);
  }
  // Scrubbed before it is cut, so a cut never leaves part of a secret behind.
  if (scrubbed.length <= BODY_EXCERPT_CHARS) return scrubbed;
  return `${scrubbed.slice(0, BODY_EXCERPT_CHARS)}… (${scrubbed.length - BODY_EXCERPT_CHARS} more characters)`;
}

function describe(init: WandbApiErrorInit): string {
  const what = `W&B ${SERVICE_NAMES[init.service]} ${init.method} ${init.path}`;
  const tries = init.attempts > 1 ? ` after ${init.attempts} attempts` : "";
  const detail = init.detail ? `: ${init.detail}` : "";
  const type = init.scimType ? ` (${init.scimType})` : "";
  if (init.status === 0) return `${what} failed${tries}${detail}. ${networkAdvice(init)}`;
  return `${what} failed with HTTP ${init.status}${type}${tries}${detail}. ${advice(init)}`;
}

function networkAdvice(init: WandbApiErrorInit): string {
  if (init.outcomeUnknown) {
    return (
      `The connection broke (${init.code ?? "network error"}) after the request was sent, so it may or may not have been applied.`
    );
  }
  if (init.code === "UND_ERR_HEADERS_TIMEOUT" || init.code === "UND_ERR_BODY_TIMEOUT") {
    const limit = init.timeoutSeconds === undefined ? "" : ` within ${init.timeoutSeconds}s`;
    return (
      `The service did not answer${limit} (${init.code}). Retry later, or raise wandb:timeoutSeconds (WANDB_TIMEOUT_SECONDS).`
    );
  }
  return (
    `Could not reach the service (${init.code ?? "network error"}). Check wandb:baseUrl (WANDB_BASE_URL), ` +
    "wandb:inferenceUrl (WANDB_INFERENCE_URL) and network access."
  );
}

function advice(init: WandbApiErrorInit): string {
  const detail = init.detail ?? "";
  if (SEAT_LIMIT.test(detail)) {
    return (
      'The organization has no free Models seat: free one (set a user\'s modelsSeat to "viewer" or "none", or deactivate or ' +
      "delete a user) or raise the plan's seat limit."
    );
  }
  if (init.outcomeUnknown) {
    return "The service failed while handling a write, so it may or may not have been applied.";
  }
  if (init.service === "inference") {
    const inference = inferenceAdvice(init.status, detail);
    if (inference) return inference;
  }
  if (init.service === "audit-log") {
    const auditLog = auditLogAdvice(init.status);
    if (auditLog) return auditLog;
  }
  if (init.collection && (init.status === 404 || init.status === 405)) {
    const url = init.request.url.split("?")[0];
    if (/\/Roles$/.test(url ?? "")) {
      return (
        `The server has no Roles collection at ${url}: custom roles are W&B's addition to SCIM, which other RFC 7644 servers do not serve. ` +
        "Users and teams work without it; CustomRole resources, custom organization roles and getCustomRole need W&B's SCIM API. " +
        "If users and teams fail too, check wandb:baseUrl (WANDB_BASE_URL) and wandb:scimPath (WANDB_SCIM_PATH)."
      );
    }
    return (
      `The server has no SCIM API at ${url}: check wandb:baseUrl (WANDB_BASE_URL) and wandb:scimPath (WANDB_SCIM_PATH). ` +
      "W&B serves SCIM under <host>/scim (the default scimPath); other RFC 7644 servers often under /scim/v2 or /v2."
    );
  }
  switch (init.status) {
    case 400:
      return "The service rejected the request as invalid.";
    case 401:
      // W&B answers a multi-organization admin's key without a default organization with its own words.
      return MULTI_ORG_ANSWER.test(init.detail ?? "")
        ? "The key's user is an admin of several organizations: set its Default API organization (W&B user settings), or use a service-account key of the target organization."
        : "Authentication failed. Check the API key (wandb:apiKey / WANDB_API_KEY), and wandb:username (WANDB_USERNAME) for a user's key (unset for a service-account key).";
    case 403:
      return "The key lacks permission: an organization admin's API key (with wandb:username) or an organization service-account key is needed.";
    case 404:
      return "It does not exist.";
    case 409:
      return "An object with the same unique name, userName or email already exists.";
    case 412:
      return "It was changed since it was last read (its ETag no longer matches).";
    case 429:
      return init.retryAfterTooLong
        ? "The service asked to wait longer than the retry policy allows. Try again later, or lower wandb:maxConcurrency (WANDB_MAX_CONCURRENCY)."
        : "The service kept rejecting requests as too many. Lower wandb:maxConcurrency (WANDB_MAX_CONCURRENCY) or try again later.";
    default:
      if (init.status >= 500) return "The service kept failing; try again later.";
      return "The request was not accepted.";
  }
}

function inferenceAdvice(status: number, detail: string): string | undefined {
  if (status === 402 || (status === 429 && QUOTA.test(detail))) {
    return "Inference credits or the monthly spending cap are used up: buy credits or raise the limit in W&B billing.";
  }
  if (status === 401) {
    return (
      "Check the API key (wandb:apiKey / WANDB_API_KEY) and that wandb:inferenceProject (WANDB_INFERENCE_PROJECT) " +
      "names an existing <entity>/<project> the key can use."
    );
  }
  if (status === 403) return "Inference is not available from this location (country, region or territory not supported).";
  if (status === 404) return "Unknown or retired model, or a wrong wandb:inferenceUrl (WANDB_INFERENCE_URL).";
  return undefined;
}

/** What W&B's audit-logging page says of its refusals (docs/reference-quotes/audit-logging.md). */
function auditLogAdvice(status: number): string | undefined {
  if (status === 403) return "Organization-level admins can fetch audit logs; on the multi-tenant cloud, only Enterprise plans have them.";
  if (status === 404) {
    return (
      "No audit log at this URL: W&B serves it at <host>/admin/audit_logs (Dedicated Cloud, Self-Managed) and at " +
      "https://api.wandb.ai/audit_logs (multi-tenant cloud). Check wandb:baseUrl (WANDB_BASE_URL) and wandb:deployment (WANDB_DEPLOYMENT)."
    );
  }
  return undefined;
}

/**
 * Whether the service refused the credentials (401) or their permission (403), itself or as the
 * cause of another error: no later request of the run can succeed, so a read that may otherwise be left out (a notice at preview) fails the run.
 */
export function credentialsRefused(error: unknown): boolean {
  if (error instanceof WandbApiError) return error.status === 401 || error.status === 403;
  // A caller's error that carries the service's (e.g. with advice added) is the same refusal.
  return error instanceof Error && error.cause !== undefined && credentialsRefused(error.cause);
}

/**
 * A create whose outcome is unknown (its answer lost, or a 5xx) found, looking up its natural key,
 * an object that holds that key. The client cannot tell whether it is what the create made or
 * someone else's, so it judges nothing: the caller, who knows what it declared, does.
 */
export class KeyHeldError<T extends { id: string }> extends Error {
  /** "user", "team" or "role". */
  readonly kind: string;
  readonly naturalKey: string;
  /** The object found holding the natural key. */
  readonly holder: T;
  /** The failure that left the create's outcome unknown (or a 409 after one). */
  readonly failure: WandbApiError;

  constructor(init: { kind: string; naturalKey: string; holder: T; failure: WandbApiError }) {
    super(
      `${init.failure.message} Its outcome is unknown, and ${init.kind} ${JSON.stringify(init.naturalKey)} (id ${init.holder.id}) now holds that name: ` +
        "it may be what this request made, or another's.",
      { cause: init.failure },
    );
    this.kind = init.kind;
    this.naturalKey = init.naturalKey;
    this.holder = init.holder;
    this.failure = init.failure;
  }
}
Object.defineProperty(KeyHeldError.prototype, "name", { value: "KeyHeldError" });
