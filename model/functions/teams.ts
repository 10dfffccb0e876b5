// getTeam: one team (SCIM group) of the organization, by name.
import { z } from "zod";
import type { ScimTeam } from "../../service";
import { nonEmptyText } from "./arguments";
import { defineFunction } from "./define";
import { findByName, sortedBy } from "./match";

export const getTeamArgsSchema = z.object({
  name: nonEmptyText("name").meta({
    description:
      "The team's name, case-sensitive: W&B keeps team names unique only with their case (\"squad\" and \"SQUAD\" may both exist). " +
      "A name that matches only ignoring case is not found, with a \"did you mean\" naming the team(s) it matches.",
  }),
});

export const teamMemberSchema = z
  .strictObject({
    id: z.string().meta({ description: "The member's SCIM id." }),
    display: z
      .string()
      .optional()
      .meta({ description: "What the service shows for the member (usually the userName); absent when it shows nothing." }),
  })
  .meta({ id: "TeamMemberInfo", description: "A member of a team: a user or an organization service account." });

export const teamSchema = z
  .strictObject({
    id: z.string().meta({ description: "The SCIM id." }),
    name: z.string().meta({ description: "The team's name." }),
    memberIds: z
      .array(z.string())
      .meta({ description: "The members' ids, sorted. Teams created through SCIM also hold every organization service account." }),
    members: z.array(teamMemberSchema).meta({ description: "The members, sorted by id." }),
  })
  .meta({ id: "TeamInfo", description: "A team (SCIM group) of the organization." });

type Team = z.output<typeof teamSchema>;

export const getTeamFunction = defineFunction({
  name: "getTeam",
  description:
    "Finds one team of the organization by name. It lists the organization's teams and matches them here, so that more than " +
    "one match is always an error, never a silent pick; no match is an error that names the closest team names.",
  args: getTeamArgsSchema,
  result: teamSchema,
  lookup: async ({ name }, access) => {
    const { client, where } = await access.scim();
    const teams = await client.listTeams();
    const match = findByName(teams, {
      function: "getTeam",
      identity: "teamName",
      noun: "team",
      value: name,
      where,
      notFoundHint: "Check the name; teams are created in the W&B app or with the Team resource.",
    });
    return toTeam(match);
  },
});

function toTeam(team: ScimTeam): Team {
  const members = sortedBy(
    team.members.map((m) => ({ id: m.id, ...(m.display === undefined || m.display === "" ? {} : { display: m.display }) })),
    (m) => m.id,
  );
  return { id: team.id, name: team.name, memberIds: members.map((m) => m.id), members };
}
