import { z } from "zod";
import { badRequest, ScimError } from "./errors";
import { checkIfMatch } from "./etag";
import { parseFilterOn } from "./filter";
import type { Reply } from "./http";
import type { Team } from "./org";
import { renderGroup } from "./scim-render";
import { storageBucketSchema } from "./user-access";
import { createdReply, getReply, opValue, pagedListReply, parseBody, parsePatchOps, patchedReply, type PatchOperation, resourceReply, type ScimRequest } from "./scim-request";

const membersSchema = z.array(z.object({ value: z.string().min(1) }));
const groupSchema = z.object({
  schemas: z.array(z.string()),
  displayName: z.string().trim().min(1),
  members: membersSchema,
});
/** Storage is configured at creation only (the reference's Create team); PUT ignores it. */
const newGroupSchema = groupSchema.extend({ storageBucket: storageBucketSchema.optional() });

const TEAM_DELETE_STATUS = 405;

/** A member as the audit log names it: its id, and a user's email. */
const memberOf = (req: ScimRequest, id: string) => ({ id, ...(req.org.users.has(id) ? { email: req.org.getUser(id).email } : {}) });

/** Who the write invited to the team and who it uninvited; a new name has no documented action. */
function auditMembers(req: ScimRequest, team: Team, before: readonly string[]): void {
  const after = new Set(team.members.keys());
  for (const id of new Set([...before, ...after])) {
    req.audit.memberships(req.org, memberOf(req, id), new Set(before.includes(id) ? [team.id] : []), new Set(after.has(id) ? [team.id] : []));
  }
}

export function listGroups(req: ScimRequest): Reply {
  const filter = req.query.get("filter");
  let teams: Team[];
  if (filter === null) teams = [...req.org.teams.values()];
  else {
    const hit = req.org.teamByName(parseFilterOn(filter, ["displayName"] as const).value);
    teams = hit ? [hit] : [];
  }
  return pagedListReply(req, teams, (t) => renderGroup(req.org, req.settings, t));
}

export function getGroup(req: ScimRequest): Reply {
  const team = req.org.getTeam(req.params.id ?? "");
  return getReply(req, team.version, () => renderGroup(req.org, req.settings, team));
}

export function createGroup(req: ScimRequest): Reply {
  const body = parseBody(req, newGroupSchema);
  const memberIds = body.members.map((m) => req.org.resolveMember(m.value));
  const team = req.org.createTeam(body.displayName, memberIds, body.storageBucket);
  req.audit.record("team:create", { team: { id: team.id, name: team.displayName } });
  // The organization's service accounts join by themselves; the members the request names are invited.
  for (const id of new Set(memberIds)) req.audit.memberships(req.org, memberOf(req, id), new Set(), new Set([team.id]));
  return createdReply(req, "Groups", team, renderGroup(req.org, req.settings, team, { creation: true }));
}

export function putGroup(req: ScimRequest): Reply {
  const team = req.org.getTeam(req.params.id ?? "");
  checkIfMatch(req.headers, team.version);
  const body = parseBody(req, groupSchema);
  const before = [...team.members.keys()];
  req.org.updateTeam(team, {
    displayName: body.displayName,
    memberIds: body.members.map((m) => req.org.resolveMember(m.value)),
  });
  auditMembers(req, team, before);
  return resourceReply(req.settings, 200, team.version, renderGroup(req.org, req.settings, team));
}

/** Reads `members[value eq "<id or email>"]`; undefined for other paths. */
function memberFilterPath(path: string): string | undefined {
  const m = /^members\[(.*)\]$/is.exec(path);
  if (!m) return undefined;
  return parseFilterOn(m[1] ?? "", ["value"] as const).value;
}

function applyGroupOp(req: ScimRequest, op: PatchOperation, state: { displayName: string; members: string[] }): void {
  const { org } = req;
  const unsupported = () =>
    badRequest(`Unsupported PATCH operation: op "${op.op}" on path "${op.path ?? "(none)"}"`, "invalidPath");
  const resolveAll = (items: z.output<typeof membersSchema>) => items.map((m) => org.resolveMember(m.value));
  const add = (ids: string[]) => {
    for (const id of ids) if (!state.members.includes(id)) state.members.push(id);
  };
  const remove = (ids: (string | undefined)[]) => {
    state.members = state.members.filter((id) => !ids.includes(id));
  };

  if (op.path === undefined) {
    if (op.op !== "replace") throw unsupported();
    const value = opValue(op, z.strictObject({ displayName: z.string().trim().min(1).optional(), members: membersSchema.optional() }));
    if (value.displayName !== undefined) state.displayName = value.displayName;
    if (value.members !== undefined) state.members = [...new Set(resolveAll(value.members))];
    return;
  }
  const filtered = memberFilterPath(op.path);
  if (filtered !== undefined) {
    if (op.op !== "remove") throw unsupported();
    // An identifier that matches nobody removes nobody.
    remove([org.findMember(filtered)]);
    return;
  }
  switch (op.path.toLowerCase()) {
    case "members":
      if (op.op === "add") return add(resolveAll(opValue(op, membersSchema.min(1))));
      if (op.op === "replace") {
        state.members = [...new Set(resolveAll(opValue(op, membersSchema)))];
        return;
      }
      if (op.value === undefined) {
        state.members = [];
        return;
      }
      return remove(opValue(op, membersSchema).map((m) => org.findMember(m.value)));
    case "displayname":
      if (op.op === "remove") throw unsupported();
      state.displayName = opValue(op, z.string().trim().min(1));
      return;
    default:
      throw unsupported();
  }
}

export function patchGroup(req: ScimRequest): Reply {
  const team = req.org.getTeam(req.params.id ?? "");
  checkIfMatch(req.headers, team.version);
  const state = { displayName: team.displayName, members: [...team.members.keys()] };
  for (const op of parsePatchOps(req)) applyGroupOp(req, op, state);
  const before = [...team.members.keys()];
  req.org.updateTeam(team, { displayName: state.displayName, memberIds: state.members });
  auditMembers(req, team, before);
  return patchedReply(req.settings, team.version, () => renderGroup(req.org, req.settings, team));
}

/** Teams can only be deleted in the web application; 405 tells a client the method itself is refused. */
export function deleteGroup(req: ScimRequest): Reply {
  req.org.getTeam(req.params.id ?? "");
  throw new ScimError(
    TEAM_DELETE_STATUS,
    "Deleting teams is not supported by the API; delete the team in the W&B web application",
    undefined,
    { Allow: "GET, PUT, PATCH" },
  );
}
