import type * as pulumi from "@pulumi/pulumi";
import type { ScimUser } from "../../api/client";
import { invokeOutput, scimAccess } from "./clients";
import { WandbLookupError } from "./errors";
import { findExactlyOne, quote, sortedBy } from "./match";

/** A user's role in one team. */
export interface GetUserTeamRole {
  teamName: string;
  /** `admin`, `member`, `viewer` or a custom role's name. */
  roleName: string;
}

/** A user's role in one registry. */
export interface GetUserRegistryRole {
  registryName: string;
  roleName: string;
}

/** A user of the organization, as SCIM shows it. Service accounts are never listed by SCIM. */
export interface GetUserResult {
  /** The SCIM id. */
  id: string;
  userName: string;
  /** The primary email, with the case the service stores. */
  email: string;
  /** Absent when the user has none. */
  displayName?: string;
  /** `false` for a deactivated user (dedicated and self-managed deployments keep them). */
  active: boolean;
  /** `admin`, `member` or a custom role's name; absent when the service does not say. */
  organizationRole?: string;
  /** Sorted by team name. */
  teamRoles: GetUserTeamRole[];
  /** Sorted by registry name. */
  registryRoles: GetUserRegistryRole[];
}

/**
 * Which user: give exactly one of `userName` or `email`. Both are matched ignoring case (SCIM
 * defines them so, and W&B keeps them unique ignoring case); an exact match wins.
 */
export type GetUserArgs = { userName: string; email?: undefined } | { email: string; userName?: undefined };

/** {@link GetUserArgs} as Pulumi inputs. */
export type GetUserOutputArgs =
  | { userName: pulumi.Input<string>; email?: undefined }
  | { email: pulumi.Input<string>; userName?: undefined };

/**
 * Finds one user of the organization by `userName` or by `email`. It lists the organization's
 * users (one request for up to 9,999) and matches them here, so that a second match is always
 * noticed: more than one match is an error, never a silent pick. No match is an error that says
 * what was searched for (and, for a userName, the closest userNames).
 *
 * Uses the same configuration as the resources (`wandb:baseUrl`, `wandb:apiKey`, `wandb:username`,
 * ... or `WANDB_BASE_URL`, `WANDB_API_KEY`, `WANDB_USERNAME`, ...). Failures of the service are
 * thrown as `WandbApiError` (401: wrong key or username; 403: the key is not an org admin's).
 *
 * @example
 * import * as wandb from "pulumi-wandb";
 *
 * const alice = await wandb.getUser({ email: "alice@example.com" });
 * export const aliceUserName = alice.userName;
 */
export async function getUser(args: GetUserArgs, _opts?: pulumi.InvokeOptions): Promise<GetUserResult> {
  const by = userSelector(args);
  const { client, where } = scimAccess();
  const users = await client.listUsers();
  const match = findExactlyOne(users, {
    function: "getUser",
    noun: "user",
    field: by.field,
    value: by.value,
    key: (u) => (by.field === "email" ? u.email : u.userName),
    caseMatching: "insensitive",
    describe: (u) => `${quote(u.userName)} <${u.email}> (id ${u.id})`,
    where,
    searchedCount: users.length,
    // Suggesting other people's addresses helps little and shows personal data in logs.
    suggest: by.field === "userName",
    notFoundHint:
      "SCIM never lists service accounts. Check the spelling, or list the organization with getUsers().",
  });
  return toUser(match);
}

/**
 * {@link getUser} with Pulumi inputs, as an Output.
 *
 * @example
 * import * as wandb from "pulumi-wandb";
 *
 * const alice = wandb.getUserOutput({ userName: "alice" });
 * export const aliceId = alice.id;
 */
