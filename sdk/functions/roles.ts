import type * as pulumi from "@pulumi/pulumi";
import { FUNCTIONS } from "../../model/functions";
import type { GetCustomRoleArgs, GetCustomRoleOutputArgs, GetCustomRoleResult } from "../types/functions";
import { invokeOutput, programAccess } from "./clients";

/**
 * Finds one custom role of the organization by its exact, case-sensitive name. SCIM `/Roles` has
 * no filter, so the roles are listed and matched here. A name that matches only ignoring case is
 * an error that says "did you mean"; more than one match is an error, never a silent pick.
 * Predefined roles (`admin`, `member`, `viewer`) are not custom roles and are not found.
 *
 * @example
 * import * as wandb from "pulumi-wandb";
 *
 * const operator = await wandb.getCustomRole({ name: "Run operator" });
 * export const operatorPermissions = operator.permissions;
 */
export function getCustomRole(args: GetCustomRoleArgs, _opts?: pulumi.InvokeOptions): Promise<GetCustomRoleResult> {
  return FUNCTIONS.getCustomRole.run(args, programAccess);
}

/**
 * {@link getCustomRole} with Pulumi inputs, as an Output.
 *
 * @example
 * import * as wandb from "pulumi-wandb";
 *
 * export const operatorId = wandb.getCustomRoleOutput({ name: "Run operator" }).id;
 */
export function getCustomRoleOutput(args: GetCustomRoleOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetCustomRoleResult> {
  return invokeOutput<GetCustomRoleArgs, GetCustomRoleResult>(args, (a) => getCustomRole(a, opts), opts);
}
