// Which reading each kind's step gets: one per kind, each through the kind's state shape.
import type { ResourceKind } from "../model/resource-kinds";
import { organizationMembersChanges, rosterGuardChanges, serviceAccountChanges, teamChanges, teamMemberChanges, userChanges } from "./membership-changes";
import type { ResourceStep } from "./preview-json";
import type { ReviewContext } from "./review-context";
import { customRoleChanges, organizationRoleChanges, registryRoleChanges, teamRoleChanges } from "./role-changes";

export const KIND_CHANGES: { readonly [K in ResourceKind]: (step: ResourceStep, context: ReviewContext) => void } = {
  User: userChanges,
  Team: teamChanges,
  TeamMember: teamMemberChanges,
  CustomRole: customRoleChanges,
  OrganizationRoleAssignment: organizationRoleChanges,
  TeamRoleAssignment: teamRoleChanges,
  RegistryRoleAssignment: registryRoleChanges,
  ServiceAccount: serviceAccountChanges,
  RosterGuard: rosterGuardChanges,
  OrganizationMembers: organizationMembersChanges,
};
