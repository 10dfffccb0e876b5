// The RegistryRoleAssignment resource: what it is for, the inputs a program passes (as `check` judges them) and its state.
import { z } from "zod";
import type { FieldTable } from "./fields";
import { canonicalRole, REGISTRY_ROLES } from "../vocabulary";
import { adoptingAssignment, assignedUser, assignedUserField, assignmentOutputs, assignmentServiceFields, ROLE_IN_IMPORT_ID } from "./assignment";
import { printable } from "./pieces";

export const registryRoleAssignmentDescription =
  "The role of one user in one registry. Destroying the assignment removes the user from that registry.";

/** How an existing one is brought under Pulumi: `pulumi import` and its id. */
export const registryRoleAssignmentImport =
  "The user's SCIM id, then `/registries/` and the registry's name, optionally then the role. " +
  ROLE_IN_IMPORT_ID +
  "```sh\n$ pulumi import wandb:index:RegistryRoleAssignment ana-on-models <userId>/registries/models/member\n```";

// Registry roles are all predefined, so they all compare case-insensitively.
const ROLE_HINT = '"admin", "member", "viewer" or "restricted viewer"';

export const registryRoleAssignmentInputs = z
  .object({
    user: assignedUser,
    registryName: z
      .string({ error: "registryName is required: the name of the registry, e.g. \"models\"" })
      .trim()
      .min(1, "registryName must not be empty: give the name of the registry")
      .refine(...printable("registryName"))
      .meta({ description: 'The registry\'s name (exact), e.g. `"models"`.' }),
    roleName: z
      .string({ error: `roleName is required: ${ROLE_HINT}` })
      .transform((name) => canonicalRole(name, REGISTRY_ROLES))
      .pipe(z.enum(REGISTRY_ROLES, { error: `roleName must be ${ROLE_HINT} (case-insensitive)` }))
      .meta({
        description: "The role in the registry: `admin`, `member`, `viewer` or `restricted viewer` (case-insensitive, stored in lower case).",
      }),
    adoptExisting: adoptingAssignment,
  })
  .strict();

export type RegistryRoleAssignmentInputs = z.output<typeof registryRoleAssignmentInputs>;

export const registryRoleAssignmentOutputs = assignmentOutputs.extend({
  registryName: z.string(),
  /** As the service reports it, in lower case. */
  roleName: z.string(),
});

export type RegistryRoleAssignmentOutputs = z.output<typeof registryRoleAssignmentOutputs>;

export const registryRoleAssignmentFields = {
  user: assignedUserField,
  registryName: { owner: "program", compare: "registryName", write: "create", replaces: true, naturalKey: true },
  roleName: { owner: "program", compare: "registryRole", write: { patch: "add", path: "registryRoles" }, replaces: false },
  ...assignmentServiceFields,
} as const satisfies FieldTable<keyof RegistryRoleAssignmentOutputs>;