export function getUserOutput(args: GetUserOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetUserResult> {
  return invokeOutput<GetUserArgs, GetUserResult>(args, (a) => getUser(a, opts), opts);
}

/**
 * Conditions on the users to return, applied here (not by the service) and all of which must hold.
 * An empty filter returns every user.
 */
export interface GetUsersFilter {
  /** The userName starts with this, ignoring case. */
  userNameStartsWith?: string;
  /** The email's domain (after `@`) is this, ignoring case, e.g. `example.com`. */
  emailDomain?: string;
  /** Only active (`true`) or only deactivated (`false`) users. */
  active?: boolean;
  /** The organization role is this, ignoring case, e.g. `admin`. */
  organizationRole?: string;
}

export interface GetUsersArgs {
  /**
   * Which users to return.
   * @default {} (every user)
   */
  filter?: GetUsersFilter;
}

export interface GetUsersOutputArgs {
  /** @default {} (every user) */
  filter?: pulumi.Input<{
    userNameStartsWith?: pulumi.Input<string>;
    emailDomain?: pulumi.Input<string>;
    active?: pulumi.Input<boolean>;
    organizationRole?: pulumi.Input<string>;
  }>;
}

export interface GetUsersResult {
  /** The users' ids, in the order of `users`. */
  ids: string[];
  /** The users' userNames, in the order of `users`. */
  userNames: string[];
  /** The matching users, sorted by userName (code-unit order), then id. */
  users: GetUserResult[];
}

/**
 * Lists the organization's users (every page), optionally narrowed by a {@link GetUsersFilter}
 * applied client-side. Sorted, so that the result is stable and causes no diffs. An empty result
 * is not an error. Service accounts are never listed by SCIM.
 *
 * @example
 * import * as wandb from "pulumi-wandb";
 *
 * const admins = await wandb.getUsers({ filter: { organizationRole: "admin", active: true } });
 * export const adminNames = admins.userNames;
 */
export async function getUsers(args: GetUsersArgs = {}, _opts?: pulumi.InvokeOptions): Promise<GetUsersResult> {
  const matches = usersFilter(args.filter);
  const { client } = scimAccess();
  const users = sortedBy((await client.listUsers()).filter(matches).map(toUser), (u) => u.userName, (u) => u.id);
  return { ids: users.map((u) => u.id), userNames: users.map((u) => u.userName), users };
}

/**
 * {@link getUsers} with Pulumi inputs, as an Output.
 *
 * @example
 * import * as wandb from "pulumi-wandb";
 *
 * export const exampleUsers = wandb.getUsersOutput({ filter: { emailDomain: "example.com" } }).userNames;
 */
export function getUsersOutput(args: GetUsersOutputArgs = {}, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetUsersResult> {
  return invokeOutput<GetUsersArgs, GetUsersResult>(args, (a) => getUsers(a, opts), opts);
}

function userSelector(args: GetUserArgs): { field: "userName" | "email"; value: string } {
  const raw = (args ?? {}) as Record<string, unknown>;
  const given = (["userName", "email"] as const).filter((field) => raw[field] !== undefined && raw[field] !== null);
  const field = given[0];
  if (given.length !== 1 || field === undefined) {
    throw new WandbLookupError({
      kind: "invalid-argument",
      function: "getUser",
      searched: { userName: raw["userName"], email: raw["email"] },
      message:
        given.length === 0
          ? "give `userName` or `email` to say which user to look up."
          : "give only one of `userName` and `email`: they could name two different users.",
    });
  }
  const value = raw[field];
  if (typeof value !== "string" || value.trim() === "") {
    throw new WandbLookupError({
      kind: "invalid-argument",
      function: "getUser",
      searched: { [field]: value },
      message: `\`${field}\` must be a non-empty string (got ${JSON.stringify(value)}).`,
    });
  }
  return { field, value: value.trim() };
}

const FILTER_KEYS = ["userNameStartsWith", "emailDomain", "active", "organizationRole"] as const;

function usersFilter(filter: GetUsersFilter | undefined): (user: ScimUser) => boolean {
  const f = (filter ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(f).filter((key) => !(FILTER_KEYS as readonly string[]).includes(key) && f[key] !== undefined);
  const invalid = (message: string) =>
    new WandbLookupError({ kind: "invalid-argument", function: "getUsers", searched: { filter: f }, message });
  if (unknown.length > 0) {
    throw invalid(`unknown filter field(s) ${unknown.map((k) => `\`${k}\``).join(", ")}; supported: ${FILTER_KEYS.join(", ")}.`);
  }
  for (const key of ["userNameStartsWith", "emailDomain", "organizationRole"] as const) {
    if (f[key] !== undefined && typeof f[key] !== "string") throw invalid(`filter.${key} must be a string.`);
  }
  if (f["active"] !== undefined && typeof f["active"] !== "boolean") throw invalid("filter.active must be true or false.");
  const prefix = (f["userNameStartsWith"] as string | undefined)?.toLowerCase();
  const domain = (f["emailDomain"] as string | undefined)?.trim().replace(/^@/, "").toLowerCase();
  const role = (f["organizationRole"] as string | undefined)?.trim().toLowerCase();
  const active = f["active"] as boolean | undefined;
  return (user) =>
    (prefix === undefined || user.userName.toLowerCase().startsWith(prefix)) &&
    (domain === undefined || user.email.toLowerCase().slice(user.email.lastIndexOf("@") + 1) === domain) &&
    (active === undefined || user.active === active) &&
    (role === undefined || (user.organizationRole ?? "").toLowerCase() === role);
}

function toUser(user: ScimUser): GetUserResult {
  return {
    id: user.id,
    userName: user.userName,
    email: user.email,
    ...(user.displayName === undefined ? {} : { displayName: user.displayName }),
    active: user.active,
    ...(user.organizationRole === undefined ? {} : { organizationRole: user.organizationRole }),
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
