// The User resource: what it is for, the inputs a program passes (as `check` judges them) and its state.
import { z } from "zod";
import { activityField, createSetting, namingSetting, serviceField, stateSetting, type FieldTable } from "./fields";
import { ACCESS_LEVELS, EMAIL_ADDRESS, effectiveOrganizationRole, isDeprecatedOrganizationRole, ORGANIZATION_ROLES, USER_NAME } from "../vocabulary";
import { foldCase } from "../../service/case-folding";
import { identityOf, sameIdentity } from "../identity";
import { adoptExisting, adoptedAtCheck, guardedBy, printable } from "./pieces";
import { inactiveToDeactivate, recordedActivity } from "../activity";

export const userDescription =
  "A user of the W&B organization (SCIM `/Users`), with its primary email, display name, active state, organization role, " +
  "Models seat, Weave role and team membership. Roles in teams and registries are shown read-only (`teamRoles`, " +
  "`registryRoles`) and managed with the role assignment resources; so is the user's activity (`daysActive`, `lastActiveAt`).";

/** A Models seat or Weave role as a program writes it (any case), stored in lower case. */
const accessLevel = (field: "modelsSeat" | "weaveRole") =>
  z
    .string({ error: `${field} must be "full", "viewer" or "none"` })
    .trim()
    .overwrite(foldCase)
    .pipe(z.enum(ACCESS_LEVELS, { error: `${field} must be "full", "viewer" or "none" (case-insensitive), or left out to not manage it` }))
    .optional();

/** How an existing one is brought under Pulumi: `pulumi import` and its id. */
export const userImport =
  "An existing user, by its SCIM id (`getUser` finds it). Its team memberships are not imported: a membership is " +
  "declared once, by its `Team` (import the Team with its members).\n\n" +
  "```sh\n$ pulumi import wandb:index:User ana <userId>\n```";

/** What removing a User does. */
export const USER_DELETION_POLICIES = ["delete", "deactivate"] as const;

