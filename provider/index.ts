// What the engine's provider process loads: each resource kind's check/diff/create/read/update/delete,
// and `configure`, which hands it the stack config. The SDK's provider shim reaches it by package name.
import type { ResourceKind } from "../api/resource-kinds";
import { engineCalls, type EngineCall } from "./kit/engine-calls";
import { customRole } from "./resources/custom-role";
import { organizationRoleAssignment } from "./resources/organization-role-assignment";
import { registryRoleAssignment } from "./resources/registry-role-assignment";
import { team } from "./resources/team";
import { teamMember } from "./resources/team-member";
import { teamRoleAssignment } from "./resources/team-role-assignment";
import { user } from "./resources/user";
import { configure } from "./runtime";

export { configure };

const kinds: { [K in ResourceKind]: EngineCall } = {
  User: engineCalls(user),
  Team: engineCalls(team),
  TeamMember: engineCalls(teamMember),
  CustomRole: engineCalls(customRole),
  OrganizationRoleAssignment: engineCalls(organizationRoleAssignment),
  TeamRoleAssignment: engineCalls(teamRoleAssignment),
  RegistryRoleAssignment: engineCalls(registryRoleAssignment),
};

/** The single entry point of the serialized provider shim: `method` of `kind`, or `configure`. */
export async function dispatch(kind: ResourceKind, method: string, args: unknown[]): Promise<unknown> {
  if (method === "configure") return configure(args[0]);
  return kinds[kind](method, args);
}
