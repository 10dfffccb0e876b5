import * as pulumi from "@pulumi/pulumi";
import { organizationRoleAssignmentOutputs } from "../model/shapes/organization-role-assignment";
import { everyOutput } from "./outputs";
import { providerShim } from "./provider-shim";
import { noticeRename } from "../program/rename-notice";
import { DYNAMIC_MODULE } from "../model/tokens";
import type { OrganizationRoleAssignmentArgs, OrganizationRoleAssignmentOutputs } from "./types/resources";

export type { OrganizationRoleAssignmentArgs };

/** Its outputs: every property of its state. */
export interface OrganizationRoleAssignment extends OrganizationRoleAssignmentOutputs {}

/**
 * The organization role of one user, for users that an identity provider provisions and Pulumi
 * does not create. Destroying the assignment returns the user to `member`. One assignment per
 * user: two assignments on the same user would fight over the one role.
 *
 * @example
 * const alice = new wandb.OrganizationRoleAssignment("alice-admin", {
 *   user: "alice@acme.example",
 *   role: "admin",
 * });
 */
export class OrganizationRoleAssignment extends pulumi.dynamic.Resource {
  constructor(name: string, args: OrganizationRoleAssignmentArgs, opts?: pulumi.CustomResourceOptions) {
    super(providerShim("OrganizationRoleAssignment", name, args), name, everyOutput(organizationRoleAssignmentOutputs, args), opts, DYNAMIC_MODULE, "OrganizationRoleAssignment");
    noticeRename(this, "OrganizationRoleAssignment", args, opts);
  }

  /** Reads an existing organization role assignment by its id, `<user SCIM id>/organization`, without managing it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): OrganizationRoleAssignment {
    return new OrganizationRoleAssignment(name, {} as OrganizationRoleAssignmentArgs, { ...opts, id });
  }
}
