// One shape per resource kind: what it is for, the zod schema that checks its inputs and the one
// of its state (its outputs). The provider checks and stores with them, the package schema
// describes them, and the dynamic SDK's classes take their arguments and outputs from them.
import type { z } from "zod";
import type { ResourceKind } from "../resource-kinds";
import { customRoleDescription, customRoleInputs, customRoleOutputs } from "./custom-role";
import { organizationRoleAssignmentDescription, organizationRoleAssignmentInputs, organizationRoleAssignmentOutputs } from "./organization-role-assignment";
import { registryRoleAssignmentDescription, registryRoleAssignmentInputs, registryRoleAssignmentOutputs } from "./registry-role-assignment";
import { rosterGuardDescription, rosterGuardInputs, rosterGuardOutputs } from "./roster-guard";
import { teamDescription, teamInputs, teamOutputs } from "./team";
import { teamMemberDescription, teamMemberInputs, teamMemberOutputs } from "./team-member";
import { teamRoleAssignmentDescription, teamRoleAssignmentInputs, teamRoleAssignmentOutputs } from "./team-role-assignment";
import { userDescription, userInputs, userOutputs } from "./user";

export interface ResourceShape {
  readonly description: string;
  /** The inputs a program passes, as `check` judges them. */
  readonly inputs: z.ZodObject;
  /** The state, which the engine hands back as the resource's outputs. */
  readonly outputs: z.ZodObject;
}

export const SHAPES = {
  User: { description: userDescription, inputs: userInputs, outputs: userOutputs },
  Team: { description: teamDescription, inputs: teamInputs, outputs: teamOutputs },
  TeamMember: { description: teamMemberDescription, inputs: teamMemberInputs, outputs: teamMemberOutputs },
  CustomRole: { description: customRoleDescription, inputs: customRoleInputs, outputs: customRoleOutputs },
  OrganizationRoleAssignment: {
    description: organizationRoleAssignmentDescription,
    inputs: organizationRoleAssignmentInputs,
    outputs: organizationRoleAssignmentOutputs,
  },
  TeamRoleAssignment: { description: teamRoleAssignmentDescription, inputs: teamRoleAssignmentInputs, outputs: teamRoleAssignmentOutputs },
  RegistryRoleAssignment: {
    description: registryRoleAssignmentDescription,
    inputs: registryRoleAssignmentInputs,
    outputs: registryRoleAssignmentOutputs,
  },
  RosterGuard: { description: rosterGuardDescription, inputs: rosterGuardInputs, outputs: rosterGuardOutputs },
} as const satisfies { readonly [K in ResourceKind]: ResourceShape };
