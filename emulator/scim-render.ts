import type { ScimError } from "./errors";
import { INHERITED_PERMISSIONS } from "./role-catalogue";
import type { CustomRole, Org, Team, TeamRole, User } from "./org";
import type { Settings } from "./settings";

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const ROLE_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Role";
export const TEAMS_EXTENSION = "urn:ietf:params:scim:schemas:extension:teams:2.0:User";
export const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

/** W&B answers application/json; RFC 7644 servers answer application/scim+json. */
export const scimContentType = (s: Settings) => (s.dialect === "wandb" ? "application/json" : "application/scim+json");

interface Meta {
  resourceType: string;
  created: string;
  lastModified: string;
  version: string;
  id: string;
}

/**
 * wandb: relative location, no version in the body (the ETag is only in the header), and
 * no lastModified in a creation response. rfc: absolute location, version always present.
 */
function meta(s: Settings, kind: string, r: Meta, creation: boolean) {
  if (s.dialect === "rfc") {
    return {
      resourceType: r.resourceType,
      created: r.created,
      lastModified: r.lastModified,
      location: `${s.baseUrl}${s.scimRoot}/${kind}/${r.id}`,
      version: `W/"${r.version}"`,
    };
  }
  return creation
    ? { resourceType: r.resourceType, created: r.created, location: `${kind}/${r.id}` }
    : { resourceType: r.resourceType, created: r.created, lastModified: r.lastModified, location: `${kind}/${r.id}` };
}

/**
 * `roles`: whether the representation carries organizationRole, teamRoles and registryRoles. The
 * docs show them only in PATCH responses and the saas POST 201; with `userRolesOnGet: "omitted"`
 * the other representations (GET, list items, the dedicated POST 201) leave them out. modelsSeat
 * and weaveRole go with them, and are also in every POST 201 (the reference's create response).
 * daysActive and lastActiveAt are in GET and list items only, as the reference shows them.
 */
export function renderUser(
  org: Org,
  s: Settings,
  user: User,
  opts: { creation?: boolean; patched?: boolean; teamRolesOf?: (userId: string) => TeamRole[] } = {},
): Record<string, unknown> {
  const creation = opts.creation ?? false;
  const roles = s.userRolesOnGet === "shown" || opts.patched === true || (creation && s.deployment === "saas");
  const teamRoles = (opts.teamRolesOf ?? ((id) => org.teamRolesOf(id)))(user.id);
  const body: Record<string, unknown> = {
    active: user.active,
    displayName: user.displayName,
    emails:
      s.dialect === "wandb"
        ? { Value: user.email, Display: "", Type: "", Primary: true }
        : [{ value: user.email, primary: true }],
    id: user.id,
    meta: meta(s, "Users", { resourceType: "User", ...user }, creation),
    organizationRole: org.roleName(user.orgRole),
    registryRoles: [...user.registryRoles].map(([registryName, roleName]) => ({ registryName, roleName })),
    schemas: [USER_SCHEMA],
    teamRoles: teamRoles.map((t) => ({ teamName: t.team.displayName, roleName: org.roleName(t.role) })),
    userName: user.userName,
  };
  if (!roles) {
    delete body.organizationRole;
    delete body.teamRoles;
    delete body.registryRoles;
  }
  if (roles || creation) Object.assign(body, { modelsSeat: user.modelsSeat, weaveRole: user.weaveRole });
  if (!creation && opts.patched !== true) Object.assign(body, user.activity);
  // On the multi-tenant cloud the creation response also lists the teams joined.
  if (creation && s.deployment === "saas") body.groups = teamRoles.map((t) => ({ value: t.team.id }));
  return body;
}

export function renderGroup(org: Org, s: Settings, team: Team, opts: { creation?: boolean } = {}): Record<string, unknown> {
  const ids = [...team.members.keys()];
  const members =
    s.dialect === "wandb"
      ? ids.length === 0
        ? null
        : ids.map((id) => ({ Value: id, Ref: "", Type: "", Display: org.memberDisplay(id) }))
      : ids.map((id) => ({ value: id, display: org.memberDisplay(id) }));
  return {
    displayName: team.displayName,
    id: team.id,
    members,
    meta: meta(s, "Groups", { resourceType: "Group", ...team }, opts.creation ?? false),
    schemas: [GROUP_SCHEMA],
  };
}

export function renderRole(org: Org, s: Settings, role: CustomRole, opts: { creation?: boolean } = {}): Record<string, unknown> {
  const inherited = INHERITED_PERMISSIONS[role.inheritedFrom];
  const own = role.permissions.filter((p) => !inherited.includes(p));
  return {
    description: role.description,
    id: role.id,
    inheritedFrom: role.inheritedFrom,
    meta: meta(s, "Roles", { resourceType: "Role", ...role }, opts.creation ?? false),
    name: role.name,
    organizationID: org.organization.id,
    permissions: [
      ...inherited.map((name) => ({ name, isInherited: true })),
      ...own.map((name) => ({ name, isInherited: false })),
    ],
    schemas: s.dialect === "wandb" ? [""] : [ROLE_SCHEMA],
  };
}

/** wandb echoes the requested page size as itemsPerPage; RFC 7644 counts the resources returned. */
export function renderList(s: Settings, resources: unknown[], page: { startIndex: number; count: number }, total: number) {
  return {
    Resources: resources,
    itemsPerPage: s.dialect === "wandb" ? page.count : resources.length,
    startIndex: page.startIndex,
    totalResults: total,
    schemas: [LIST_SCHEMA],
  };
}

/** Same envelope in both dialects; `status` is a number for wandb and a string (as RFC 7644 says) for rfc. */
export function renderError(s: Settings, e: ScimError): Record<string, unknown> {
  return {
    schemas: [ERROR_SCHEMA],
    status: s.dialect === "wandb" ? e.status : String(e.status),
    ...(e.scimType === undefined ? {} : { scimType: e.scimType }),
    detail: e.detail,
  };
}
