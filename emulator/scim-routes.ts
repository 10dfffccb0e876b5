import { authenticate, isOrgAdmin, parseAuthorization } from "./auth";
import { ScimError } from "./errors";
import type { Reply } from "./http";
import type { Principal } from "./org";
import type { Route } from "./router";
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, putGroup } from "./scim-groups";
import type { ScimRequest } from "./scim-request";
import { createRole, deleteRole, getRole, listRoles, patchRole, putRole } from "./scim-roles";
import { createUser, deleteUser, getUser, listUsers, patchUser } from "./scim-users";

type Handler = (req: ScimRequest) => Reply;

/** Patterns relative to the SCIM root (`/scim` unless the emulator was started with another `scimRoot`). */
export const scimRoutes: Route<Handler>[] = [
  { method: "GET", pattern: "/Users", handler: listUsers },
  { method: "POST", pattern: "/Users", handler: createUser },
  { method: "GET", pattern: "/Users/:id", handler: getUser },
  { method: "PATCH", pattern: "/Users/:id", handler: patchUser },
  { method: "DELETE", pattern: "/Users/:id", handler: deleteUser },
  { method: "GET", pattern: "/Groups", handler: listGroups },
  { method: "POST", pattern: "/Groups", handler: createGroup },
  { method: "GET", pattern: "/Groups/:id", handler: getGroup },
  { method: "PUT", pattern: "/Groups/:id", handler: putGroup },
  { method: "PATCH", pattern: "/Groups/:id", handler: patchGroup },
  { method: "DELETE", pattern: "/Groups/:id", handler: deleteGroup },
  { method: "GET", pattern: "/Roles", handler: listRoles },
  { method: "POST", pattern: "/Roles", handler: createRole },
  { method: "GET", pattern: "/Roles/:id", handler: getRole },
  { method: "PUT", pattern: "/Roles/:id", handler: putRole },
  { method: "PATCH", pattern: "/Roles/:id", handler: patchRole },
  { method: "DELETE", pattern: "/Roles/:id", handler: deleteRole },
];

/** The caller; 401 for unknown or malformed credentials, 403 for a valid caller who is not an org admin. */
export function authorizeScim(req: ScimRequest): Principal {
  const principal = authenticate(req.org, parseAuthorization(req.headers.authorization));
  if (!principal) {
    throw new ScimError(401, "Authentication failed: send Basic base64(<username>:<API key>), Basic base64(:<service account key>) or Bearer <API key>", undefined, {
      "WWW-Authenticate": 'Basic realm="wandb", Bearer',
    });
  }
  if (!isOrgAdmin(principal)) throw new ScimError(403, "Permission denied: organization admin privileges are required");
  return principal;
}