export const userInputs = z
  .object({
    userName: z
      .string({ error: 'userName is required: the user\'s W&B username, e.g. "jdoe"' })
      .trim()
      .min(1, { error: 'userName must not be empty: give the user\'s W&B username, e.g. "jdoe"', abort: true })
      .refine(...printable("userName"))
      .regex(USER_NAME, 'userName must not contain spaces: give the user\'s W&B username, one word such as "jdoe" or "ana.lima"')
      .meta({
        description:
          "The user's W&B username. W&B treats usernames case-insensitively and cannot rename a user: the old user is " +
          "removed before the new one is made.",
      }),
    email: z
      .string({ error: 'email is required: the user\'s primary email address, e.g. "jdoe@example.com"' })
      .trim()
      .refine(...printable("email"))
      .regex(EMAIL_ADDRESS, 'email must be an email address, e.g. "jdoe@example.com"')
      .meta({ description: "The user's primary email address (compared case-insensitively)." }),
    displayName: z
      .string({ error: "displayName must be a string" })
      .refine(...printable("displayName"))
      .optional()
      .meta({
        description:
          "The name shown for the user. When omitted, it is not managed by this resource. Cannot be changed on the " +
          "multi-tenant cloud (`saas`) once the user exists.",
      }),
    active: z
      .boolean({ error: "active must be true or false" })
      .default(true)
      .meta({
        description:
          "Whether the user is active. `false` deactivates the user (dedicated cloud and self-managed; not offered on the " +
          "multi-tenant cloud, where deactivation removes the user for good). Defaults to `true`.",
      }),
    organizationRole: z
      .string({ error: 'organizationRole must be "admin" or "member"' })
      .overwrite((role) => identityOf("organizationRole", role))
      .pipe(z.enum(ORGANIZATION_ROLES, { error: 'organizationRole must be "admin" or "member" (case-insensitive)' }))
      .transform((role) => effectiveOrganizationRole(role))
      .optional()
      .meta({
        description:
          "The user's organization role: `admin` or `member` (case-insensitive). `viewer` is accepted but deprecated: W&B " +
          "assigns `member` instead, which is what is stored. When omitted, the organization role is not managed by this " +
          "resource (e.g. leave it to an `OrganizationRoleAssignment`).",
      }),
    modelsSeat: accessLevel("modelsSeat").meta({
      description:
        "The user's W&B Models seat: `full` (the seat the organization pays for), `viewer` (view-only Models, full Registry) " +
        "or `none` (case-insensitive). A new user gets `full` unless told otherwise; a change to `full` needs a free seat, and " +
        "W&B refuses it with `Seat limit reached` when none is left. When omitted, the seat is not managed by this resource. " +
        "Every deployment: multi-tenant cloud (saas), dedicated cloud and self-managed.",
    }),
    weaveRole: accessLevel("weaveRole").meta({
      description:
        "The user's W&B Weave role: `full`, `viewer` (view-only Weave) or `none` (case-insensitive). A new user gets `full` " +
        "unless told otherwise. When omitted, the Weave role is not managed by this resource. Every deployment: " +
        "multi-tenant cloud (saas), dedicated cloud and self-managed.",
    }),
    teams: z
      .array(
        z.string({ error: "each team is a team name" }).trim().min(1, "team names must not be empty").refine(...printable("each team name")),
        { error: 'teams must be a list of team names, e.g. ["ml-research"]' },
      )
      .transform((names) => [...new Set(names)].sort())
      .optional()
      .meta({
        description:
          "Names of the teams the user is in: exactly these, the user is added to and removed from teams to match. " +
          "Required (at least one) to create a user on the multi-tenant cloud (`saas`), where users join the organization " +
          "through teams. When omitted, team membership is not managed by this resource. The user's role in each team is " +
          "left to `TeamRoleAssignment`.",
      }),
    adoptExisting: adoptExisting.meta({
      description:
        "When a user with this userName already exists: `false` fails with a hint, `true` takes it over and converges it " +
        "to this definition. With `importId`, the way to bring existing users under code through the dynamic " +
        "resources, which `pulumi import` cannot import (through the native plugin it can). Defaults to `false`.",
    }),
    adopted: adoptedAtCheck("user", "userName"),
    importId: z
      .string({ error: "importId must be the SCIM id of an existing user" })
      .trim()
      .min(1, "importId must not be empty: give the SCIM id of the user to adopt, or remove it")
      .optional()
      .meta({
        description:
          "The SCIM id of an existing user to adopt (and converge) instead of creating one; its userName must match " +
          "`userName`. Find ids with `getUser`/`getUsers`.",
      }),
    deletionPolicy: z
      .string({ error: 'deletionPolicy must be "delete" or "deactivate"' })
      .trim()
      .overwrite(foldCase)
      .pipe(z.enum(USER_DELETION_POLICIES, { error: 'deletionPolicy must be "delete" or "deactivate"' }))
      .default("delete")
      .meta({
        description:
          "What removing the resource does: `delete` deletes the user from the organization, `deactivate` keeps the user " +
          "but deactivates it (dedicated cloud and self-managed only). Defaults to `delete`.",
      }),
    deactivateInactiveAfterDays: z
      .number({ error: "deactivateInactiveAfterDays must be a whole number of days, e.g. 90" })
      .int({ error: "deactivateInactiveAfterDays must be a whole number of days, e.g. 90" })
      .positive({ error: "deactivateInactiveAfterDays must be at least 1 day, e.g. 90; or leave it out" })
      .optional()
      .meta({
        description:
          "Set by the `Organization` component from its roster's `deactivateInactiveAfterDays`: the user, when its roster deactivated it for " +
          "not being active in this many days, is declared inactive while its recorded activity (`lastActiveAt`) still says so; without it " +
          "the user is reactivated. Not meant to be set by hand.",
      }),
    guardedBy: guardedBy("user"),
  })
  .strict();

