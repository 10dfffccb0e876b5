// The resources of the wandb package: what each is for, and the zod schemas that check its inputs
// and its state (from which the schema's input and output properties are derived).
import type { z } from "zod";
import type { ResourceKind } from "../../api/resource-kinds";
import { customRoleInputs, customRoleOutputs } from "../resources/custom-role";
import { organizationRoleAssignmentInputs, organizationRoleAssignmentOutputs } from "../resources/organization-role-assignment";
import { registryRoleAssignmentInputs, registryRoleAssignmentOutputs } from "../resources/registry-role-assignment";
import { rosterGuardInputs, rosterGuardOutputs } from "../resources/roster-guard";
import { teamInputs, teamOutputs } from "../resources/team";
import { teamMemberInputs, teamMemberOutputs } from "../resources/team-member";
import { teamRoleAssignmentInputs, teamRoleAssignmentOutputs } from "../resources/team-role-assignment";
import { userInputs, userOutputs } from "../resources/user";

export interface ResourceDefinition {
  readonly description: string;
  /** The inputs a program passes, as `check` judges them. */
  readonly inputs: z.ZodObject;
  /** The state, which the engine hands back as the resource's outputs. */
  readonly outputs: z.ZodObject;
}

export const RESOURCES: { readonly [K in ResourceKind]: ResourceDefinition } = {
  User: {
    description:
      "A user of the W&B organization (SCIM `/Users`), with its primary email, display name, active state, organization role " +
      "and team membership. Roles in teams and registries are shown read-only (`teamRoles`, `registryRoles`) and managed with " +
      "the role assignment resources.",
    inputs: userInputs,
    outputs: userOutputs,
  },
  Team: {
    description:
      "A team of the organization (SCIM group), with its name and, optionally, its exact set of user members. " +
      "The W&B API cannot delete teams: see `deletionPolicy`.",
    inputs: teamInputs,
    outputs: teamOutputs,
  },
  TeamMember: {
    description:
      "One user's membership of one team. Additive: it adds the user and, when destroyed, removes only that user, never " +
      "touching other members. Use it for teams whose `Team` resource does not set `members` (a `Team` with `members` owns " +
      "the whole set and would remove this member again). If the user was already a member, the membership is taken over, " +
      "and destroying it removes them.",
    inputs: teamMemberInputs,
    outputs: teamMemberOutputs,
  },
  CustomRole: {
    description:
      "A custom role of the organization (SCIM `/Roles`). Assign it with `OrganizationRoleAssignment` or `TeamRoleAssignment`. " +
      "Deleting it moves every holder to the role it inherits from.",
    inputs: customRoleInputs,
    outputs: customRoleOutputs,
  },
  OrganizationRoleAssignment: {
    description:
      "The organization role of one user, for users that an identity provider provisions and Pulumi does not create. " +
      "Destroying the assignment returns the user to `member`. One assignment per user: two assignments on the same user " +
      "would fight over the one role.",
    inputs: organizationRoleAssignmentInputs,
    outputs: organizationRoleAssignmentOutputs,
  },
  TeamRoleAssignment: {
    description:
      "The role of one user in one team. Destroying the assignment returns the user to `member` in that team (it does not " +
      "remove them from the team; membership belongs to `Team` or `TeamMember`).",
    inputs: teamRoleAssignmentInputs,
    outputs: teamRoleAssignmentOutputs,
  },
  RegistryRoleAssignment: {
    description: "The role of one user in one registry. Destroying the assignment removes the user from that registry.",
    inputs: registryRoleAssignmentInputs,
    outputs: registryRoleAssignmentOutputs,
  },
  RosterGuard: {
    description:
      "The `Organization` component's record of who its roster declared at the last applied run (users, admins, each team's " +
      "members). Its check holds the guard rails (`wandb:minAdmins`, `wandb:maxRemovalFraction`, `wandb:protectSelf`) at " +
      "preview, and the component's other children wait for it. It writes nothing to W&B; where the service shows roles, its " +
      "create and update count the live admins too, before any other child is written. Declared by the component; not meant " +
      "to be declared by hand.",
    inputs: rosterGuardInputs,
    outputs: rosterGuardOutputs,
  },
};
