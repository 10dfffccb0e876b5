// getUser and getUsers: the organization's users, as SCIM lists them.
import { z } from "zod";
import type { ScimUser } from "../../service";
import { identityOf, sameIdentity } from "../identity";
import { nonEmptyText } from "./arguments";
import { defineFunction } from "./define";
import { WandbLookupError } from "./errors";
import { findExactlyOne, quote, sortedBy } from "./match";
import { inactiveFor } from "../activity";

export const getUserArgsSchema = z
  .object({
    userName: nonEmptyText("userName")
      .optional()
      .meta({ description: "The user's userName, matched ignoring case (an exact match wins). Give this or `email`, not both." }),
    email: nonEmptyText("email")
      .optional()
      .meta({ description: "The user's email address, matched ignoring case (an exact match wins). Give this or `userName`, not both." }),
  })
  .check((context) => {
    const given = [context.value.userName, context.value.email].filter((value) => value !== undefined).length;
    if (given === 1) return;
    context.issues.push({
      code: "custom",
      input: context.value,
      message:
        given === 0
          ? "give `userName` or `email` to say which user to look up."
          : "give only one of `userName` and `email`: they could name two different users.",
    });
  });

export const teamRoleSchema = z
  .strictObject({
    teamName: z.string().meta({ description: "The team's name." }),
    roleName: z.string().meta({ description: "`admin`, `member`, `viewer` or a custom role's name." }),
  })
  .meta({ id: "TeamRoleInfo", description: "A user's role in one team." });

export const registryRoleSchema = z
  .strictObject({
    registryName: z.string().meta({ description: "The registry's name." }),
    roleName: z.string().meta({ description: "`admin`, `member`, `viewer` or `restricted viewer`." }),
  })
  .meta({ id: "RegistryRoleInfo", description: "A user's role in one registry." });

export const userSchema = z
  .strictObject({
    id: z.string().meta({ description: "The SCIM id." }),
    userName: z.string().meta({ description: "The W&B username, as W&B spells it." }),
    email: z.string().meta({ description: "The primary email, with the case the service stores." }),
    displayName: z.string().optional().meta({ description: "The name shown for the user; absent when the user has none." }),
    active: z.boolean().meta({ description: "`false` for a deactivated user (dedicated and self-managed deployments keep them)." }),
    organizationRole: z
      .string()
      .optional()
      .meta({ description: "`admin`, `member` or a custom role's name; absent when the service does not say." }),
    teamRoles: z.array(teamRoleSchema).meta({ description: "The user's roles in teams, sorted by team name." }),
    registryRoles: z.array(registryRoleSchema).meta({ description: "The user's roles in registries, sorted by registry name." }),
    modelsSeat: z.string().optional().meta({ description: "`full`, `viewer` or `none`; absent when the service does not say." }),
    weaveRole: z.string().optional().meta({ description: "`full`, `viewer` or `none`; absent when the service does not say." }),
    daysActive: z.number().optional().meta({ description: "The days the user has been active; absent when the service does not say." }),
    lastActiveAt: z
      .string()
      .optional()
      .meta({ description: "The user's last activity (ISO 8601); absent for someone never active, or when the service does not say." }),
  })
  .meta({ id: "UserInfo", description: "A user of the organization, as SCIM shows it. Service accounts are never listed by SCIM." });

/** A filter field of the wrong type: named with its path, as the filter is written. */
const mustBe = (key: string, what: string) => ({ error: () => `filter.${key} must be ${what}.` });

const filterShape = {
  userNameStartsWith: z
    .string(mustBe("userNameStartsWith", "a string"))
    .optional()
    .meta({ description: "The userName starts with this, ignoring case." }),
  emailDomain: z
    .string(mustBe("emailDomain", "a string"))
    .optional()
    .meta({ description: "The email's domain (after `@`) is this, ignoring case, e.g. `example.com`." }),
  active: z
    .boolean(mustBe("active", "true or false"))
    .optional()
    .meta({ description: "Only active (`true`) or only deactivated (`false`) users." }),
  organizationRole: z
    .string(mustBe("organizationRole", "a string"))
    .optional()
    .meta({
      description:
        "The organization role is this: a predefined role in any case, e.g. `admin`, or a custom role's name exactly. " +
        "Refused where the service's listing shows no roles (W&B's documented GET /Users), rather than matching nobody.",
    }),
};

const supported = Object.keys(filterShape).join(", ");

