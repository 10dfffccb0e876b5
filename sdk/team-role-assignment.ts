import * as pulumi from "@pulumi/pulumi";
import { everyOutput } from "./outputs";
import { providerShim } from "./provider-shim";

export interface TeamRoleAssignmentArgs {
  /**
   * The user: their SCIM id (e.g. `user.id` of a `wandb.User`) or their email address
   * (case-insensitive). Resolved to the SCIM id when the assignment is created. Naming another
   * user replaces the assignment.
   */
  user: pulumi.Input<string>;
  /** The team's name (exact), e.g. `team.name` of a `wandb.Team`. Changing it replaces the assignment. */
  teamName: pulumi.Input<string>;
  /**
   * The role in the team: `admin`, `member`, `viewer` (case-insensitive, stored in lower case) or
   * the name of a custom role (case-sensitive). W&B adds the user to the team if they are not in it.
   */
  roleName: pulumi.Input<string>;
}

/** Every output of the resource, in the order of its declarations. */
const OUTPUTS = ["user", "teamName", "roleName", "userId", "userEmail", "etag"] as const;

/**
 * The role of one user in one team. Destroying the assignment returns the user to `member` in that
 * team (it does not remove them from the team; membership belongs to `Team` or `TeamMember`).
 *
 * @example
 * const lead = new wandb.TeamRoleAssignment("alice-leads-ml", {
 *   user: alice.id,
 *   teamName: mlTeam.name,
 *   roleName: "admin",
 * });
 */
export class TeamRoleAssignment extends pulumi.dynamic.Resource {
  /** The user reference as declared: a SCIM id or an email address. */
  declare readonly user: pulumi.Output<string>;
  /** The team's name. */
  declare readonly teamName: pulumi.Output<string>;
  /** The role in the team: `admin`, `member`, `viewer` or a custom role name. */
  declare readonly roleName: pulumi.Output<string>;
  /** The user's SCIM id, resolved from `user` at create. */
  declare readonly userId: pulumi.Output<string>;
  /** The user's email address in lower case, as last read (absent in state recorded by earlier releases until a refresh). */
  declare readonly userEmail: pulumi.Output<string | undefined>;
  /** The user's ETag as last read; the next write is conditional on it. */
  declare readonly etag: pulumi.Output<string>;

  constructor(name: string, args: TeamRoleAssignmentArgs, opts?: pulumi.CustomResourceOptions) {
    super(providerShim("TeamRoleAssignment", name, args), name, everyOutput(OUTPUTS, args), opts, "wandb", "TeamRoleAssignment");
  }

  /** Reads an existing team role assignment by its id, `<user SCIM id>/teams/<team name>`, without managing it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): TeamRoleAssignment {
    return new TeamRoleAssignment(name, {} as TeamRoleAssignmentArgs, { ...opts, id });
  }
}
