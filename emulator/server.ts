import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { AuditTrail } from "./audit-log";
import { auditLogPath, serveAuditLogs } from "./audit-log-api";
import { serveControl } from "./control";
import type { EmulatorCore } from "./core";
import { ScimError } from "./errors";
import type { InjectedFailure } from "./faults";
import { BodyTooLarge, json, readBody, type Reply } from "./http";
import { InferenceError, inferenceRoutes, renderInferenceError } from "./inference";
import { matchRoute } from "./router";
import { renderError, scimContentType } from "./scim-render";
import type { ScimRequest } from "./scim-request";
import { authorizeScim, scimRoutes } from "./scim-routes";

type Kind = "scim" | "inference" | "audit" | "other";

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

const INFERENCE_FAULT_CODES: Record<number, [code: string, type: string]> = {
  429: ["rate_limit_exceeded", "rate_limit_error"],
  500: ["internal_error", "server_error"],
  502: ["bad_gateway", "server_error"],
  503: ["engine_overloaded", "server_error"],
  504: ["gateway_timeout", "server_error"],
};

function errorReply(core: EmulatorCore, kind: Kind, status: number, message: string, headers: Record<string, string> = {}): Reply {
  if (kind === "scim") {
    const settings = core.settings;
    return { status, headers, body: renderError(settings, new ScimError(status, message)), contentType: scimContentType(settings) };
  }
  if (kind === "inference") {
    const [code, type] = INFERENCE_FAULT_CODES[status] ?? ["error", "server_error"];
    return json(status, renderInferenceError(code, message, type), headers);
  }
  return json(status, { error: message }, headers);
}

function failureReply(core: EmulatorCore, kind: Kind, f: InjectedFailure): Reply {
  return errorReply(core, kind, f.status, f.message, f.retryAfter === undefined ? {} : { "Retry-After": String(f.retryAfter) });
}

/** Who sent a request, as W&B's audit log records it (`actor_ip`): an IPv4 address without its IPv6 mapping. */
const clientAddress = (req: IncomingMessage) => (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");

function serveScim(core: EmulatorCore, method: string, path: string, url: URL, headers: IncomingHttpHeaders, body: string, ip: string): Reply {
  const settings = core.settings;
  const match = matchRoute(scimRoutes, method, path.slice(settings.scimRoot.length));
  const audit = new AuditTrail();
  const req: ScimRequest = { org: core.org, settings, params: match.kind === "found" ? match.params : {}, query: url.searchParams, headers, body, audit };
  try {
    const actor = authorizeScim(req);
    if (match.kind === "none") throw new ScimError(404, `No SCIM endpoint at ${path}`);
    if (match.kind === "wrongMethod") {
      throw new ScimError(405, `Method ${method} is not supported on ${settings.scimRoot}${match.pattern}`, undefined, { Allow: match.allowed.join(", ") });
    }
    const reply = match.route.handler(req);
    core.auditLog.commit(audit, actor, ip, reply.status);
    if (method !== "GET") core.persist();
    return reply;
  } catch (e) {
    if (!(e instanceof ScimError)) throw e;
    return { status: e.status, headers: e.headers, body: renderError(settings, e), contentType: scimContentType(settings) };
  }
}

function serveInference(core: EmulatorCore, method: string, path: string, headers: IncomingHttpHeaders, body: string): Reply {
  const match = matchRoute(inferenceRoutes, method, path);
  try {
    if (match.kind === "none") throw new InferenceError(404, "not_found", `Unknown endpoint ${method} ${path}`);
    if (match.kind === "wrongMethod") throw new InferenceError(405, "method_not_allowed", `Method ${method} is not allowed on ${path}`);
    return match.route.handler({ org: core.org, headers, body });
  } catch (e) {
    if (!(e instanceof InferenceError)) throw e;
    return json(e.status, renderInferenceError(e.code, e.message, e.type));
  }
}

/** The route pattern from the server's root, e.g. `/scim/Users/:id`: the request log's name for it. */
function routeName(core: EmulatorCore, kind: Kind, method: string, path: string): string {
  if (kind === "audit") return path;
  const prefix = kind === "scim" ? core.settings.scimRoot : "";
  const routes = kind === "scim" ? scimRoutes : kind === "inference" ? inferenceRoutes : [];
  const match = matchRoute<unknown>(routes, method, path.slice(prefix.length));
  if (match.kind === "found") return `${prefix}${match.route.pattern}`;
  return match.kind === "wrongMethod" ? `${prefix}${match.pattern}` : "(unmatched)";
}

/** Faults come first (as from a gateway in front of the service), then the service itself. */
async function serve(core: EmulatorCore, kind: Kind, inFlight: number, req: IncomingMessage, method: string, url: URL): Promise<{ reply: Reply; drop: boolean }> {
  const path = url.pathname;
  const body = await readBody(req);
  let drop = false;
  if (kind !== "other") {
    const throttled = core.faults.overConcurrency(inFlight);
    if (throttled) return { reply: failureReply(core, kind, throttled), drop };
    const delay = core.faults.latencyMs();
    if (delay > 0) await sleep(delay);
    const failure = core.faults.takeFailure(method, path);
    if (failure) return { reply: failureReply(core, kind, failure), drop };
    drop = core.faults.takeDrop(method, path);
  }
  if (kind === "scim") return { reply: serveScim(core, method, path, url, req.headers, body, clientAddress(req)), drop };
  if (kind === "inference") return { reply: serveInference(core, method, path, req.headers, body), drop };
  if (kind === "audit") {
    if (method !== "GET") return { reply: json(405, { error: `use GET on ${path}` }, { Allow: "GET" }), drop };
    return { reply: serveAuditLogs(core.auditLog, core.org, core.settings, url.searchParams, req.headers), drop };
  }
  return { reply: json(404, { error: `Not found: ${path}` }), drop };
}

function write(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.body === undefined && reply.text === undefined) {
    res.writeHead(reply.status, headers).end();
    return;
  }
  const text = reply.text ?? JSON.stringify(reply.body);
  headers["Content-Type"] = `${reply.contentType ?? "application/json"}; charset=utf-8`;
  headers["Content-Length"] = String(Buffer.byteLength(text));
  res.writeHead(reply.status, headers).end(text);
}

