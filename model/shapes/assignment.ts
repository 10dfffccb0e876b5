// What the three role assignments share (and, for its user, TeamMember): the user they name, as declared and as resolved.
import { z } from "zod";
import { createSetting, serviceField, type FieldRule, type FieldTable } from "./fields";
import { userReference } from "./pieces";

/** What every assignment's import id says of its role, after the id's own form and before its example. */
export const ROLE_IN_IMPORT_ID =
  "Where the service does not show roles (W&B's documented `GET /Users/{id}` shows none), the id must end with the " +
  "role; where it does, the live role is read and wins. A `/` in a name is written `%2F`.\n\n";

/** The input naming the user a role is assigned to. */
export const assignedUser = userReference("user").meta({
  description:
    "The user: their SCIM id (e.g. `user.id` of a `wandb.User`, or the id from `wandb.getUser`) or their email address " +
    "(case-insensitive). Resolved to the SCIM id when the assignment is created.",
});

/** What a resource naming one user records of it: the reference as declared, and the user it resolved to. */
export const resolvedUserOutputs = {
  user: z.string(),
  userId: z.string().meta({ description: "The user's SCIM id, resolved from `user` at create." }),
  /** The user's email (lower case) as last read, so that `diff` sees an id and an email of this user as one; unknown in older states. */
  userEmail: z.string().optional().meta({
    description: "The user's email address in lower case, as last read (absent in state recorded by earlier releases until a refresh).",
  }),
};

/** Whether the create takes over a role the user already holds, as it is, without a write. */
export const adoptingAssignment = z
  .boolean({ error: "adoptExisting must be true or false" })
  .optional()
  .meta({
    description:
      "When the user is adopted in the same run (a `User` with `adoptExisting` or `importId` that takes over an existing " +
      "user) and already holds this role's place (for a team role, a member of the team that the run neither made nor added " +
      "them to): `true` takes the role over with the user, as W&B holds it, without a write. Where W&B does not show the " +
      "role (its documented API shows no organization, team or registry roles), the declared role is recorded, unverified " +
      "(`roleUnverified`); where it shows another one, that one is recorded, and the next preview shows the declared role as " +
      "a change. Any other create (a user made or already managed, a place new to the user) writes the role, as without it: " +
      "a role declared later is written. The `Organization` component sets it with its own `adoptExisting`, and names the " +
      "roles so recorded once per kind. Only consulted when the resource is created. Defaults to `false`.",
  });

export const assignmentOutputs = z.object({
  ...resolvedUserOutputs,
  etag: z.string().meta({ description: "The user's ETag as last read; the next write is conditional on it." }),
  /** Absent in state recorded by earlier releases. */
  adoptExisting: z.boolean().optional(),
  roleUnverified: z
    .boolean()
    .optional()
    .meta({
      description:
        "`true` when the role was adopted (`adoptExisting`) as declared without a write, W&B not showing it: the recorded role is " +
        "unverified. A write of the role, or a read that shows it, clears it. Never causes a diff.",
    }),
});

export type AssignmentOutputs = z.output<typeof assignmentOutputs>;

/** The user an assignment names: another user replaces it (the old assignment is given back first). */
export const assignedUserField = { owner: "program", compare: "user", write: "create", replaces: true, naturalKey: true } as const satisfies FieldRule;

/** What an assignment records of the user it resolved to, and of its adoption. */
export const assignmentServiceFields = {
  userId: serviceField,
  userEmail: serviceField,
  etag: serviceField,
  adoptExisting: createSetting,
  roleUnverified: serviceField,
} as const satisfies FieldTable;
