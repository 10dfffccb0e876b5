import * as pulumi from "@pulumi/pulumi";
import { customRoleOutputs } from "../model/shapes/custom-role";
import { everyOutput } from "./outputs";
import { providerShim } from "./provider-shim";
import { noticeRename } from "../program/rename-notice";
import { DYNAMIC_MODULE } from "../model/tokens";
import type { CustomRoleArgs, CustomRoleOutputs } from "./types/resources";

export type { CustomRoleArgs };

/** Its outputs: every property of its state. */
export interface CustomRole extends CustomRoleOutputs {}

/**
 * A custom role of the organization (SCIM `/Roles`). Assign it with `OrganizationRoleAssignment`
 * or `TeamRoleAssignment`. Deleting it moves every holder to the role it inherits from.
 *
 * @example
 * const operator = new wandb.CustomRole("run-operator", {
 *   name: "Run operator",
 *   inheritedFrom: "member",
 *   permissions: ["run:stop", "run:delete"],
 * });
 */
export class CustomRole extends pulumi.dynamic.Resource {
  constructor(name: string, args: CustomRoleArgs, opts?: pulumi.CustomResourceOptions) {
    super(providerShim("CustomRole", name, args), name, everyOutput(customRoleOutputs, args), opts, DYNAMIC_MODULE, "CustomRole");
    noticeRename(this, "CustomRole", args, opts);
  }

  /** Reads an existing custom role by its SCIM id, without managing it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): CustomRole {
    return new CustomRole(name, {} as CustomRoleArgs, { ...opts, id });
  }
}
