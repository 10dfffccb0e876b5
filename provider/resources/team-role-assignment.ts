import { z } from "zod";
import type { ScimUser } from "../../api/client";
import { assignmentOutputs, roleAssignment } from "../assignments/role-assignment";
import { recordedBeforeVersioning } from "../kit/state";
import { withUserEmail } from "../membership/users";
import type { Operation } from "../operation";
import { canonicalRole, sameRole, TEAM_ROLES } from "../../api/vocabulary";
import { roleNameInput, userReference } from "../kit/input-schemas";

const ROLE_HINT = '"admin", "member", "viewer" or the name of a custom role of the organization';

export const teamRoleAssignmentInputs = z
  .object({
    user: userReference("user").meta({
      description:
        "The user: their SCIM id (e.g. `user.id` of a `wandb.User`) or their email address (case-insensitive). Resolved to " +
        "the SCIM id when the assignment is created. Naming another user replaces the assignment.",
    }),
    teamName: z
      .string({ error: "teamName is required: the name of the team, e.g. `team.name` of a wandb.Team" })
      .trim()
      .min(1, "teamName must not be empty: give the name of the team")
      .meta({ description: "The team's name (exact), e.g. `team.name` of a `wandb.Team`. Changing it replaces the assignment." }),
    roleName: roleNameInput("roleName", ROLE_HINT)
      .transform((name) => canonicalRole(name, TEAM_ROLES))
      .meta({
        description:
          "The role in the team: `admin`, `member`, `viewer` (case-insensitive, stored in lower case) or the name of a " +
          "custom role (case-sensitive). W&B adds the user to the team if they are not in it.",
      }),
  })
  .strict();

export type TeamRoleAssignmentInputs = z.output<typeof teamRoleAssignmentInputs>;

export const teamRoleAssignmentOutputs = assignmentOutputs.extend({ teamName: z.string(), roleName: z.string() });

export type TeamRoleAssignmentOutputs = z.output<typeof teamRoleAssignmentOutputs>;

/** The user's role in the team; team names are exact. Undefined also when the representation carries no teamRoles (see `known`). */
const roleIn = (user: ScimUser, teamName: string) => user.teamRoles?.find((entry) => entry.teamName === teamName)?.roleName;

/**
 * `replace` on `teamRoles` is the only operation: it sets the role in that one team, adding the
 * user to the team when they are not in it (which the user's answer does not show of the team).
 */
function patchRole(operation: Operation, userId: string, teamName: string, roleName: string) {
  return async (ifMatch: string | undefined) => {
    try {
      return await operation.clients().scim.patchUser(userId, [{ op: "replace", path: "teamRoles", value: [{ teamName, roleName }] }], { ifMatch });
    } finally {
      operation.directory().teamsChanged();
    }
  };
}

export const teamRoleAssignment = roleAssignment<TeamRoleAssignmentInputs, TeamRoleAssignmentOutputs>({
  kind: "TeamRoleAssignment",
  inputs: teamRoleAssignmentInputs,
  state: teamRoleAssignmentOutputs,
  stateMigrations: [recordedBeforeVersioning, withUserEmail],
  idShape: "<userId>/teams/<teamName>",
  scopeField: "teamName",
  roleField: "roleName",
  predefined: TEAM_ROLES,
  slot: (operation, userId, teamName) => ({
    what: `the role of user ${userId} in team "${teamName}"`,
    live: (user) => roleIn(user, teamName),
    // The documented GET body carries no teamRoles: the role is then unknown.
    known: (user) => user.teamRoles !== undefined,
    grant: (roleName) => patchRole(operation, userId, teamName, roleName),
    inScope: (id) => operation.directory().inTeam(teamName, id),
    // Back to `member` in that team; a user no longer in the team is left alone (the write would make them join).
    // Without teamRoles, the team's member list tells whether they are still in it.
    released: async (user) => {
      if (user.teamRoles === undefined) return !(await operation.directory().inTeam(teamName, user.id));
      const live = roleIn(user, teamName);
      return live === undefined || sameRole(live, "member", TEAM_ROLES);
    },
    release: patchRole(operation, userId, teamName, "member"),
  }),
});
