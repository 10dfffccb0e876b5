/** The resource kinds that the provider core implements, for both front doors. */
export const RESOURCE_KINDS = [
  "User",
  "Team",
  "TeamMember",
  "CustomRole",
  "OrganizationRoleAssignment",
  "TeamRoleAssignment",
  "RegistryRoleAssignment",
  "ServiceAccount",
  "RosterGuard",
  "OrganizationMembers",
] as const;

export type ResourceKind = (typeof RESOURCE_KINDS)[number];
