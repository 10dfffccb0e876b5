import { z } from "zod";
import { badRequest } from "./errors";
import { checkIfMatch } from "./etag";
import type { Reply } from "./http";
import { INHERITED_PERMISSIONS } from "./role-catalogue";
import { renderRole } from "./scim-render";
import { createdReply, getReply, opValue, pagedListReply, parseBody, parsePatchOps, patchedReply, resourceReply, type ScimRequest } from "./scim-request";

const permissionsSchema = z.array(z.object({ name: z.string().trim().min(1) }));
const roleSchema = z.object({
  schemas: z.array(z.string()).optional(),
  name: z.string().trim().min(1),
  description: z.string().optional(),
  permissions: permissionsSchema.optional(),
  inheritedFrom: z.string().transform((s) => s.trim().toLowerCase()).pipe(z.enum(["member", "viewer"])),
});

export function listRoles(req: ScimRequest): Reply {
  if (req.query.get("filter") !== null) throw badRequest("Filtering is not supported on /Roles", "invalidFilter");
  return pagedListReply(req, [...req.org.roles.values()], (r) => renderRole(req.org, req.settings, r));
}

export function getRole(req: ScimRequest): Reply {
  const role = req.org.getRole(req.params.id ?? "");
  return getReply(req, role.version, () => renderRole(req.org, req.settings, role));
}

export function createRole(req: ScimRequest): Reply {
  const body = parseBody(req, roleSchema);
  const role = req.org.createRole({
    name: body.name,
    description: body.description ?? "",
    inheritedFrom: body.inheritedFrom,
    permissions: (body.permissions ?? []).map((p) => p.name),
  });
  return createdReply(req, "Roles", role, renderRole(req.org, req.settings, role, { creation: true }));
}

/**
 * The docs disagree on PUT: one version replaces the whole definition including permissions,
 * the other keeps the custom permissions. `rolePutReplacesPermissions` picks the reading.
 */
export function putRole(req: ScimRequest): Reply {
  const role = req.org.getRole(req.params.id ?? "");
  checkIfMatch(req.headers, role.version);
  const body = parseBody(req, roleSchema);
  const replace = req.settings.rolePutReplacesPermissions;
  req.org.updateRole(role, {
    name: body.name,
    description: body.description ?? (replace ? "" : role.description),
    inheritedFrom: body.inheritedFrom,
    permissions: replace && body.permissions ? body.permissions.map((p) => p.name) : role.permissions,
  });
  return resourceReply(req.settings, 200, role.version, renderRole(req.org, req.settings, role));
}

export function patchRole(req: ScimRequest): Reply {
  const role = req.org.getRole(req.params.id ?? "");
  checkIfMatch(req.headers, role.version);
  let permissions = [...role.permissions];
  for (const op of parsePatchOps(req)) {
    if (op.path?.toLowerCase() !== "permissions" || op.op === "replace") {
      throw badRequest(`Unsupported PATCH operation: op "${op.op}" on path "${op.path ?? "(none)"}"; only add/remove on "permissions"`, "invalidPath");
    }
    const names = opValue(op, permissionsSchema.min(1)).map((p) => p.name);
    req.org.checkPermissions(names);
    if (op.op === "add") permissions.push(...names.filter((n) => !permissions.includes(n)));
    else {
      const inherited = names.filter((n) => INHERITED_PERMISSIONS[role.inheritedFrom].includes(n) && !role.permissions.includes(n));
      if (inherited.length > 0) {
        throw badRequest(`Cannot remove inherited permission ${inherited.map((n) => `"${n}"`).join(", ")}: it comes from "${role.inheritedFrom}"`);
      }
      permissions = permissions.filter((n) => !names.includes(n));
    }
  }
  req.org.updateRole(role, { name: role.name, description: role.description, inheritedFrom: role.inheritedFrom, permissions });
  return patchedReply(req.settings, role.version, () => renderRole(req.org, req.settings, role));
}

export function deleteRole(req: ScimRequest): Reply {
  const role = req.org.getRole(req.params.id ?? "");
  checkIfMatch(req.headers, role.version);
  req.org.deleteRole(role);
  return { status: 204 };
}
