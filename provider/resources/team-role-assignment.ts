import type { ScimUser } from "../../service";
import { roleAssignment } from "../assignments/role-assignment";
import { recordedBeforeVersioning } from "../kit/state";
import { withUserEmail } from "../membership/users";
import { sameIdentity } from "../../model/identity";
import {
  teamRoleAssignmentFields,
  teamRoleAssignmentInputs,
  teamRoleAssignmentOutputs,
  type TeamRoleAssignmentInputs,
  type TeamRoleAssignmentOutputs,
} from "../../model/shapes/team-role-assignment";
import type { Operation } from "../operation";

export type { TeamRoleAssignmentInputs, TeamRoleAssignmentOutputs };


/** The user's role in the team; team names are exact. Undefined also when the representation carries no teamRoles (see `known`). */
const roleIn = (user: ScimUser, teamName: string) => user.teamRoles?.find((entry) => entry.teamName === teamName)?.roleName;

/**
 * `replace` on `teamRoles` is the only operation: it sets the role in that one team, adding the
 * user to the team when they are not in it (which the user's answer does not show of the team).
 */
function patchRole(operation: Operation, userId: string, teamName: string, roleName: string) {
  return (ifMatch: string | undefined) => operation.directory().patchUser(userId, [{ op: "replace", path: "teamRoles", value: [{ teamName, roleName }] }], { ifMatch });
}

export const teamRoleAssignment = roleAssignment<TeamRoleAssignmentInputs, TeamRoleAssignmentOutputs>({
  kind: "TeamRoleAssignment",
  inputs: teamRoleAssignmentInputs,
  state: teamRoleAssignmentOutputs,
  stateMigrations: [recordedBeforeVersioning, withUserEmail],
  idShape: "<userId>/teams/<teamName>",
  scopeField: "teamName",
  roleField: "roleName",
  fields: teamRoleAssignmentFields,
  slot: (operation, userId, teamName) => ({
    what: `the role of user ${userId} in team "${teamName}"`,
    live: (user) => roleIn(user, teamName),
    // The documented GET body carries no teamRoles: the role is then unknown.
    known: (user) => user.teamRoles !== undefined,
    grant: (roleName) => patchRole(operation, userId, teamName, roleName),
    inScope: (id) => operation.directory().inTeam(teamName, id),
    // A member of the team before this operation: one it added, or in a team it made, holds a new place there.
    heldBefore: async (user) => {
      const team = await operation.directory().team(teamName);
      return team !== undefined && operation.directory().untouched({ userId: user.id, teamId: team.id }) && (await operation.directory().inTeam(teamName, user.id));
    },
    // Back to `member` in that team; a user no longer in the team is left alone (the write would make them join).
    // Without teamRoles, the team's member list tells whether they are still in it.
    released: async (user) => {
      if (user.teamRoles === undefined) return !(await operation.directory().inTeam(teamName, user.id));
      const live = roleIn(user, teamName);
      return live === undefined || sameIdentity("teamRole", live, "member");
    },
    release: patchRole(operation, userId, teamName, "member"),
  }),
});
