// The OrganizationMembers resource: many users in one resource, keyed by userName. Each person is
// what a standalone User is (the same inputs, the same state), so the set costs the engine one
// resource whatever the number of people.
import { z } from "zod";
import { createSetting, namingSetting, stateSetting, type FieldTable } from "./fields";
import { adoptExisting, guardedBy, printable } from "./pieces";
import { userInputs, userOutputs } from "./user";
import { USER_NAME } from "../vocabulary";
import { identityOf } from "../identity";

export const organizationMembersDescription =
  "Many users of the W&B organization in one resource, keyed by userName: each entry declares what a `User` does (email, " +
  "display name, active state, organization role, Models seat, Weave role, teams) and is created, updated, adopted and " +
  "removed as a `User` would be, with its own ETag: a write refused because someone changed that person outside Pulumi " +
  "fails for that person only. The engine counts one resource, whatever the number of people: for organizations too " +
  "large for a resource per person. A person's teams and roles in teams and registries are shown read-only per person " +
  "(`teamRoles`, `registryRoles`), as a `User` shows them. Declare each person once: in one OrganizationMembers, or as a " +
  "`User`, not both. A change to one person writes only that person.";

/** How an existing one is brought under Pulumi: `pulumi import` and its id. */
export const organizationMembersImport =
  "Existing users, by their userNames, comma-separated: each is imported as a `User` is, its team memberships left to its " +
  "`Team`. The id stays the set's whoever joins or leaves it later. Declaring the people with `adoptExisting: true` takes them over " +
  "instead, without an import.\n\n" +
  "```sh\n$ pulumi import wandb:index:OrganizationMembers people ana,bo,cy\n```";

/** What a User holds that a person of an OrganizationMembers does not: the key, and what the set holds once for every person. */
export const FIELDS_THE_SET_HOLDS = ["userName", "adoptExisting", "deletionPolicy", "importId", "guardedBy"] as const;

/** Whether `field` of a User's state or inputs is one the set holds once, not each person. */
export const heldByTheSet = (field: string): boolean => (FIELDS_THE_SET_HOLDS as readonly string[]).includes(field);

/** What a person declares: a `User`'s inputs, but the userName (the entry's key) and the resource-level settings. */
export const memberInputs = userInputs
  .pick({ email: true, displayName: true, active: true, organizationRole: true, modelsSeat: true, weaveRole: true, teams: true, deactivateInactiveAfterDays: true, adopted: true })
  .strict()
  .meta({ id: "OrganizationMember", description: "One person of an `OrganizationMembers`: what a `User` declares, its userName the entry's key." });

export type MemberInputs = z.output<typeof memberInputs>;

/** Why a key of members is no userName a User would take: empty, two words, unprintable, or naming the user another key names. */
export function memberKeyProblems(keys: readonly string[]): { key: string; reason: string }[] {
  const seen = new Map<string, string>();
  return keys.flatMap((key) => {
    if (key.trim() === "") return [{ key, reason: 'each key of members is a userName and must not be empty, e.g. "jdoe"' }];
    const [isPrintable, { error: unprintable }] = printable("each key of members");
    if (!isPrintable(key)) return [{ key, reason: unprintable }];
    if (!USER_NAME.test(key)) return [{ key, reason: 'each key of members is a userName and must not contain spaces: one word such as "jdoe" or "ana.lima"' }];
    // userNames compare ignoring case: two keys that name one user would each undo the other's writes.
    const identity = identityOf("userName", key);
    const first = seen.get(identity);
    if (first === undefined) {
      seen.set(identity, key);
      return [];
    }
    return [{ key, reason: `"${key}" and "${first}" name one user (userNames are case-insensitive): declare it once` }];
  });
}

