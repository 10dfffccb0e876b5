import * as pulumi from "@pulumi/pulumi";
import { registryRoleAssignmentOutputs } from "../model/shapes/registry-role-assignment";
import { everyOutput } from "./outputs";
import { providerShim } from "./provider-shim";
import { noticeRename } from "../program/rename-notice";
import { DYNAMIC_MODULE } from "../model/tokens";
import type { RegistryRoleAssignmentArgs, RegistryRoleAssignmentOutputs } from "./types/resources";

export type { RegistryRoleAssignmentArgs };

/** Its outputs: every property of its state. */
export interface RegistryRoleAssignment extends RegistryRoleAssignmentOutputs {}

/**
 * The role of one user in one registry. Destroying the assignment removes the user from that
 * registry.
 *
 * @example
 * const reviewer = new wandb.RegistryRoleAssignment("bob-models", {
 *   user: "bob@acme.example",
 *   registryName: "models",
 *   roleName: "restricted viewer",
 * });
 */
export class RegistryRoleAssignment extends pulumi.dynamic.Resource {
  constructor(name: string, args: RegistryRoleAssignmentArgs, opts?: pulumi.CustomResourceOptions) {
    super(providerShim("RegistryRoleAssignment", name, args), name, everyOutput(registryRoleAssignmentOutputs, args), opts, DYNAMIC_MODULE, "RegistryRoleAssignment");
    noticeRename(this, "RegistryRoleAssignment", args, opts);
  }

  /** Reads an existing registry role assignment by its id, `<user SCIM id>/registries/<registry name>`, without managing it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): RegistryRoleAssignment {
    return new RegistryRoleAssignment(name, {} as RegistryRoleAssignmentArgs, { ...opts, id });
  }
}
