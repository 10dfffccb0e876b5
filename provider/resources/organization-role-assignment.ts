import { z } from "zod";
import { assignmentOutputs, roleAssignment } from "../assignments/role-assignment";
import { recordedBeforeVersioning } from "../kit/state";
import { withUserEmail } from "../membership/users";
import { canonicalRole, ORGANIZATION_ROLES, sameRole } from "../../api/vocabulary";
import { roleNameInput, userReference } from "../kit/input-schemas";
import type { Operation } from "../operation";

const ROLE_HINT = '"admin", "member" or the name of a custom role of the organization';

export const organizationRoleAssignmentInputs = z
  .object({
    user: userReference("user").meta({
      description:
        "The user: their SCIM id (e.g. `user.id` of a `wandb.User`, or the id from `wandb.getUser`) or their email address " +
        "(case-insensitive). Resolved to the SCIM id when the assignment is created. Naming another user replaces the assignment.",
    }),
    // `viewer` is deprecated as an organization role: the service assigns `member`, so that is what is stored.
    role: roleNameInput("role", ROLE_HINT)
      .transform((name) => {
        const role = canonicalRole(name, ORGANIZATION_ROLES);
        return role === "viewer" ? "member" : role;
      })
      .meta({
        description:
          "The organization role: `admin`, `member` (predefined names are case-insensitive and stored in lower case) or the " +
          "name of a custom role (case-sensitive). `viewer` is deprecated: W&B assigns `member` instead, so it is stored as `member`.",
      }),
  })
  .strict();

export type OrganizationRoleAssignmentInputs = z.output<typeof organizationRoleAssignmentInputs>;

export const organizationRoleAssignmentOutputs = assignmentOutputs.extend({ role: z.string() });

export type OrganizationRoleAssignmentOutputs = z.output<typeof organizationRoleAssignmentOutputs>;

function patchRole(operation: Operation, userId: string, role: string) {
  return (ifMatch: string | undefined) =>
    operation.clients().scim.patchUser(userId, [{ op: "replace", path: "organizationRole", value: role }], { ifMatch });
}

export const organizationRoleAssignment = roleAssignment<OrganizationRoleAssignmentInputs, OrganizationRoleAssignmentOutputs>({
  kind: "OrganizationRoleAssignment",
  inputs: organizationRoleAssignmentInputs,
  state: organizationRoleAssignmentOutputs,
  stateMigrations: [recordedBeforeVersioning, withUserEmail],
  idShape: "<userId>/organization",
  roleField: "role",
  predefined: ORGANIZATION_ROLES,
  unheldRole: "member",
  slot: (operation, userId) => ({
    what: `the organization role of user ${userId}`,
    live: (user) => user.organizationRole,
    // The documented GET body carries no organizationRole: the role is then unknown.
    known: (user) => user.organizationRole !== undefined,
    // A user representation without organizationRole tells nothing: it counts as unchanged.
    same: (live, expected) => live === undefined || sameRole(live, expected, ORGANIZATION_ROLES),
    grant: (role) => patchRole(operation, userId, role),
    released: (user) => sameRole(user.organizationRole, "member", ORGANIZATION_ROLES),
    release: patchRole(operation, userId, "member"),
  }),
});