export type UserInputs = z.output<typeof userInputs>;

/** The state: the inputs as last applied (the managed fields as last seen), and what the service reports besides. */
export const userOutputs = z.object({
  userName: z.string(),
  email: z.string(),
  displayName: z.string().optional(),
  active: z.boolean(),
  /** As the service reports it: predefined names in lower case, a custom role (assigned outside this resource) as named. */
  organizationRole: z.string().optional(),
  organizationRoleUnverified: z
    .boolean()
    .optional()
    .meta({
      description:
        "`true` when the user was taken over (adopted, imported) with its declared organization role recorded without a write, " +
        "W&B not showing it: the recorded role is unverified. A write of the role, or a read that shows it, clears it. Never causes a diff.",
    }),
  modelsSeat: z.string().optional(),
  weaveRole: z.string().optional(),
  teams: z.array(z.string()).optional(),
  adoptExisting: z.boolean(),
  importId: z.string().optional(),
  deletionPolicy: z.enum(USER_DELETION_POLICIES),
  guardedBy: z.string().optional(),
  deactivateInactiveAfterDays: z.number().optional(),
  etag: z.string().meta({ description: "The ETag of the user as last read; the next write is conditional on it." }),
  createdAt: z.string().meta({ description: 'When the user was created (ISO 8601, from `meta.created`); "" when unknown.' }),
  teamRoles: z
    .array(
      z
        .object({
          teamName: z.string().meta({ description: "The team's name." }),
          roleName: z.string().meta({ description: "The user's role in the team." }),
        })
        .meta({ id: "UserTeamRole", description: "A team the user is in, and the user's role there." }),
    )
    .meta({ description: "Read-only: the user's teams and its role in each. Never causes a diff." }),
  registryRoles: z
    .array(
      z
        .object({
          registryName: z.string().meta({ description: "The registry's name." }),
          roleName: z.string().meta({ description: "The user's role in the registry." }),
        })
        .meta({ id: "UserRegistryRole", description: "A registry the user has a role in, and that role." }),
    )
    .meta({ description: "Read-only: the user's registry roles. Never causes a diff." }),
  daysActive: z
    .number()
    .optional()
    .meta({ description: "Read-only: the days the user has been active in the organization, as W&B last reported them. Never causes a diff." }),
  lastActiveAt: z.string().optional().meta({
    description:
      "Read-only: the user's last activity (ISO 8601) as W&B last reported it; absent for someone never active (or before " +
      "W&B reported it). Active means any interaction with the instance on dedicated cloud and self-managed, an auditable " +
      "action in the organization on the multi-tenant cloud. Never causes a diff.",
  }),
});

export type UserOutputs = z.output<typeof userOutputs>;

/** What a program is told of its User's inputs as written, before `userInputs` stores them. */
export function userWarnings(written: Record<string, unknown>): string[] {
  const role = written["organizationRole"];
  if (typeof role !== "string" || !isDeprecatedOrganizationRole(role)) return [];
  return [`organizationRole "viewer" is deprecated: W&B assigns "member" instead, which is what this User stores. Set organizationRole: "member".`];
}

/** A user as a listing of the organization shows it, as far as `heldEmailRefusal` needs. */
export interface ListedUser {
  readonly id: string;
  readonly userName: string;
  readonly email: string;
}

/** How a refusal of a held email names what is declared, and how that can take the holder over. */
export interface HeldEmailWording {
  /** What the program declares, e.g. `User "ana"`. */
  readonly declared: string;
  /** What it is called after, e.g. `this User`. */
  readonly it: string;
  /** How to take the holder over, e.g. `with adoptExisting: true, or importId: "42"`. */
  readonly takeOver: (holder: ListedUser) => string;
}

/** The wording of a standalone User `resource`. */
export const userWording = (resource: string): HeldEmailWording => ({
  declared: `User "${resource}"`,
  it: "this User",
  takeOver: (holder) => `with adoptExisting: true, or importId: "${holder.id}"`,
});

