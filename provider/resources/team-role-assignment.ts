import { z } from "zod";
import type { ScimUser } from "../client";
import { checkInputs, type ResourceImplementation } from "../resource-kit";
import { clients } from "../runtime";
import {
  canonicalRole,
  namesRecordedUser,
  parseAssignmentId,
  releaseRole,
  resolveUser,
  type RoleSlot,
  roleNameInput,
  sameRole,
  sameUserReference,
  userReferenceInput,
  writeRole,
} from "./user-reference";

const PREDEFINED = ["admin", "member", "viewer"] as const;
const ROLE_HINT = '"admin", "member", "viewer" or the name of a custom role of the organization';

export const teamRoleAssignmentInputs = z
  .object({
    user: userReferenceInput,
    teamName: z
      .string({ error: "teamName is required: the name of the team, e.g. `team.name` of a wandb.Team" })
      .trim()
      .min(1, "teamName must not be empty: give the name of the team"),
    roleName: roleNameInput("roleName", ROLE_HINT).transform((name) => canonicalRole(name, PREDEFINED)),
  })
  .strict();

export type TeamRoleAssignmentInputs = z.output<typeof teamRoleAssignmentInputs>;

export interface TeamRoleAssignmentOutputs extends TeamRoleAssignmentInputs {
  /** The SCIM id the user reference resolved to at create. */
  userId: string;
  /** The user's ETag as last read; the next write is conditional on it. */
  etag: string;
}

const SEPARATOR = "/teams/";

export const teamAssignmentId = (userId: string, teamName: string) => `${userId}${SEPARATOR}${teamName}`;

function parseId(id: string): { userId: string; teamName: string } {
  const { userId, scope } = parseAssignmentId(id, "TeamRoleAssignment", SEPARATOR, "<user SCIM id>/teams/<team name>");
  return { userId, teamName: scope };
}

/** The user's role in the team; team names are exact. */
const roleIn = (user: ScimUser, teamName: string) => user.teamRoles.find((entry) => entry.teamName === teamName)?.roleName;

function slotOf(userId: string, teamName: string): RoleSlot {
  return {
    what: `the role of user ${userId} in team "${teamName}"`,
    field: "roleName",
    live: (user) => roleIn(user, teamName),
    same: (live, expected) => sameRole(live, expected, PREDEFINED),
  };
}

/** `replace` on `teamRoles` is the only operation: it sets the role in that one team. */
function patchRole(userId: string, teamName: string, roleName: string) {
  return (ifMatch: string | undefined) =>
    clients().scim.patchUser(userId, [{ op: "replace", path: "teamRoles", value: [{ teamName, roleName }] }], { ifMatch });
}

function outputsOf(inputs: TeamRoleAssignmentInputs, user: Pick<ScimUser, "id" | "etag">): TeamRoleAssignmentOutputs {
  return { user: inputs.user, teamName: inputs.teamName, roleName: inputs.roleName, userId: user.id, etag: user.etag ?? "" };
}

export const teamRoleAssignment: ResourceImplementation<TeamRoleAssignmentInputs, TeamRoleAssignmentOutputs> = {
  async check(_olds, news) {
    return checkInputs(teamRoleAssignmentInputs, news);
  },

  async diff(_id, olds, news) {
    const replaces = [
      ...(namesRecordedUser(news.user, olds) ? [] : ["user"]),
      ...(news.teamName === olds.teamName ? [] : ["teamName"]),
    ];
    const changes =
      replaces.length > 0 || !sameUserReference(news.user, olds.user) || !sameRole(olds.roleName, news.roleName, PREDEFINED);
    return { changes, replaces, deleteBeforeReplace: replaces.length > 0 };
  },

  async create(inputs) {
    const user = await resolveUser(inputs.user);
    const id = teamAssignmentId(user.id, inputs.teamName);
    const current = roleIn(user, inputs.teamName);
    if (sameRole(current, inputs.roleName, PREDEFINED)) return { id, outs: outputsOf(inputs, user) };
    const slot = slotOf(user.id, inputs.teamName);
    const written = await writeRole(slot, user.id, user.etag, current, patchRole(user.id, inputs.teamName, inputs.roleName));
    return { id, outs: outputsOf(inputs, written) };
  },

  async read(id, props) {
    const { userId, teamName } = parseId(id);
    const result = await clients().scim.getUser(userId, { ifNoneMatch: props.etag || undefined });
    if (result.status === "not-modified") return { id, props };
    if (result.status === "not-found") return {};
    const live = roleIn(result.user, teamName);
    // The user left the team: the assignment is gone, and `up` assigns the role again.
    if (live === undefined) return {};
    const declared = props.roleName;
    const roleName = declared !== undefined && sameRole(live, declared, PREDEFINED) ? declared : canonicalRole(live, PREDEFINED);
    const inputs = { user: props.user ?? userId, teamName, roleName };
    return { id, props: outputsOf(inputs, result.user), inputs };
  },

  async update(id, olds, news) {
    const userId = olds.userId || parseId(id).userId;
    if (sameRole(olds.roleName, news.roleName, PREDEFINED)) {
      return { outs: { ...olds, user: news.user, roleName: news.roleName, userId } };
    }
    const slot = slotOf(userId, olds.teamName);
    const written = await writeRole(slot, userId, olds.etag, olds.roleName, patchRole(userId, olds.teamName, news.roleName));
    return { outs: outputsOf(news, written) };
  },

  async delete(id, props) {
    const parsed = parseId(id);
    const userId = props.userId || parsed.userId;
    const teamName = props.teamName ?? parsed.teamName;
    // Back to `member` in that team; a user no longer in the team is left alone (the write would make them join).
    await releaseRole(
      slotOf(userId, teamName),
      userId,
      props.etag,
      props.roleName,
      (user) => {
        const live = roleIn(user, teamName);
        return live === undefined || sameRole(live, "member", PREDEFINED);
      },
      patchRole(userId, teamName, "member"),
    );
  },
};
