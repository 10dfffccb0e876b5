import * as pulumi from "@pulumi/pulumi";
import { teamOutputs } from "../model/shapes/team";
import { everyOutput } from "./outputs";
import { providerShim } from "./provider-shim";
import { noticeRename } from "../program/rename-notice";
import { DYNAMIC_MODULE } from "../model/tokens";
import type { TeamArgs, TeamOutputs } from "./types/resources";

export type { TeamArgs };

/** Its outputs: every property of its state. */
export interface Team extends TeamOutputs {}

/**
 * A team of the organization (SCIM group), with its name and, optionally, its exact set of user
 * members. The W&B API cannot delete teams: see `deletionPolicy`.
 *
 * @example
 * const platform = new wandb.Team("ml-platform", {
 *   name: "ml-platform",
 *   members: ["alice@example.com", bob.id],
 *   deletionPolicy: "empty",
 * });
 */
export class Team extends pulumi.dynamic.Resource {
  constructor(name: string, args: TeamArgs, opts?: pulumi.CustomResourceOptions) {
    super(providerShim("Team", name, args), name, everyOutput(teamOutputs, args), opts, DYNAMIC_MODULE, "Team");
    noticeRename(this, "Team", args, opts);
  }

  /** Reads an existing team by its SCIM id, without managing it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): Team {
    return new Team(name, {} as TeamArgs, { ...opts, id });
  }
}
