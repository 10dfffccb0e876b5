export { User } from "./user";
export { Team } from "./team";
export { TeamMember } from "./team-member";
export { CustomRole } from "./custom-role";
export { OrganizationRoleAssignment } from "./organization-role-assignment";
export { TeamRoleAssignment } from "./team-role-assignment";
export { RegistryRoleAssignment } from "./registry-role-assignment";
export { ServiceAccount } from "./service-account";
export { OrganizationMembers } from "./organization-members";
export type {
  UserArgs,
  UserOutputs,
  UserTeamRole,
  UserRegistryRole,
  TeamArgs,
  TeamOutputs,
  TeamMemberArgs,
  TeamMemberOutputs,
  CustomRoleArgs,
  CustomRoleOutputs,
  OrganizationRoleAssignmentArgs,
  OrganizationRoleAssignmentOutputs,
  TeamRoleAssignmentArgs,
  TeamRoleAssignmentOutputs,
  RegistryRoleAssignmentArgs,
  RegistryRoleAssignmentOutputs,
  ServiceAccountArgs,
  ServiceAccountOutputs,
  OrganizationMembersArgs,
  OrganizationMembersOutputs,
  OrganizationMemberArgs,
  OrganizationMemberState,
} from "./types/resources";
export * from "./functions/models";
export * from "./functions/users";
export * from "./functions/teams";
export * from "./functions/roles";
export * from "./types/functions";
export { WandbLookupError } from "../model/functions/errors";
export * from "./organization";
export * from "./types/organization";
export { loadRoster, parseRoster, RosterError, validateRoster } from "../model/roster/roster";
export type { RosterOptions, RosterProblem, ValidatedRoster, WandbDeployment } from "../model/roster/roster";
