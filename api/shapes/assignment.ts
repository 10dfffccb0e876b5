// What the three role assignments share: the user they assign, as declared and as resolved.
import { z } from "zod";
import { userReference } from "./pieces";

/** The input naming the user a role is assigned to. */
export const assignedUser = userReference("user").meta({
  description:
    "The user: their SCIM id (e.g. `user.id` of a `wandb.User`, or the id from `wandb.getUser`) or their email address " +
    "(case-insensitive). Resolved to the SCIM id when the assignment is created. Naming another user replaces the assignment.",
});

export const assignmentOutputs = z.object({
  user: z.string(),
  userId: z.string().meta({ description: "The user's SCIM id, resolved from `user` at create." }),
  /** The user's email (lower case) as last read, so that `diff` sees an id and an email of this user as one; unknown in older states. */
  userEmail: z.string().optional().meta({
    description: "The user's email address in lower case, as last read (absent in state recorded by earlier releases until a refresh).",
  }),
  etag: z.string().meta({ description: "The user's ETag as last read; the next write is conditional on it." }),
});

export type AssignmentOutputs = z.output<typeof assignmentOutputs>;
