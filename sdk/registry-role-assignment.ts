import * as pulumi from "@pulumi/pulumi";
import { everyOutput } from "./outputs";
import { providerShim } from "./provider-shim";

/** The roles a user can hold in a registry. */
export type RegistryRoleName = "admin" | "member" | "viewer" | "restricted viewer";

export interface RegistryRoleAssignmentArgs {
  /**
   * The user: their SCIM id (e.g. `user.id` of a `wandb.User`) or their email address
   * (case-insensitive). Resolved to the SCIM id when the assignment is created. Naming another
   * user replaces the assignment.
   */
  user: pulumi.Input<string>;
  /** The registry's name (exact), e.g. `"models"`. Changing it replaces the assignment. */
  registryName: pulumi.Input<string>;
  /** The role in the registry: `admin`, `member`, `viewer` or `restricted viewer` (case-insensitive, stored in lower case). */
  roleName: pulumi.Input<RegistryRoleName | (string & {})>;
}

/** Every output of the resource, in the order of its declarations. */
const OUTPUTS = ["user", "registryName", "roleName", "userId", "userEmail", "etag"] as const;

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
  /** The user reference as declared: a SCIM id or an email address. */
  declare readonly user: pulumi.Output<string>;
  /** The registry's name. */
  declare readonly registryName: pulumi.Output<string>;
  /** The role in the registry, in lower case. */
  declare readonly roleName: pulumi.Output<string>;
  /** The user's SCIM id, resolved from `user` at create. */
  declare readonly userId: pulumi.Output<string>;
  /** The user's email address in lower case, as last read (absent in state recorded by earlier releases until a refresh). */
  declare readonly userEmail: pulumi.Output<string | undefined>;
  /** The user's ETag as last read; the next write is conditional on it. */
  declare readonly etag: pulumi.Output<string>;

  constructor(name: string, args: RegistryRoleAssignmentArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      providerShim("RegistryRoleAssignment", name, args),
      name,
      everyOutput(OUTPUTS, args),
      opts,
      "wandb",
      "RegistryRoleAssignment",
    );
  }

  /** Reads an existing registry role assignment by its id, `<user SCIM id>/registries/<registry name>`, without managing it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): RegistryRoleAssignment {
    return new RegistryRoleAssignment(name, {} as RegistryRoleAssignmentArgs, { ...opts, id });
  }
}
