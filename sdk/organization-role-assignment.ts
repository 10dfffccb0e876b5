import * as pulumi from "@pulumi/pulumi";
import { everyOutput } from "./outputs";
import { providerShim } from "./provider-shim";

export interface OrganizationRoleAssignmentArgs {
  /**
   * The user: their SCIM id (e.g. `user.id` of a `wandb.User`, or the id from `wandb.getUser`) or
   * their email address (case-insensitive). Resolved to the SCIM id when the assignment is created.
   * Naming another user replaces the assignment.
   */
  user: pulumi.Input<string>;
  /**
   * The organization role: `admin`, `member` (predefined names are case-insensitive and stored in
   * lower case) or the name of a custom role (case-sensitive). `viewer` is deprecated: W&B assigns
   * `member` instead, so it is stored as `member`.
   */
  role: pulumi.Input<string>;
}

/** Every output of the resource, in the order of its declarations. */
const OUTPUTS = ["user", "role", "userId", "userEmail", "etag"] as const;

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
  /** The user reference as declared: a SCIM id or an email address. */
  declare readonly user: pulumi.Output<string>;
  /** The role: `admin`, `member` or a custom role name. */
  declare readonly role: pulumi.Output<string>;
  /** The user's SCIM id, resolved from `user` at create. */
  declare readonly userId: pulumi.Output<string>;
  /** The user's email address in lower case, as last read (absent in state recorded by earlier releases until a refresh). */
  declare readonly userEmail: pulumi.Output<string | undefined>;
  /** The user's ETag as last read; the next write is conditional on it. */
  declare readonly etag: pulumi.Output<string>;

  constructor(name: string, args: OrganizationRoleAssignmentArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      providerShim("OrganizationRoleAssignment", name, args),
      name,
      everyOutput(OUTPUTS, args),
      opts,
      "wandb",
      "OrganizationRoleAssignment",
    );
    if (typeof args?.role === "string" && args.role.trim().toLowerCase() === "viewer") {
      pulumi.log.warn(
        'The organization role "viewer" is deprecated: W&B assigns "member" instead, and that is what is stored. ' +
          'Declare role: "member" (or a custom role that inherits from viewer) to make the intent explicit.',
        this,
      );
    }
  }

  /** Reads an existing organization role assignment by its id, `<user SCIM id>/organization`, without managing it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): OrganizationRoleAssignment {
    return new OrganizationRoleAssignment(name, {} as OrganizationRoleAssignmentArgs, { ...opts, id });
  }
}
