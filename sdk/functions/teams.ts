import type * as pulumi from "@pulumi/pulumi";
import type { ScimTeam } from "../../api/client";
import { invokeOutput, scimAccess } from "./clients";
import { findExactlyOne, quote, requireText, sortedBy } from "./match";

/** A member of a team: a user or an organization service account. */
export interface GetTeamMember {
  /** The member's SCIM id. */
  id: string;
  /** What the service shows for the member (usually the userName); absent when it shows nothing. */
  display?: string;
}

/** A team (SCIM group) of the organization. */
export interface GetTeamResult {
  /** The SCIM id. */
  id: string;
  name: string;
  /** The members' ids, sorted. Teams created through SCIM also hold every organization service account. */
  memberIds: string[];
  /** The members, sorted by id. */
  members: GetTeamMember[];
}

export interface GetTeamArgs {
  /**
   * The team's name, case-sensitive: W&B keeps team names unique only with their case ("squad"
   * and "SQUAD" may both exist). A name that matches only ignoring case is not found, with a
   * "did you mean" naming the team(s) it matches.
   */
  name: string;
}

export interface GetTeamOutputArgs {
  /** The team's name; see {@link GetTeamArgs.name}. */
  name: pulumi.Input<string>;
}

/**
 * Finds one team of the organization by name. It lists the organization's teams and matches them
 * here, so that more than one match is always an error, never a silent pick; no match is an error
 * that names the closest team names. Uses the same configuration as the resources.
 *
 * @example
 * import * as wandb from "pulumi-wandb";
 *
 * const ml = await wandb.getTeam({ name: "ml-platform" });
 * export const mlTeamId = ml.id;
 */
export async function getTeam(args: GetTeamArgs, _opts?: pulumi.InvokeOptions): Promise<GetTeamResult> {
  const name = requireText("getTeam", args as unknown as Record<string, unknown>, "name");
  const { client, where } = scimAccess();
  const teams = await client.listTeams();
  const match = findExactlyOne(teams, {
    function: "getTeam",
    noun: "team",
    field: "name",
    value: name,
    key: (t) => t.name,
    caseMatching: "sensitive",
    describe: (t) => `${quote(t.name)} (id ${t.id})`,
    where,
    searchedCount: teams.length,
    suggest: true,
    notFoundHint: "Check the name; teams are created in the W&B app or with the Team resource.",
  });
  return toTeam(match);
}

/**
 * {@link getTeam} with Pulumi inputs, as an Output.
 *
 * @example
 * import * as wandb from "pulumi-wandb";
 *
 * export const mlMembers = wandb.getTeamOutput({ name: "ml-platform" }).memberIds;
 */
export function getTeamOutput(args: GetTeamOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetTeamResult> {
  return invokeOutput<GetTeamArgs, GetTeamResult>(args, (a) => getTeam(a, opts), opts);
}

function toTeam(team: ScimTeam): GetTeamResult {
  const members = sortedBy(
    team.members.map((m) => ({ id: m.id, ...(m.display === undefined || m.display === "" ? {} : { display: m.display }) })),
    (m) => m.id,
  );
  return { id: team.id, name: team.name, memberIds: members.map((m) => m.id), members };
}
