import type * as pulumi from "@pulumi/pulumi";
import { FUNCTIONS } from "../../model/functions";
import type { GetUserArgs, GetUserOutputArgs, GetUserResult, GetUsersArgs, GetUsersOutputArgs, GetUsersResult } from "../types/functions";
import { invokeOutput, programAccess } from "./clients";

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
 * Lists the organization's users (every page), optionally narrowed by a {@link UsersFilter}
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
