// Every resource kind's engine calls, by kind: the one table both front doors serve.
import type { ResourceKind } from "../model/resource-kinds";
import { kindCalls, type KindCalls } from "./kit/engine-calls";
import type { Operation } from "./operation";
import { customRole } from "./resources/custom-role";
import { organizationMembers } from "./resources/organization-members";
import { organizationRoleAssignment } from "./resources/organization-role-assignment";
import { registryRoleAssignment } from "./resources/registry-role-assignment";
import { rosterGuard } from "./resources/roster-guard";
import { serviceAccount } from "./resources/service-account";
import { team } from "./resources/team";
import { teamMember } from "./resources/team-member";
import { teamRoleAssignment } from "./resources/team-role-assignment";
import { user } from "./resources/user";

export const KINDS: { readonly [K in ResourceKind]: KindCalls<Operation> } = {
  User: kindCalls(user),
  Team: kindCalls(team),
  TeamMember: kindCalls(teamMember),
  CustomRole: kindCalls(customRole),
  OrganizationRoleAssignment: kindCalls(organizationRoleAssignment),
  TeamRoleAssignment: kindCalls(teamRoleAssignment),
  RegistryRoleAssignment: kindCalls(registryRoleAssignment),
  ServiceAccount: kindCalls(serviceAccount),
  RosterGuard: kindCalls(rosterGuard),
  OrganizationMembers: kindCalls(organizationMembers),
};
