// One shape per resource kind: what it is for, the zod schema that checks its inputs, the one of
// its state (its outputs) and the table of its fields. The provider checks and stores with them, the package schema
// describes them, and the dynamic SDK's classes take their arguments and outputs from them.
import type { z } from "zod";
import type { ResourceKind } from "../resource-kinds";
import { replacementSummary, type FieldTable } from "./fields";
import { customRoleDescription, customRoleImport, customRoleFields, customRoleInputs, customRoleOutputs } from "./custom-role";
import { organizationRoleAssignmentDescription, organizationRoleAssignmentImport, organizationRoleAssignmentFields, organizationRoleAssignmentInputs, organizationRoleAssignmentOutputs } from "./organization-role-assignment";
import { registryRoleAssignmentDescription, registryRoleAssignmentImport, registryRoleAssignmentFields, registryRoleAssignmentInputs, registryRoleAssignmentOutputs } from "./registry-role-assignment";
import { rosterGuardDescription, rosterGuardImport, rosterGuardFields, rosterGuardInputs, rosterGuardOutputs } from "./roster-guard";
import { serviceAccountDescription, serviceAccountImport, serviceAccountFields, serviceAccountInputs, serviceAccountOutputs } from "./service-account";
import { teamDescription, teamImport, teamFields, teamInputs, teamOutputs } from "./team";
import { teamMemberDescription, teamMemberImport, teamMemberFields, teamMemberInputs, teamMemberOutputs } from "./team-member";
import { teamRoleAssignmentDescription, teamRoleAssignmentImport, teamRoleAssignmentFields, teamRoleAssignmentInputs, teamRoleAssignmentOutputs } from "./team-role-assignment";
import { organizationMembersDescription, organizationMembersFields, organizationMembersImport, organizationMembersInputs, organizationMembersOutputs } from "./organization-members";
import { userDescription, userImport, userFields, userInputs, userOutputs } from "./user";

export interface ResourceShape {
  readonly description: string;
  /** The inputs a program passes, as `check` judges them. */
  readonly inputs: z.ZodObject;
  /** The state, which the engine hands back as the resource's outputs. */
  readonly outputs: z.ZodObject;
  /** Each property of the state: who owns it, how it compares and is written, whether a change replaces the resource. */
  readonly fields: FieldTable;
}

/**
 * A resource's documentation as the package schema, the SDKs and the Registry carry it: what it
 * manages, what replaces it (from its table, so it cannot drift from the diff), then how to import
 * it, under the `## Import` heading that Pulumi's docs generator lifts into the Registry page.
 */
function documented(description: string, fields: FieldTable, importing: string): string {
  return `${description}\n\n${replacementSummary(fields)}\n\n## Import\n\n${importing}`;
}

export const SHAPES = {
  User: { description: documented(userDescription, userFields, userImport), inputs: userInputs, outputs: userOutputs, fields: userFields },
  Team: { description: documented(teamDescription, teamFields, teamImport), inputs: teamInputs, outputs: teamOutputs, fields: teamFields },
  TeamMember: { description: documented(teamMemberDescription, teamMemberFields, teamMemberImport), inputs: teamMemberInputs, outputs: teamMemberOutputs, fields: teamMemberFields },
  CustomRole: { description: documented(customRoleDescription, customRoleFields, customRoleImport), inputs: customRoleInputs, outputs: customRoleOutputs, fields: customRoleFields },
  OrganizationRoleAssignment: {
    description: documented(organizationRoleAssignmentDescription, organizationRoleAssignmentFields, organizationRoleAssignmentImport),
    inputs: organizationRoleAssignmentInputs,
    outputs: organizationRoleAssignmentOutputs,
    fields: organizationRoleAssignmentFields,
  },
  TeamRoleAssignment: {
    description: documented(teamRoleAssignmentDescription, teamRoleAssignmentFields, teamRoleAssignmentImport),
    inputs: teamRoleAssignmentInputs,
    outputs: teamRoleAssignmentOutputs,
    fields: teamRoleAssignmentFields,
  },
  RegistryRoleAssignment: {
    description: documented(registryRoleAssignmentDescription, registryRoleAssignmentFields, registryRoleAssignmentImport),
    inputs: registryRoleAssignmentInputs,
    outputs: registryRoleAssignmentOutputs,
    fields: registryRoleAssignmentFields,
  },
  ServiceAccount: {
    description: documented(serviceAccountDescription, serviceAccountFields, serviceAccountImport),
    inputs: serviceAccountInputs,
    outputs: serviceAccountOutputs,
    fields: serviceAccountFields,
  },
  RosterGuard: { description: documented(rosterGuardDescription, rosterGuardFields, rosterGuardImport), inputs: rosterGuardInputs, outputs: rosterGuardOutputs, fields: rosterGuardFields },
  OrganizationMembers: {
    description: documented(organizationMembersDescription, organizationMembersFields, organizationMembersImport),
    inputs: organizationMembersInputs,
    outputs: organizationMembersOutputs,
    fields: organizationMembersFields,
  },
} as const satisfies { readonly [K in ResourceKind]: ResourceShape };
