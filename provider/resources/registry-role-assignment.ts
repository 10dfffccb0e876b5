import { z } from "zod";
import { valuePath, type ScimUser } from "../../api/client";
import { canonicalRole, REGISTRY_ROLES } from "../../api/vocabulary";
import { isStatus } from "../kit/errors";
import { userReference } from "../kit/input-schemas";
import { assignmentOutputs, roleAssignment } from "../assignments/role-assignment";
import { recordedBeforeVersioning } from "../kit/state";
import { withUserEmail } from "../membership/users";
import type { Operation } from "../operation";

// Registry roles are all predefined, so they all compare case-insensitively.
const ROLE_HINT = '"admin", "member", "viewer" or "restricted viewer"';

export const registryRoleAssignmentInputs = z
  .object({
    user: userReference("user").meta({
      description:
        "The user: their SCIM id (e.g. `user.id` of a `wandb.User`) or their email address (case-insensitive). Resolved to " +
        "the SCIM id when the assignment is created. Naming another user replaces the assignment.",
    }),
    registryName: z
      .string({ error: "registryName is required: the name of the registry, e.g. \"models\"" })
      .trim()
      .min(1, "registryName must not be empty: give the name of the registry")
      .meta({ description: 'The registry\'s name (exact), e.g. `"models"`. Changing it replaces the assignment.' }),
    roleName: z
      .string({ error: `roleName is required: ${ROLE_HINT}` })
      .transform((name) => canonicalRole(name, REGISTRY_ROLES))
      .pipe(z.enum(REGISTRY_ROLES, { error: `roleName must be ${ROLE_HINT} (case-insensitive)` }))
      .meta({
        description: "The role in the registry: `admin`, `member`, `viewer` or `restricted viewer` (case-insensitive, stored in lower case).",
      }),
  })
  .strict();

export type RegistryRoleAssignmentInputs = z.output<typeof registryRoleAssignmentInputs>;

export const registryRoleAssignmentOutputs = assignmentOutputs.extend({
  registryName: z.string(),
  /** As the service reports it, in lower case. */
  roleName: z.string(),
});

export type RegistryRoleAssignmentOutputs = z.output<typeof registryRoleAssignmentOutputs>;

const roleIn = (user: ScimUser, registryName: string) =>
  user.registryRoles?.find((entry) => entry.registryName === registryName)?.roleName;

/**
 * The docs name both `add` (parameter list) and `replace` (sample body) for granting a registry
 * role. `add` goes first; a 400 to it is answered by trying `replace` once.
 */
function grant(operation: Operation, userId: string, registryName: string, roleName: string) {
  return async (ifMatch: string | undefined) => {
    const scim = operation.clients().scim;
    const value = [{ roleName, registryName }];
    try {
      return await scim.patchUser(userId, [{ op: "add", path: "registryRoles", value }], { ifMatch });
    } catch (error) {
      if (!isStatus(error, 400)) throw error;
      return scim.patchUser(userId, [{ op: "replace", path: "registryRoles", value }], { ifMatch });
    }
  };
}

function revoke(operation: Operation, userId: string, registryName: string) {
  return (ifMatch: string | undefined) =>
    operation.clients().scim.patchUser(userId, [{ op: "remove", path: valuePath("registryRoles", "registryName", registryName) }], { ifMatch });
}

export const registryRoleAssignment = roleAssignment<RegistryRoleAssignmentInputs, RegistryRoleAssignmentOutputs>({
  kind: "RegistryRoleAssignment",
  inputs: registryRoleAssignmentInputs,
  state: registryRoleAssignmentOutputs,
  stateMigrations: [recordedBeforeVersioning, withUserEmail],
  idShape: "<userId>/registries/<registryName>",
  scopeField: "registryName",
  roleField: "roleName",
  predefined: REGISTRY_ROLES,
  slot: (operation, userId, registryName) => ({
    what: `the role of user ${userId} in registry "${registryName}"`,
    live: (user) => roleIn(user, registryName),
    // The documented GET body carries no registryRoles: the role is then unknown.
    known: (user) => user.registryRoles !== undefined,
    grant: (roleName) => grant(operation, userId, registryName, roleName),
    // Without registryRoles nothing is known: not released (the revoke is harmless if nothing is held).
    released: (user) => user.registryRoles !== undefined && roleIn(user, registryName) === undefined,
    release: revoke(operation, userId, registryName),
  }),
});
