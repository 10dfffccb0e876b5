import { valuePath, type ScimUser } from "../../service";
import { isStatus } from "../kit/errors";
import { roleAssignment } from "../assignments/role-assignment";
import { recordedBeforeVersioning } from "../kit/state";
import { withUserEmail } from "../membership/users";
import {
  registryRoleAssignmentFields,
  registryRoleAssignmentInputs,
  registryRoleAssignmentOutputs,
  type RegistryRoleAssignmentInputs,
  type RegistryRoleAssignmentOutputs,
} from "../../model/shapes/registry-role-assignment";
import type { Operation } from "../operation";

export type { RegistryRoleAssignmentInputs, RegistryRoleAssignmentOutputs };


const roleIn = (user: ScimUser, registryName: string) =>
  user.registryRoles?.find((entry) => entry.registryName === registryName)?.roleName;

/**
 * The docs name both `add` (parameter list) and `replace` (sample body) for granting a registry
 * role. `add` goes first; a 400 to it is answered by trying `replace` once.
 */
function grant(operation: Operation, userId: string, registryName: string, roleName: string) {
  return async (ifMatch: string | undefined) => {
    const directory = operation.directory();
    const value = [{ roleName, registryName }];
    try {
      return await directory.patchUser(userId, [{ op: "add", path: "registryRoles", value }], { ifMatch });
    } catch (error) {
      if (!isStatus(error, 400)) throw error;
      return directory.patchUser(userId, [{ op: "replace", path: "registryRoles", value }], { ifMatch });
    }
  };
}

function revoke(operation: Operation, userId: string, registryName: string) {
  return (ifMatch: string | undefined) =>
    operation.directory().patchUser(userId, [{ op: "remove", path: valuePath("registryRoles", "registryName", registryName) }], { ifMatch });
}

export const registryRoleAssignment = roleAssignment<RegistryRoleAssignmentInputs, RegistryRoleAssignmentOutputs>({
  kind: "RegistryRoleAssignment",
  inputs: registryRoleAssignmentInputs,
  state: registryRoleAssignmentOutputs,
  stateMigrations: [recordedBeforeVersioning, withUserEmail],
  idShape: "<userId>/registries/<registryName>",
  scopeField: "registryName",
  roleField: "roleName",
  fields: registryRoleAssignmentFields,
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