/**
 * Why the User `resource` (a create the run plans: no state) cannot be made with `declared`: the
 * organization lists `holder` with its email (emails compare ignoring case) under another userName.
 * W&B holds one user per email, so the create's POST is refused with 409, as is the change of email
 * an adoption (adoptExisting, importId) would write. Undefined when no user holds the email, or the
 * one that does has the declared userName (the create takes it over, or refuses it, as it judges).
 * `wording` names what is declared: a User unless told otherwise.
 */
export function heldEmailRefusal(
  resource: string,
  declared: { userName: string; email: string },
  holder: ListedUser | undefined,
  wording: HeldEmailWording = userWording(resource),
): string | undefined {
  if (holder === undefined || !sameIdentity("email", holder.email, declared.email) || sameIdentity("userName", holder.userName, declared.userName)) {
    return undefined;
  }
  const spelled = holder.email === declared.email ? "" : `, its email spelled "${holder.email}"`;
  return (
    `${wording.declared}: property email "${declared.email}" is the email of the W&B user "${holder.userName}" (id ${holder.id}${spelled}), ` +
    `which already exists under another userName than "${declared.userName}". W&B holds one user per email, compared ignoring case, ` +
    `so it would refuse ${wording.it}'s create (409), as it would an adoption's change of email. To manage that user, declare it with ` +
    `its userName "${holder.userName}" (${wording.takeOver(holder)}, to take it over); else give ${wording.it} another email.`
  );
}

export const userFields = {
  userName: { owner: "program", compare: "userName", write: "create", replaces: true, naturalKey: true },
  email: { owner: "program", compare: "email", write: { patch: "replace", path: "emails" }, replaces: false },
  displayName: { owner: "program", compare: "exact", write: { patch: "replace", path: "displayName" }, replaces: false, optional: true },
  active: { owner: "program", compare: "exact", write: { patch: "replace" }, replaces: false },
  organizationRole: { owner: "program", compare: "organizationRole", write: { patch: "replace", path: "organizationRole" }, replaces: false, optional: true },
  organizationRoleUnverified: serviceField,
  modelsSeat: { owner: "program", compare: "exact", write: { patch: "replace", path: "modelsSeat" }, replaces: false, optional: true },
  weaveRole: { owner: "program", compare: "exact", write: { patch: "replace", path: "weaveRole" }, replaces: false, optional: true },
  teams: { owner: "program", compare: { set: "teamName" }, write: "members", replaces: false, optional: true },
  adoptExisting: createSetting,
  // Adopting another user means this resource now stands for that user.
  importId: { owner: "program", compare: "own-id", write: "create", replaces: true },
  deletionPolicy: stateSetting,
  guardedBy: namingSetting,
  deactivateInactiveAfterDays: stateSetting,
  etag: serviceField,
  createdAt: serviceField,
  teamRoles: serviceField,
  registryRoles: serviceField,
  // Informational: a refresh that finds only these moved records them and is no change, and no drift.
  daysActive: activityField,
  lastActiveAt: activityField,
} as const satisfies FieldTable<keyof UserOutputs>;

/**
 * The inputs as the roster means them: a user it deactivated for inactivity (live inactive, its
 * recorded activity still older than `deactivateInactiveAfterDays`) is declared inactive, so that
 * its User does not reactivate it; without the setting, or once active again, it is as written.
 */
export function declaredActivity(state: Pick<UserOutputs, "active" | "daysActive" | "lastActiveAt" | "createdAt">, inputs: UserInputs, now: number): UserInputs {
  const days = inputs.deactivateInactiveAfterDays;
  if (days === undefined || state.active || !inputs.active) return inputs;
  return inactiveToDeactivate(recordedActivity(state), state.createdAt, days, now) === true ? { ...inputs, active: false } : inputs;
}