export const organizationMembersInputs = z
  .object({
    members: z
      .record(z.string(), memberInputs, { error: 'members must be an object of people by userName, e.g. { ana: { email: "ana@example.com" } }' })
      .meta({ description: "The people, by userName: each declares what a `User` does. A person removed from it is removed as a `User` would be (`deletionPolicy`)." }),
    adoptExisting: adoptExisting.meta({
      description:
        "For each person W&B already holds with the declared userName: `false` fails with a hint, `true` takes the user over and " +
        "converges it. Defaults to `false`.",
    }),
    deletionPolicy: userInputs.shape.deletionPolicy.meta({
      description:
        "What removing a person (or the resource) does to each: `delete` deletes the user from the organization, `deactivate` " +
        "keeps the user but deactivates it (dedicated cloud and self-managed only). Defaults to `delete`.",
    }),
    protectAdmins: z
      .boolean({ error: "protectAdmins must be true or false" })
      .optional()
      .meta({
        description:
          "Refuses, at preview and before any write, to remove a person whose organization role is recorded as `admin` (or the " +
          "resource while it holds one): demote them to `member` first, or set it to `false`. Defaults to `false`.",
      }),
    heldAsUsers: z
      .array(z.string(), { error: "heldAsUsers must be a list of userNames" })
      .optional()
      .meta({
        description:
          "Set by the `Organization` component, not meant to be set by hand: the people this stack held until now as one `User` " +
          "each. A person new to the resource who is named here is taken over from W&B's listing as `adoptExisting` takes a user " +
          "over (without a write where W&B holds it as declared), and that `User` leaves the stack without removing the person. " +
          "Never recorded in the state.",
      }),
    heldAsAdmins: z
      .array(z.string(), { error: "heldAsAdmins must be a list of userNames" })
      .optional()
      .meta({
        description:
          "Set by the `Organization` component, not meant to be set by hand: of `heldAsUsers`, those whose `User` recorded the " +
          "organization role `admin` (a protected admin demoted): their declared role is written once they are taken over, " +
          "whether or not W&B shows roles.",
      }),
    adminsAsUsers: z
      .array(z.string(), { error: "adminsAsUsers must be a list of userNames" })
      .optional()
      .meta({
        description:
          "Set by the `Organization` component, not meant to be set by hand: its protected admins, each a `User` of this stack. " +
          "A person of this resource named here (promoted) is made an organization admin, then left to their `User`: never removed.",
      }),
    guardedBy: guardedBy("set of people"),
  })
  .strict();

export type OrganizationMembersInputs = z.output<typeof organizationMembersInputs>;

/**
 * A person's state: a `User`'s, without what the set holds once (userName is the key; adoptExisting
 * and deletionPolicy are the resource's), with the user's SCIM id. Empty read-only views are left
 * out, to keep a person's state small.
 */
export const memberState = userOutputs
  .pick({
    email: true,
    displayName: true,
    active: true,
    organizationRole: true,
    organizationRoleUnverified: true,
    modelsSeat: true,
    weaveRole: true,
    teams: true,
    etag: true,
    createdAt: true,
    daysActive: true,
    lastActiveAt: true,
    deactivateInactiveAfterDays: true,
  })
  .extend({
    // A User's outputs take these descriptions from its inputs; a person's state says them itself.
    email: userOutputs.shape.email.meta({ description: "The user's primary email address, as last read or written." }),
    displayName: userOutputs.shape.displayName.meta({ description: 'The name shown for the user, as last read or written ("" when unset); absent when not declared.' }),
    active: userOutputs.shape.active.meta({ description: "Whether the user is active, as last read or written." }),
    organizationRole: userOutputs.shape.organizationRole.meta({
      description: "The user's organization role as last read or written (a custom one, assigned outside this resource, as named); absent when not declared.",
    }),
    modelsSeat: userOutputs.shape.modelsSeat.meta({ description: "The user's W&B Models seat as last read or written; absent when not declared." }),
    weaveRole: userOutputs.shape.weaveRole.meta({ description: "The user's W&B Weave role as last read or written; absent when not declared." }),
    teams: userOutputs.shape.teams.meta({ description: "The names of the teams the user is in, as last read or written; absent when not declared." }),
    deactivateInactiveAfterDays: userOutputs.shape.deactivateInactiveAfterDays.meta({
      description: "The person's `deactivateInactiveAfterDays` as last applied (set by the `Organization` component); absent when not declared.",
    }),
    id: z.string().meta({ description: "The user's SCIM id." }),
    teamRoles: userOutputs.shape.teamRoles.optional(),
    registryRoles: userOutputs.shape.registryRoles.optional(),
  })
  .meta({ id: "OrganizationMemberState", description: "One person of an `OrganizationMembers` as last read or written: a `User`'s state." });

export type MemberState = z.output<typeof memberState>;

export const organizationMembersOutputs = z.object({
  members: z.record(z.string(), memberState).meta({ description: "Each person by userName, as last read or written." }),
  adoptExisting: z.boolean(),
  deletionPolicy: userOutputs.shape.deletionPolicy,
  protectAdmins: z.boolean().optional(),
  guardedBy: z.string().optional(),
});

export type OrganizationMembersOutputs = z.output<typeof organizationMembersOutputs>;

export const organizationMembersFields = {
  // Compared and written person by person, as a User's fields are (provider/resources/organization-members).
  members: { owner: "program", compare: "exact", write: { patch: "replace" }, replaces: false },
  adoptExisting: createSetting,
  deletionPolicy: stateSetting,
  protectAdmins: stateSetting,
  heldAsUsers: createSetting,
  heldAsAdmins: createSetting,
  adminsAsUsers: createSetting,
  guardedBy: namingSetting,
} as const satisfies FieldTable<keyof OrganizationMembersOutputs | "heldAsUsers" | "heldAsAdmins" | "adminsAsUsers">;
