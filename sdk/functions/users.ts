import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { getUsersArgsSchema, getUsersResultSchema, registryRoleSchema, teamRoleSchema, userSchema, usersFilterSchema } from "../../model/functions/users";
import { FUNCTIONS } from "../../model/functions";
import { invokeOutput, programAccess } from "./clients";

/** A user's role in one team. */
export type GetUserTeamRole = z.output<typeof teamRoleSchema>;

/** A user's role in one registry. */
export type GetUserRegistryRole = z.output<typeof registryRoleSchema>;

/** A user of the organization, as SCIM shows it. Service accounts are never listed by SCIM. */
export type GetUserResult = z.output<typeof userSchema>;

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
export function getUser(args: GetUserArgs, _opts?: pulumi.InvokeOptions): Promise<GetUserResult> {
  return FUNCTIONS.getUser.run(args, programAccess);
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
export type GetUsersFilter = z.input<typeof usersFilterSchema>;

export type GetUsersArgs = z.input<typeof getUsersArgsSchema>;

export interface GetUsersOutputArgs {
  /** @default {} (every user) */
  filter?: pulumi.Input<{
    userNameStartsWith?: pulumi.Input<string>;
    emailDomain?: pulumi.Input<string>;
    active?: pulumi.Input<boolean>;
    organizationRole?: pulumi.Input<string>;
  }>;
}

export type GetUsersResult = z.output<typeof getUsersResultSchema>;

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
export function getUsers(args: GetUsersArgs = {}, _opts?: pulumi.InvokeOptions): Promise<GetUsersResult> {
  return FUNCTIONS.getUsers.run(args, programAccess);
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
