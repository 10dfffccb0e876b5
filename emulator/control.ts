import type { IncomingHttpHeaders } from "node:http";
import type { z } from "zod";
import type { EmulatorCore } from "./core";
import { faultsSchema } from "./faults";
import { json, type Reply } from "./http";
import { recordActivity } from "./org";
import { renderUser } from "./scim-render";
import { matchRoute, type Route } from "./router";
import { formatPath } from "./seed";
import { activitySchema } from "./user-access";

interface ControlRequest {
  core: EmulatorCore;
  body: string;
  params: Record<string, string>;
}

/** A control request's JSON body checked against `schema`, or the 400 naming each field that is wrong. */
function parseControlBody<S extends z.ZodType>(body: string, schema: S): { ok: true; value: z.output<S> } | { ok: false; reply: Reply } {
  let input: unknown;
  try {
    input = JSON.parse(body);
  } catch {
    return { ok: false, reply: json(400, { error: "body is not valid JSON" }) };
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, reply: json(400, { error: parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`).join("; ") }) };
  }
  return { ok: true, value: parsed.data };
}

function putFaults({ core, body }: ControlRequest): Reply {
  const parsed = parseControlBody(body, faultsSchema);
  if (!parsed.ok) return parsed.reply;
  core.faults.configure(parsed.value);
  return json(200, parsed.value);
}

/** What the service records as people work; the user's ETag stays, as no admin changed the user. */
function putActivity({ core, body, params }: ControlRequest): Reply {
  const user = core.org.users.get(params["id"] ?? "");
  if (!user) return json(404, { error: `no user with id ${params["id"]}` });
  const parsed = parseControlBody(body, activitySchema);
  if (!parsed.ok) return parsed.reply;
  recordActivity(user, parsed.value);
  return json(200, renderUser(core.org, { ...core.settings, userRolesOnGet: "shown" }, user));
}

const routes: Route<(req: ControlRequest) => Reply>[] = [
  { method: "GET", pattern: "/_emulator/log", handler: ({ core }) => json(200, core.log.snapshot()) },
  {
    method: "DELETE",
    pattern: "/_emulator/log",
    handler: ({ core }) => {
      core.log.reset();
      return { status: 204 };
    },
  },
  { method: "PUT", pattern: "/_emulator/faults", handler: putFaults },
  {
    method: "DELETE",
    pattern: "/_emulator/faults",
    handler: ({ core }) => {
      core.faults.clear();
      return { status: 204 };
    },
  },
  {
    // The user as the emulator holds it, roles included whatever the wire shows: what tests check against.
    method: "GET",
    pattern: "/_emulator/users/:id",
    handler: ({ core, params }) => {
      const user = core.org.users.get(params["id"] ?? "");
      if (!user) return json(404, { error: `no user with id ${params["id"]}` });
      return json(200, renderUser(core.org, { ...core.settings, userRolesOnGet: "shown" }, user));
    },
  },
  { method: "PUT", pattern: "/_emulator/users/:id/activity", handler: putActivity },
  { method: "GET", pattern: "/_emulator/state", handler: ({ core }) => json(200, { ...core.org.toSeed(), seatsUsed: core.org.seatsUsed() }) },
  {
    method: "POST",
    pattern: "/_emulator/reset",
    handler: ({ core }) => {
      core.reset();
      return { status: 204 };
    },
  },
];

/** The /_emulator API; guarded by the seed's admin credentials and never logged or faulted. */
export function serveControl(core: EmulatorCore, method: string, path: string, headers: IncomingHttpHeaders, body: string): Reply {
  const denial = core.controlDenial(headers);
  if (denial === 401) return json(401, { error: "admin credentials required (Basic user:key, Basic :key or Bearer key)" });
  if (denial === 403) return json(403, { error: "organization admin privileges are required" });
  const match = matchRoute(routes, method, path);
  if (match.kind === "none") return json(404, { error: `no control endpoint at ${path}` });
  if (match.kind === "wrongMethod") return json(405, { error: `use ${match.allowed.join(" or ")} on ${path}` }, { Allow: match.allowed.join(", ") });
  return match.route.handler({ core, body, params: match.params });
}
