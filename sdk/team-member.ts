import * as pulumi from "@pulumi/pulumi";
import { everyOutput } from "./outputs";
import { providerShim } from "./provider-shim";

export interface TeamMemberArgs {
  /** The SCIM id of the team, e.g. a `Team`'s `id` or `getTeam(...).id`. Changing it replaces the membership. */
  teamId: pulumi.Input<string>;
  /**
   * The user, by SCIM id or email address (emails compare ignoring case). Changing it to another
   * user replaces the membership; changing it to the id the email resolved to changes nothing.
   */
  user: pulumi.Input<string>;
}

/** Every output of the resource, in the order of its declarations. */
const OUTPUTS = ["teamId", "user", "userId", "userEmail", "etag"] as const;

/**
 * One user's membership of one team. Additive: it adds the user and, when destroyed, removes only
 * that user, never touching other members. Use it for teams whose `Team` resource does not set
 * `members` (a `Team` with `members` owns the whole set and would remove this member again).
 * If the user was already a member, the membership is taken over, and destroying it removes them.
 *
 * @example
 * const alice = new wandb.TeamMember("platform-alice", {
 *   teamId: platform.id,
 *   user: "alice@example.com",
 * });
 */
export class TeamMember extends pulumi.dynamic.Resource {
  /** The team's SCIM id. */
  declare readonly teamId: pulumi.Output<string>;
  /** The user as declared (id or email). */
  declare readonly user: pulumi.Output<string>;
  /** The user's SCIM id. */
  declare readonly userId: pulumi.Output<string>;
  /** The user's email address in lower case, as last read (absent in state recorded by earlier releases until a refresh). */
  declare readonly userEmail: pulumi.Output<string | undefined>;
  /** The team's ETag as last read, for a cheap conditional refresh. */
  declare readonly etag: pulumi.Output<string>;

  constructor(name: string, args: TeamMemberArgs, opts?: pulumi.CustomResourceOptions) {
    super(providerShim("TeamMember", name, args), name, everyOutput(OUTPUTS, args), opts, "wandb", "TeamMember");
  }

  /** Reads an existing membership by its id, `<teamId>/<userId>`, without managing it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): TeamMember {
    return new TeamMember(name, {} as TeamMemberArgs, { ...opts, id });
  }
}
