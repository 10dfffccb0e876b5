import { z } from "zod";
import { badRequest, ScimError } from "./errors";
import { checkIfMatch } from "./etag";
import { parseFilterOn } from "./filter";
import type { Reply } from "./http";
import { emptyUserChange, type Org, type User, type UserChange } from "./org";
import { canonicalBuiltin, ORG_ROLES } from "./role-catalogue";
import { renderUser, TEAMS_EXTENSION } from "./scim-render";
import { createServiceAccount, isServiceAccountRequest } from "./service-accounts";
import { accessLevel } from "./user-access";
import { createdReply, getReply, opValue, pagedListReply, parseBody, parsePatchOps, patchedReply, type PatchOperation, type ScimRequest } from "./scim-request";

const emailSchema = z.object({
  value: z.string().trim().regex(/^[^@\s]+@[^@\s]+$/, "must be an email address"),
  primary: z.boolean().optional(),
});
const emailsSchema = z.array(emailSchema).min(1);

const createUserSchema = z.object({
  schemas: z.array(z.string()),
  userName: z.string().trim().min(1),
  displayName: z.string().optional(),
  emails: emailsSchema,
  active: z.boolean().optional(),
  modelsSeat: accessLevel("modelsSeat").optional(),
  weaveRole: accessLevel("weaveRole").optional(),
  [TEAMS_EXTENSION]: z.object({ teams: z.array(z.string().min(1)) }).optional(),
});

const multiTenantOnly = (what: string) =>
  badRequest(`${what} is not supported on the multi-tenant cloud (SaaS): the account is not managed by the organization`, "mutability");

function primaryEmail(req: ScimRequest, emails: z.output<typeof emailsSchema>): string {
  const primary = emails.find((e) => e.primary === true);
  if (!primary) throw badRequest("emails must include a primary email ({\"value\": ..., \"primary\": true})");
  if (req.settings.deployment !== "saas" && emails.length > 1) {
    throw badRequest("Only one email per user is supported on this deployment");
  }
  return primary.value;
}

export function listUsers(req: ScimRequest): Reply {
  const filter = req.query.get("filter");
  let users: User[];
  if (filter === null) users = [...req.org.users.values()];
  else {
    const f = parseFilterOn(filter, ["userName", "emails.value"] as const);
    const hit = f.attribute === "userName" ? req.org.userByName(f.value) : req.org.userByEmail(f.value);
    users = hit ? [hit] : [];
  }
  const teamRolesOf = req.org.teamRolesByUser();
  return pagedListReply(req, users, (u) => renderUser(req.org, req.settings, u, { teamRolesOf }));
}

export function getUser(req: ScimRequest): Reply {
  const user = req.org.getUser(req.params.id ?? "");
  return getReply(req, user.version, () => renderUser(req.org, req.settings, user));
}

export function createUser(req: ScimRequest): Reply {
  if (isServiceAccountRequest(req)) return createServiceAccount(req);
  const body = parseBody(req, createUserSchema);
  const saas = req.settings.deployment === "saas";
  const extension = body[TEAMS_EXTENSION];
  if (extension && !body.schemas.includes(TEAMS_EXTENSION)) {
    throw badRequest(`The teams extension is used but "${TEAMS_EXTENSION}" is missing from schemas`, "invalidSyntax");
  }
  if (saas && (!extension || extension.teams.length === 0)) {
    throw badRequest(
      `On the multi-tenant cloud a user is added to teams, not created in the organization: send the "${TEAMS_EXTENSION}" schema with at least one existing team ({"teams": ["<team name>"]})`,
    );
  }
  const teamIds = (extension?.teams ?? []).map((name) => {
    const team = req.org.teamByName(name);
    if (!team) throw badRequest(`Team "${name}" does not exist`);
    return team.id;
  });
  const user = req.org.createUser({
    userName: body.userName,
    displayName: body.displayName ?? body.userName,
    email: primaryEmail(req, body.emails),
    active: body.active ?? true,
    orgRole: "member",
    ...(body.modelsSeat === undefined ? {} : { modelsSeat: body.modelsSeat }),
    ...(body.weaveRole === undefined ? {} : { weaveRole: body.weaveRole }),
    teamIds,
  });
  req.audit.record("user:create", { user });
  req.audit.memberships(req.org, user, new Set(), new Set(teamIds));
  return createdReply(req, "Users", user, renderUser(req.org, req.settings, user, { creation: true }));
}

export function deleteUser(req: ScimRequest): Reply {
  const user = req.org.getUser(req.params.id ?? "");
  checkIfMatch(req.headers, user.version);
  req.org.deleteUser(user);
  req.audit.record("user:permanently_delete", { user });
  return { status: 204 };
}

const teamRolesSchema = z.array(z.object({ roleName: z.string().min(1), teamName: z.string().min(1) })).min(1);
const registryRolesSchema = z.array(z.object({ roleName: z.string().min(1), registryName: z.string().min(1) })).min(1);
const noPathSchema = z.strictObject({
  active: z.boolean().optional(),
  displayName: z.string().optional(),
  emails: emailsSchema.optional(),
});

function requireRegistry(org: Org, name: string): string {
  if (!org.registries.has(name)) throw badRequest(`Registry "${name}" does not exist`);
  return name;
}

/** Reads a `registryRoles[registryName eq "r1"]` path; undefined when the path has another form. */
function registryFilterPath(path: string): string | undefined {
  const m = /^registryRoles\[(.*)\]$/is.exec(path);
  if (!m) return undefined;
  return parseFilterOn(m[1] ?? "", ["registryName"] as const).value;
}