async function handle(core: EmulatorCore, log: (line: string) => void, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = performance.now();
  const method = (req.method ?? "GET").toUpperCase();
  const url = new URL(req.url ?? "/", "http://emulator.invalid");
  const path = url.pathname;
  if (under(path, "/_emulator")) {
    try {
      write(res, serveControl(core, method, path, req.headers, await readBody(req)));
    } catch (e) {
      write(res, json(500, { error: (e as Error).message }));
    }
    return;
  }
  // Inference and the audit log first: a SCIM root of "/" (empty) would otherwise take every path.
  const kind: Kind = under(path, "/v1") ? "inference" : path === auditLogPath(core.settings.deployment) ? "audit" : under(path, core.settings.scimRoot) ? "scim" : "other";
  const inFlight = core.log.enter();
  let outcome: { reply: Reply; drop: boolean };
  try {
    outcome = await serve(core, kind, inFlight, req, method, url);
  } catch (e) {
    if (e instanceof BodyTooLarge) outcome = { reply: errorReply(core, kind, 413, e.message), drop: false };
    else {
      log(`internal error on ${method} ${path}: ${(e as Error).stack ?? String(e)}`);
      outcome = { reply: errorReply(core, kind, 500, "Internal server error"), drop: false };
    }
  } finally {
    core.log.leave();
  }
  const status = outcome.drop ? 0 : outcome.reply.status;
  const ms = Math.round((performance.now() - started) * 100) / 100;
  const ifMatch = req.headers["if-match"];
  core.log.record(
    {
      method,
      route: routeName(core, kind, method, path),
      path,
      ...(url.search === "" ? {} : { query: url.search.slice(1) }),
      status,
      ...(ifMatch === undefined ? {} : { ifMatch }),
      ms,
      at: new Date().toISOString(),
    },
    kind !== "other",
  );
  log(`${method} ${req.url ?? path} -> ${outcome.drop ? "dropped" : status} (${ms} ms)`);
  if (outcome.drop) {
    req.socket.destroy();
    return;
  }
  write(res, outcome.reply);
}

export function createEmulatorServer(core: EmulatorCore, log: (line: string) => void): Server {
  return createServer((req, res) => {
    void handle(core, log, req, res);
  });
}
