import * as pulumi from "@pulumi/pulumi";
import { teamMemberOutputs } from "../model/shapes/team-member";
import { everyOutput } from "./outputs";
import { providerShim } from "./provider-shim";
import { noticeRename } from "../program/rename-notice";
import { DYNAMIC_MODULE } from "../model/tokens";
import type { TeamMemberArgs, TeamMemberOutputs } from "./types/resources";

export type { TeamMemberArgs };

/** Its outputs: every property of its state. */
export interface TeamMember extends TeamMemberOutputs {}

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
  constructor(name: string, args: TeamMemberArgs, opts?: pulumi.CustomResourceOptions) {
    super(providerShim("TeamMember", name, args), name, everyOutput(teamMemberOutputs, args), opts, DYNAMIC_MODULE, "TeamMember");
    noticeRename(this, "TeamMember", args, opts);
  }

  /** Reads an existing membership by its id, `<teamId>/<userId>`, without managing it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): TeamMember {
    return new TeamMember(name, {} as TeamMemberArgs, { ...opts, id });
  }
}
