import { roleAssignment } from "../assignments/role-assignment";
import { recordedBeforeVersioning } from "../kit/state";
import { withUserEmail } from "../membership/users";
import { sameIdentity } from "../../model/identity";
import { actingUserRefusal } from "../../model/guard-rails";
import {
  organizationRoleAssignmentFields,
  organizationRoleAssignmentInputs,
  organizationRoleAssignmentOutputs,
  organizationRoleAssignmentWarnings,
  type OrganizationRoleAssignmentInputs,
  type OrganizationRoleAssignmentOutputs,
} from "../../model/shapes/organization-role-assignment";
import type { Operation } from "../operation";

export type { OrganizationRoleAssignmentInputs, OrganizationRoleAssignmentOutputs };


function patchRole(operation: Operation, userId: string, role: string) {
  return (ifMatch: string | undefined) =>
    operation.directory().patchUser(userId, [{ op: "replace", path: "organizationRole", value: role }], { ifMatch });
}

export const organizationRoleAssignment = roleAssignment<OrganizationRoleAssignmentInputs, OrganizationRoleAssignmentOutputs>({
  kind: "OrganizationRoleAssignment",
  inputs: organizationRoleAssignmentInputs,
  state: organizationRoleAssignmentOutputs,
  stateMigrations: [recordedBeforeVersioning, withUserEmail],
  idShape: "<userId>/organization",
  roleField: "role",
  fields: organizationRoleAssignmentFields,
  unheldRole: "member",
  warnings: organizationRoleAssignmentWarnings,
  // Any organization role but admin demotes: the user the provider acts as would lose its own access.
  refusal: (operation, user, role, held) =>
    role !== undefined && sameIdentity("organizationRole", role, "admin")
      ? undefined
      : actingUserRefusal(user.userName, "demote", held, operation.guardRailsForChecks()),
  slot: (operation, userId) => ({
    what: `the organization role of user ${userId}`,
    live: (user) => user.organizationRole,
    // The documented GET body carries no organizationRole: the role is then unknown.
    known: (user) => user.organizationRole !== undefined,
    // A user representation without organizationRole tells nothing: it counts as unchanged.
    same: (live, expected) => live === undefined || sameIdentity("organizationRole", live, expected),
    grant: (role) => patchRole(operation, userId, role),
    released: (user) => sameIdentity("organizationRole", user.organizationRole, "member"),
    release: patchRole(operation, userId, "member"),
  }),
});
