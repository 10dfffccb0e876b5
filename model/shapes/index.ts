// One shape per resource kind: what it is for, the zod schema that checks its inputs, the one of
// its state (its outputs) and the table of its fields. The provider checks and stores with them, the package schema
// describes them, and the dynamic SDK's classes take their arguments and outputs from them.
import type { z } from "zod";
import type { ResourceKind } from "../resource-kinds";
import type { FieldTable } from "./fields";
import { customRoleDescription, customRoleFields, customRoleInputs, customRoleOutputs } from "./custom-role";
import { organizationRoleAssignmentDescription, organizationRoleAssignmentFields, organizationRoleAssignmentInputs, organizationRoleAssignmentOutputs } from "./organization-role-assignment";
import { registryRoleAssignmentDescription, registryRoleAssignmentFields, registryRoleAssignmentInputs, registryRoleAssignmentOutputs } from "./registry-role-assignment";
import { rosterGuardDescription, rosterGuardFields, rosterGuardInputs, rosterGuardOutputs } from "./roster-guard";
import { teamDescription, teamFields, teamInputs, teamOutputs } from "./team";
import { teamMemberDescription, teamMemberFields, teamMemberInputs, teamMemberOutputs } from "./team-member";
import { teamRoleAssignmentDescription, teamRoleAssignmentFields, teamRoleAssignmentInputs, teamRoleAssignmentOutputs } from "./team-role-assignment";
import { userDescription, userFields, userInputs, userOutputs } from "./user";

export interface ResourceShape {
  readonly description: string;
  /** The inputs a program passes, as `check` judges them. */
  readonly inputs: z.ZodObject;
  /** The state, which the engine hands back as the resource's outputs. */
  readonly outputs: z.ZodObject;
  /** Each property of the state: who owns it, how it compares and is written, whether a change replaces the resource. */
  readonly fields: FieldTable;
}

export const SHAPES = {
  User: { description: userDescription, inputs: userInputs, outputs: userOutputs, fields: userFields },
  Team: { description: teamDescription, inputs: teamInputs, outputs: teamOutputs, fields: teamFields },
  TeamMember: { description: teamMemberDescription, inputs: teamMemberInputs, outputs: teamMemberOutputs, fields: teamMemberFields },
  CustomRole: { description: customRoleDescription, inputs: customRoleInputs, outputs: customRoleOutputs, fields: customRoleFields },
  OrganizationRoleAssignment: {
    description: organizationRoleAssignmentDescription,
    inputs: organizationRoleAssignmentInputs,
    outputs: organizationRoleAssignmentOutputs,
    fields: organizationRoleAssignmentFields,
  },
  TeamRoleAssignment: {
    description: teamRoleAssignmentDescription,
    inputs: teamRoleAssignmentInputs,
    outputs: teamRoleAssignmentOutputs,
    fields: teamRoleAssignmentFields,
  },
  RegistryRoleAssignment: {
    description: registryRoleAssignmentDescription,
    inputs: registryRoleAssignmentInputs,
    outputs: registryRoleAssignmentOutputs,
    fields: registryRoleAssignmentFields,
  },
  RosterGuard: { description: rosterGuardDescription, inputs: rosterGuardInputs, outputs: rosterGuardOutputs, fields: rosterGuardFields },
} as const satisfies { readonly [K in ResourceKind]: ResourceShape };
