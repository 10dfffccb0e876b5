import type { IncomingHttpHeaders } from "node:http";
import { z } from "zod";
import type { AuditTrail } from "./audit-log";
import { badRequest } from "./errors";
import { etagOf, isNotModified } from "./etag";
import type { Reply } from "./http";
import type { Org } from "./org";
import { PATCH_SCHEMA, renderList, scimContentType } from "./scim-render";
import { formatPath } from "./seed";
import type { Settings } from "./settings";

export interface ScimRequest {
  org: Org;
  settings: Settings;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the request does that W&B's audit log records: entries once it succeeds. */
  audit: AuditTrail;
}

const MAX_COUNT = 9999;

export function parseBody<S extends z.ZodType>(req: ScimRequest, schema: S): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(req.body);
  } catch {
    throw badRequest("Request body is not valid JSON", "invalidSyntax");
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue ? formatPath(issue.path) : "(root)";
    throw badRequest(`Invalid request body: ${where}: ${issue?.message ?? "invalid"}`, "invalidValue");
  }
  return result.data;
}

const patchOpSchema = z.object({
  schemas: z.array(z.string()).refine((s) => s.includes(PATCH_SCHEMA), `must contain "${PATCH_SCHEMA}"`),
  Operations: z
    .array(z.object({ op: z.string(), path: z.string().optional(), value: z.unknown().optional() }))
    .min(1),
});

export interface PatchOperation {
  /** Lower-cased: SCIM op names are case-insensitive (some IdPs send "Replace"). */
  op: "add" | "remove" | "replace";
  path: string | undefined;
  value: unknown;
}

export function parsePatchOps(req: ScimRequest): PatchOperation[] {
  return parseBody(req, patchOpSchema).Operations.map((o) => {
    const op = o.op.toLowerCase();
    if (op !== "add" && op !== "remove" && op !== "replace") throw badRequest(`Unsupported PATCH op "${o.op}"`, "invalidSyntax");
    const path = o.path?.trim();
    return { op, path: path === "" ? undefined : path, value: o.value };
  });
}

/** Parses an operation's value with a schema, naming the operation in the error. */
export function opValue<S extends z.ZodType>(op: PatchOperation, schema: S): z.output<S> {
  const result = schema.safeParse(op.value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${formatPath(issue.path)}: ` : "";
    throw badRequest(`Invalid value for op "${op.op}" on path "${op.path ?? ""}": ${where}${issue?.message ?? "invalid"}`);
  }
  return result.data;
}

/** 1-based startIndex (values below 1 mean 1) and count (capped at the service maximum, 9999). */
export function parsePaging(query: URLSearchParams): { startIndex: number; count: number } {
  const int = (name: string, fallback: number) => {
    const raw = query.get(name);
    if (raw === null) return fallback;
    if (!/^-?\d+$/.test(raw.trim())) throw badRequest(`Query parameter ${name} must be an integer`);
    return Number(raw);
  };
  return {
    startIndex: Math.max(1, int("startIndex", 1)),
    count: Math.min(MAX_COUNT, Math.max(0, int("count", MAX_COUNT))),
  };
}

export function page<T>(items: T[], p: { startIndex: number; count: number }): T[] {
  return items.slice(p.startIndex - 1, p.startIndex - 1 + p.count);
}

export function resourceReply(settings: Settings, status: number, version: string, body: unknown, extra: Record<string, string> = {}): Reply {
  return { status, body, contentType: scimContentType(settings), headers: { ETag: etagOf(version), ...extra } };
}

/** A created resource: 201 with it, its ETag and its Location. */
export function createdReply(req: ScimRequest, collection: "Users" | "Groups" | "Roles", resource: { id: string; version: string }, body: unknown): Reply {
  return resourceReply(req.settings, 201, resource.version, body, { Location: `${req.settings.baseUrl}${req.settings.scimRoot}/${collection}/${resource.id}` });
}

/** A changed resource: wandb answers 200 with it, rfc answers 204 without a body. */
export function patchedReply(settings: Settings, version: string, body: () => unknown): Reply {
  if (settings.dialect === "rfc") return { status: 204 };
  return resourceReply(settings, 200, version, body());
}

function listReply(settings: Settings, body: unknown): Reply {
  return { status: 200, body, contentType: scimContentType(settings) };
}

/** The page of `items` that the query's startIndex and count ask for, as a list response. */
export function pagedListReply<T>(req: ScimRequest, items: T[], render: (item: T) => unknown): Reply {
  const paging = parsePaging(req.query);
  const resources = page(items, paging).map(render);
  return listReply(req.settings, renderList(req.settings, resources, paging, items.length));
}

/** A conditional GET of one resource: 304 when If-None-Match names its current version, else the resource. */
export function getReply(req: ScimRequest, version: string, render: () => unknown): Reply {
  if (isNotModified(req.headers, version)) return { status: 304, headers: { ETag: etagOf(version) } };
  return resourceReply(req.settings, 200, version, render());
}
