// What the three role assignments record besides their scope and role: the user, as declared and as resolved.
import { z } from "zod";

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
