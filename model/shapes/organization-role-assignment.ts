// The OrganizationRoleAssignment resource: what it is for, the inputs a program passes (as `check` judges them) and its state.
import { z } from "zod";
import type { FieldTable } from "./fields";
import { canonicalRole, effectiveOrganizationRole, isDeprecatedOrganizationRole, ORGANIZATION_ROLES } from "../vocabulary";
import { adoptingAssignment, assignedUser, assignedUserField, assignmentOutputs, assignmentServiceFields, ROLE_IN_IMPORT_ID } from "./assignment";
import { roleNameInput } from "./pieces";

export const organizationRoleAssignmentDescription =
  "The organization role of one user, for users that an identity provider provisions and Pulumi does not create. " +
  "Destroying the assignment returns the user to `member`. One assignment per user: two assignments on the same user " +
  "would fight over the one role.";

/** How an existing one is brought under Pulumi: `pulumi import` and its id. */
export const organizationRoleAssignmentImport =
  "The user's SCIM id, then `/organization`, optionally then the role. " +
  ROLE_IN_IMPORT_ID +
  "```sh\n$ pulumi import wandb:index:OrganizationRoleAssignment ana-admin <userId>/organization/admin\n```";

const ROLE_HINT = '"admin", "member" or the name of a custom role of the organization';

export const organizationRoleAssignmentInputs = z
  .object({
    user: assignedUser,
    role: roleNameInput("role", ROLE_HINT)
      .transform((name) => effectiveOrganizationRole(canonicalRole(name, ORGANIZATION_ROLES)))
      .meta({
        description:
          "The organization role: `admin`, `member` (predefined names are case-insensitive and stored in lower case) or the " +
          "name of a custom role (case-sensitive). `viewer` is deprecated: W&B assigns `member` instead, so it is stored as `member`.",
      }),
    adoptExisting: adoptingAssignment,
  })
  .strict();

export type OrganizationRoleAssignmentInputs = z.output<typeof organizationRoleAssignmentInputs>;

export const organizationRoleAssignmentOutputs = assignmentOutputs.extend({ role: z.string() });

export type OrganizationRoleAssignmentOutputs = z.output<typeof organizationRoleAssignmentOutputs>;

/** What a program is told of its assignment's inputs as written, before `organizationRoleAssignmentInputs` stores them. */
export function organizationRoleAssignmentWarnings(written: Record<string, unknown>): string[] {
  const role = written["role"];
  if (typeof role !== "string" || !isDeprecatedOrganizationRole(role)) return [];
  return [
    'The organization role "viewer" is deprecated: W&B assigns "member" instead, and that is what is stored. ' +
      'Declare role: "member" (or a custom role that inherits from viewer) to make the intent explicit.',
  ];
}

export const organizationRoleAssignmentFields = {
  user: assignedUserField,
  role: { owner: "program", compare: "organizationRole", write: { patch: "replace", path: "organizationRole" }, replaces: false },
  ...assignmentServiceFields,
} as const satisfies FieldTable<keyof OrganizationRoleAssignmentOutputs>;
