import * as pulumi from "@pulumi/pulumi";
import { teamRoleAssignmentOutputs } from "../model/shapes/team-role-assignment";
import { everyOutput } from "./outputs";
import { providerShim } from "./provider-shim";
import { noticeRename } from "../program/rename-notice";
import { DYNAMIC_MODULE } from "../model/tokens";
import type { TeamRoleAssignmentArgs, TeamRoleAssignmentOutputs } from "./types/resources";

export type { TeamRoleAssignmentArgs };

/** Its outputs: every property of its state. */
export interface TeamRoleAssignment extends TeamRoleAssignmentOutputs {}

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
  constructor(name: string, args: TeamRoleAssignmentArgs, opts?: pulumi.CustomResourceOptions) {
    super(providerShim("TeamRoleAssignment", name, args), name, everyOutput(teamRoleAssignmentOutputs, args), opts, DYNAMIC_MODULE, "TeamRoleAssignment");
    noticeRename(this, "TeamRoleAssignment", args, opts);
  }

  /** Reads an existing team role assignment by its id, `<user SCIM id>/teams/<team name>`, without managing it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): TeamRoleAssignment {
    return new TeamRoleAssignment(name, {} as TeamRoleAssignmentArgs, { ...opts, id });
  }
}
