// The TeamMember resource: what it is for, the inputs a program passes (as `check` judges them) and its state.
import { z } from "zod";
import { serviceField, type FieldTable } from "./fields";
import { resolvedUserOutputs } from "./assignment";
import { userReference } from "./pieces";

export const teamMemberDescription =
  "One user's membership of one team. Additive: it adds the user and, when destroyed, removes only that user, never " +
  "touching other members. Use it for teams whose `Team` resource does not set `members` (a `Team` with `members` owns " +
  "the whole set and would remove this member again). If the user was already a member, the membership is taken over, " +
  "and destroying it removes them.";

/** How an existing one is brought under Pulumi: `pulumi import` and its id. */
export const teamMemberImport =
  "An existing membership, by the team's SCIM id and the user's, joined by `/`.\n\n" +
  "```sh\n$ pulumi import wandb:index:TeamMember ana-in-research <teamId>/<userId>\n```";

export const teamMemberInputs = z
  .object({
    teamId: z
      .string({ error: "teamId is required: the SCIM id of the team, e.g. a Team resource's id or getTeam(...).id" })
      .trim()
      .min(1, "teamId must not be empty: give the SCIM id of the team")
      .meta({
        description: "The SCIM id of the team, e.g. a `Team`'s `id` or `getTeam(...).id`.",
      }),
    user: userReference("user").meta({
      description: "The user, by SCIM id or email address (emails compare ignoring case).",
    }),
  })
  .strict();

export type TeamMemberInputs = z.output<typeof teamMemberInputs>;

export const teamMemberOutputs = z.object({
  teamId: z.string(),
  ...resolvedUserOutputs,
  etag: z.string().meta({ description: "The team's ETag as last read, for a cheap conditional refresh and the next conditional write." }),
});

export type TeamMemberOutputs = z.output<typeof teamMemberOutputs>;

export const teamMemberFields = {
  teamId: { owner: "program", compare: "scimId", write: "create", replaces: true, naturalKey: true },
  user: { owner: "program", compare: "user", write: "create", replaces: true, naturalKey: true },
  userId: serviceField,
  userEmail: serviceField,
  etag: serviceField,
} as const satisfies FieldTable<keyof TeamMemberOutputs>;