function collectUserOp(req: ScimRequest, op: PatchOperation, change: UserChange): void {
  const { org, settings } = req;
  const saas = settings.deployment === "saas";
  const setEmail = (emails: z.output<typeof emailsSchema>) => {
    if (saas) throw multiTenantOnly("Updating email");
    change.email = primaryEmail(req, emails);
  };
  const setDisplayName = (name: string) => {
    if (saas) throw multiTenantOnly("Updating displayName");
    change.displayName = name;
  };
  const setActive = (active: boolean) => {
    if (saas && !active && settings.saasDeactivation === "unsupported") {
      throw badRequest("Deactivating users is not supported on the multi-tenant cloud (SaaS)", "mutability");
    }
    change.active = active;
  };
  const unsupported = () =>
    badRequest(`Unsupported PATCH operation: op "${op.op}" on path "${op.path ?? "(none)"}"`, "invalidPath");

  if (op.path === undefined) {
    if (op.op !== "replace") throw unsupported();
    const value = opValue(op, noPathSchema);
    if (value.emails !== undefined) setEmail(value.emails);
    if (value.displayName !== undefined) setDisplayName(value.displayName);
    if (value.active !== undefined) setActive(value.active);
    return;
  }
  const registry = registryFilterPath(op.path);
  if (registry !== undefined) {
    if (op.op === "add") throw unsupported();
    change.registryRoles.set(requireRegistry(org, registry), null);
    return;
  }
  switch (op.path.toLowerCase()) {
    case "emails":
      if (op.op !== "replace") throw unsupported();
      return setEmail(opValue(op, emailsSchema));
    case "displayname":
      if (op.op === "remove") throw unsupported();
      return setDisplayName(opValue(op, z.string()));
    case "active":
      if (op.op !== "replace") throw unsupported();
      return setActive(opValue(op, z.boolean()));
    case "organizationrole": {
      if (op.op !== "replace") throw unsupported();
      const role = opValue(op, z.string());
      change.orgRole = org.resolveOrgRole(role);
      // The deprecated organization viewer becomes a member with view-only Models and Weave (the reference's note).
      if (canonicalBuiltin(ORG_ROLES, role) === "viewer") {
        change.modelsSeat ??= "viewer";
        change.weaveRole ??= "viewer";
      }
      return;
    }
    case "modelsseat":
      if (op.op !== "replace") throw unsupported();
      change.modelsSeat = opValue(op, accessLevel("modelsSeat"));
      return;
    case "weaverole":
      if (op.op !== "replace") throw unsupported();
      change.weaveRole = opValue(op, accessLevel("weaveRole"));
      return;
    case "teamroles":
      // Replace is the only op; each entry sets that team's role and joins the team if needed.
      if (op.op !== "replace") throw unsupported();
      for (const tr of opValue(op, teamRolesSchema)) {
        const team = org.teamByName(tr.teamName);
        if (!team) throw badRequest(`Team "${tr.teamName}" does not exist`);
        change.teamRoles.set(team.id, org.resolveTeamRole(tr.roleName));
      }
      return;
    case "registryroles":
      // The docs name both add and replace for granting, and both remove and replace (no value) for leaving all.
      if (op.op === "remove" || (op.op === "replace" && op.value === undefined)) {
        change.clearRegistries = true;
        change.registryRoles.clear();
        return;
      }
      for (const rr of opValue(op, registryRolesSchema)) {
        change.registryRoles.set(requireRegistry(org, rr.registryName), org.resolveRegistryRole(rr.roleName));
      }
      return;
    default:
      throw unsupported();
  }
}

/** What W&B's audit log tells of a user: whether active, the organization role and seats, the profile, the teams. */
function accessOf(org: Org, user: User) {
  return {
    active: user.active,
    member: [user.orgRole, user.modelsSeat, user.weaveRole].join(" "),
    profile: [user.email, user.displayName].join(" "),
    teams: new Set(org.teamRolesOf(user.id).map((held) => held.team.id)),
  };
}

/** The documented actions of a user's change; its team roles and registry roles have none. */
function auditUserChange(req: ScimRequest, user: User, before: ReturnType<typeof accessOf>): void {
  const after = accessOf(req.org, user);
  if (before.active !== after.active) req.audit.record(after.active ? "user:reactivate" : "user:deactivate", { user });
  if (before.member !== after.member) req.audit.record("organization:update_member", { user });
  if (before.profile !== after.profile) req.audit.record("user:update", { user });
  req.audit.memberships(req.org, user, before.teams, after.teams);
}

export function patchUser(req: ScimRequest): Reply {
  if (req.org.serviceAccounts.has(req.params.id ?? "")) throw badRequest("Service accounts cannot be updated with PATCH or PUT", "mutability");
  const user = req.org.getUser(req.params.id ?? "");
  checkIfMatch(req.headers, user.version);
  const change = emptyUserChange();
  for (const op of parsePatchOps(req)) collectUserOp(req, op, change);
  if (req.settings.deployment === "saas" && change.active === true && !user.active) {
    throw new ScimError(400, "Reactivating users is not supported on the multi-tenant cloud (SaaS); add the user again", "mutability");
  }
  const before = accessOf(req.org, user);
  req.org.updateUser(user, change);
  auditUserChange(req, user, before);
  if (req.settings.deployment === "saas" && change.active === false) {
    // Newer docs: on SaaS, deactivation removes the user from the organization for good.
    const last = renderUser(req.org, req.settings, user, { patched: true });
    req.org.deleteUser(user);
    return patchedReply(req.settings, user.version, () => last);
  }
  return patchedReply(req.settings, user.version, () => renderUser(req.org, req.settings, user, { patched: true }));
}
