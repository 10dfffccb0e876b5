// The TeamRoleAssignment resource: what it is for, the inputs a program passes (as `check` judges them) and its state.
import { z } from "zod";
import type { FieldTable } from "./fields";
import { canonicalRole, TEAM_ROLES } from "../vocabulary";
import { adoptingAssignment, assignedUser, assignedUserField, assignmentOutputs, assignmentServiceFields, ROLE_IN_IMPORT_ID } from "./assignment";
import { printable, roleNameInput } from "./pieces";

export const teamRoleAssignmentDescription =
  "The role of one user in one team. Destroying the assignment returns the user to `member` in that team (it does not " +
  "remove them from the team; membership belongs to `Team` or `TeamMember`).";

/** How an existing one is brought under Pulumi: `pulumi import` and its id. */
export const teamRoleAssignmentImport =
  "The user's SCIM id, then `/teams/` and the team's name, optionally then the role. " +
  ROLE_IN_IMPORT_ID +
  "```sh\n$ pulumi import wandb:index:TeamRoleAssignment ana-in-research <userId>/teams/research/admin\n```";

const ROLE_HINT = '"admin", "member", "viewer" or the name of a custom role of the organization';

export const teamRoleAssignmentInputs = z
  .object({
    user: assignedUser,
    teamName: z
      .string({ error: "teamName is required: the name of the team, e.g. `team.name` of a wandb.Team" })
      .trim()
      .min(1, "teamName must not be empty: give the name of the team")
      .refine(...printable("teamName"))
      .meta({ description: "The team's name (exact), e.g. `team.name` of a `wandb.Team`." }),
    roleName: roleNameInput("roleName", ROLE_HINT)
      .transform((name) => canonicalRole(name, TEAM_ROLES))
      .meta({
        description:
          "The role in the team: `admin`, `member`, `viewer` (case-insensitive, stored in lower case) or the name of a " +
          "custom role (case-sensitive). W&B adds the user to the team if they are not in it.",
      }),
    adoptExisting: adoptingAssignment,
  })
  .strict();

export type TeamRoleAssignmentInputs = z.output<typeof teamRoleAssignmentInputs>;

export const teamRoleAssignmentOutputs = assignmentOutputs.extend({ teamName: z.string(), roleName: z.string() });

export type TeamRoleAssignmentOutputs = z.output<typeof teamRoleAssignmentOutputs>;

export const teamRoleAssignmentFields = {
  user: assignedUserField,
  teamName: { owner: "program", compare: "teamName", write: "create", replaces: true, naturalKey: true },
  // Sets the role in that one team, adding the user to it when they are not in it.
  roleName: { owner: "program", compare: "teamRole", write: { patch: "replace", path: "teamRoles" }, replaces: false },
  ...assignmentServiceFields,
} as const satisfies FieldTable<keyof TeamRoleAssignmentOutputs>;
