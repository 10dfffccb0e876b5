import type * as pulumi from "@pulumi/pulumi";
import type { ScimRole } from "../../api/client";
import { invokeOutput, scimAccess } from "./clients";
import { findExactlyOne, quote, requireText, sortedBy } from "./match";

/** A custom role of the organization. */
export interface GetCustomRoleResult {
  /** The SCIM id. */
  id: string;
  name: string;
  description: string;
  /** The predefined role it extends: `member` or `viewer`. */
  inheritedFrom: string;
  /** The permissions the role adds, sorted. */
  permissions: string[];
  /** The permissions it has from `inheritedFrom`, sorted. */
  inheritedPermissions: string[];
}

export interface GetCustomRoleArgs {
  /** The role's exact name. Custom role names are case-sensitive. */
  name: string;
}

export interface GetCustomRoleOutputArgs {
  /** The role's exact, case-sensitive name. */
  name: pulumi.Input<string>;
}

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
export async function getCustomRole(args: GetCustomRoleArgs, _opts?: pulumi.InvokeOptions): Promise<GetCustomRoleResult> {
  const name = requireText("getCustomRole", args as unknown as Record<string, unknown>, "name");
  const { client, where } = scimAccess();
  const roles = await client.listRoles();
  const match = findExactlyOne(roles, {
    function: "getCustomRole",
    noun: "custom role",
    field: "name",
    value: name,
    key: (r) => r.name,
    caseMatching: "sensitive",
    describe: (r) => `${quote(r.name)} (id ${r.id})`,
    where,
    searchedCount: roles.length,
    suggest: true,
    notFoundHint: "Predefined roles (admin, member, viewer) are not custom roles; custom roles are made with the CustomRole resource or in the W&B app.",
  });
  return toRole(match);
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

function toRole(role: ScimRole): GetCustomRoleResult {
  const sorted = (names: string[]) => sortedBy([...new Set(names)], (n) => n);
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    inheritedFrom: role.inheritedFrom,
    permissions: sorted(role.permissions),
    inheritedPermissions: sorted(role.inheritedPermissions),
  };
}
