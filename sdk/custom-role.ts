import * as pulumi from "@pulumi/pulumi";
import { everyOutput } from "./outputs";
import { providerShim } from "./provider-shim";

export interface CustomRoleArgs {
  /** The role's name, unique in the organization. Custom role names are case-sensitive. */
  name: pulumi.Input<string>;
  /**
   * What the role is for.
   * @default ""
   */
  description?: pulumi.Input<string>;
  /** The predefined role this role extends: `member` or `viewer` (case-insensitive). */
  inheritedFrom: pulumi.Input<"member" | "viewer">;
  /**
   * Permissions added to the inherited ones, as `<object>:<operation>` names such as `run:stop`.
   * A set: order and duplicates do not matter. A name W&B does not document is warned about at
   * preview (W&B publishes no complete list); the service refuses one that does not exist.
   */
  permissions: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * When a role with this name already exists: `false` fails with a hint, `true` takes it over
   * and converges it to this definition.
   * @default false
   */
  adoptExisting?: pulumi.Input<boolean>;
}

/** Every output of the resource, in the order of its declarations. */
const OUTPUTS = ["name", "description", "inheritedFrom", "permissions", "inheritedPermissions", "adoptExisting", "etag"] as const;

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
  /** The role's name. */
  declare readonly name: pulumi.Output<string>;
  /** @default "" */
  declare readonly description: pulumi.Output<string>;
  /** `member` or `viewer`. */
  declare readonly inheritedFrom: pulumi.Output<string>;
  /** The custom permissions, sorted. */
  declare readonly permissions: pulumi.Output<string[]>;
  /** Permissions the role has from `inheritedFrom`, sorted. */
  declare readonly inheritedPermissions: pulumi.Output<string[]>;
  /** @default false */
  declare readonly adoptExisting: pulumi.Output<boolean>;
  /** The ETag of the role as last read; the next write is conditional on it. */
  declare readonly etag: pulumi.Output<string>;

  constructor(name: string, args: CustomRoleArgs, opts?: pulumi.CustomResourceOptions) {
    super(providerShim("CustomRole", name, args), name, everyOutput(OUTPUTS, args), opts, "wandb", "CustomRole");
  }

  /** Reads an existing custom role by its SCIM id, without managing it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): CustomRole {
    return new CustomRole(name, {} as CustomRoleArgs, { ...opts, id });
  }
}