export const usersFilterSchema = z
  .strictObject(filterShape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `unknown filter field(s) ${issue.keys.map((key) => `\`${key}\``).join(", ")}; supported: ${supported}.`
        : `filter must be an object with some of the fields ${supported}.`,
  })
  .meta({
    id: "UsersFilter",
    description: "Conditions on the users to return, applied here (not by the service), all of which must hold. An empty filter returns every user.",
  });

export const getUsersArgsSchema = z.object({
  filter: usersFilterSchema.optional().meta({ description: "Which users to return; every user when left out." }),
  inactiveForDays: z
    .number({ error: "`inactiveForDays` must be a whole number of days, e.g. 90." })
    .int({ error: "`inactiveForDays` must be a whole number of days, e.g. 90." })
    .positive({ error: "`inactiveForDays` must be at least 1, e.g. 90." })
    .optional()
    .meta({
      description:
        "Only the people not active in this many days: last active before then, or never active (W&B's `lastActiveAt`). " +
        "Judged when the function runs, so its result moves as time passes. Fails when W&B does not report activity.",
    }),
});

export const getUsersResultSchema = z.strictObject({
  ids: z.array(z.string()).meta({ description: "The users' ids, in the order of `users`." }),
  userNames: z.array(z.string()).meta({ description: "The users' userNames, in the order of `users`." }),
  users: z.array(userSchema).meta({ description: "The matching users, sorted by userName (code-unit order), then id." }),
});

type User = z.output<typeof userSchema>;

export const getUserFunction = defineFunction({
  name: "getUser",
  description:
    "Finds one user of the organization by `userName` or by `email`. It lists the organization's users and matches them here, " +
    "so that more than one match is an error, never a silent pick; no match is an error that says what was searched for " +
    "(and, for a userName, the closest userNames). Service accounts are never listed by SCIM.",
  args: getUserArgsSchema,
  result: userSchema,
  lookup: async (args, access) => {
    const by = args.userName === undefined ? { field: "email", value: args.email ?? "" } : { field: "userName", value: args.userName };
    const value = by.value.trim();
    const { client, where } = await access.scim();
    const users = await client.listUsers();
    const match = findExactlyOne(users, {
      function: "getUser",
      noun: "user",
      field: by.field,
      value,
      key: (u) => (by.field === "email" ? u.email : u.userName),
      identity: by.field === "email" ? "email" : "userName",
      describe: (u) => `${quote(u.userName)} <${u.email}> (id ${u.id})`,
      where,
      searchedCount: users.length,
      // Suggesting other people's addresses helps little and shows personal data in logs.
      suggest: by.field === "userName",
      notFoundHint: "SCIM never lists service accounts. Check the spelling, or list the organization with getUsers().",
    });
    return toUser(match);
  },
});

export const getUsersFunction = defineFunction({
  name: "getUsers",
  description:
    "Lists the organization's users (every page), optionally narrowed by a filter applied client-side. Sorted, so that the " +
    "result is stable and causes no diffs. An empty result is not an error. Service accounts are never listed by SCIM.",
  args: getUsersArgsSchema,
  result: getUsersResultSchema,
  lookup: async (args, access) => {
    const matches = usersFilter(args.filter ?? {});
    const { client, where } = await access.scim();
    const all = await client.listUsers();
    if (args.filter?.organizationRole !== undefined) refuseUnshownRoles(all, args.filter.organizationRole, where);
    const listed = all.filter(matches);
    const found = args.inactiveForDays === undefined ? listed : inactiveSince(listed, args.inactiveForDays, where);
    const users = sortedBy(found.map(toUser), (u) => u.userName, (u) => u.id);
    return { ids: users.map((u) => u.id), userNames: users.map((u) => u.userName), users };
  },
});

/** The users not active in `days` days (never active included); fails when the service does not report activity. */
function inactiveSince(users: readonly ScimUser[], days: number, where: string): ScimUser[] {
  const unreported = users.filter((user) => user.lastActiveAt === undefined);
  if (unreported.length > 0) {
    throw new WandbLookupError({
      kind: "invalid-argument",
      function: "getUsers",
      searched: { inactiveForDays: days },
      message:
        `${where} does not report activity (lastActiveAt) for ${unreported.length} user(s), e.g. ${quote(unreported[0]!.userName)}: ` +
        "inactiveForDays needs a W&B version whose SCIM listing shows it. Leave inactiveForDays out to list the users.",
    });
  }
  const now = Date.now();
  return users.filter((user) => inactiveFor(user.lastActiveAt, days, now, user.created) === true);
}

/**
 * A role filter on a listing that shows no roles (W&B's documented GET /Users carries none) would
 * match nobody, an answer that looks like "no admins": refused, saying why.
 */
function refuseUnshownRoles(users: readonly ScimUser[], role: string, where: string): void {
  if (users.length === 0 || users.some((user) => user.organizationRole !== undefined)) return;
  throw new WandbLookupError({
    kind: "invalid-argument",
    function: "getUsers",
    searched: { organizationRole: role },
    message:
      `${where} does not show users' organization roles in its listing, so filter.organizationRole would match nobody. ` +
      "Leave filter.organizationRole out: this service does not say who holds which role in its user listing.",
  });
}

function usersFilter(filter: z.output<typeof usersFilterSchema>): (user: ScimUser) => boolean {
  const prefix = filter.userNameStartsWith === undefined ? undefined : identityOf("userName", filter.userNameStartsWith);
  // The domain of an email compares as the email does.
  const domain = filter.emailDomain === undefined ? undefined : identityOf("email", filter.emailDomain.trim().replace(/^@/, ""));
  const { active, organizationRole: role } = filter;
  return (user) =>
    (prefix === undefined || identityOf("userName", user.userName).startsWith(prefix)) &&
    (domain === undefined || identityOf("email", user.email.slice(user.email.lastIndexOf("@") + 1)) === domain) &&
    (active === undefined || user.active === active) &&
    (role === undefined || sameIdentity("organizationRole", user.organizationRole, role));
}

function toUser(user: ScimUser): User {
  return {
    id: user.id,
    userName: user.userName,
    email: user.email,
    ...(user.displayName === undefined ? {} : { displayName: user.displayName }),
    active: user.active,
    ...(user.organizationRole === undefined ? {} : { organizationRole: user.organizationRole }),
    ...(user.modelsSeat === undefined ? {} : { modelsSeat: user.modelsSeat }),
    ...(user.weaveRole === undefined ? {} : { weaveRole: user.weaveRole }),
    ...(user.daysActive === undefined ? {} : { daysActive: user.daysActive }),
    ...(typeof user.lastActiveAt === "string" ? { lastActiveAt: user.lastActiveAt } : {}),
    teamRoles: sortedBy(
      (user.teamRoles ?? []).map((r) => ({ teamName: r.teamName, roleName: r.roleName })),
      (r) => r.teamName,
      (r) => r.roleName,
    ),
    registryRoles: sortedBy(
      (user.registryRoles ?? []).map((r) => ({ registryName: r.registryName, roleName: r.roleName })),
      (r) => r.registryName,
      (r) => r.roleName,
    ),
  };
}
