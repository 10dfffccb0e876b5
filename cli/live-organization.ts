// The organization as its listings show it: users, teams and custom roles, one list request per
// collection per 9,999 objects, each team's members told apart into people and service accounts.
import type { ScimRole, ScimTeam, ScimUser } from "../service/model";
import { ScimClient } from "../service/scim-client";
import { isPersonMember } from "../service/team-membership";
import type { WandbConfig } from "../service/config";
import type { ListedOrganization } from "../model/outside-code";

export interface LiveTeam {
  id: string;
  name: string;
  /** The SCIM ids of its members who are people, in the order listed. */
  userIds: string[];
  /** How many organization service accounts it holds (never written as users). */
  serviceAccounts: number;
}

export interface LiveOrganization {
  /** The organization's users (GET /Users never returns service accounts). */
  users: ScimUser[];
  teams: LiveTeam[];
  roles: ScimRole[];
  /** The three collections as the service listed them, for the outside-code report. */
  listed: ListedOrganization;
  /** The HTTP requests the reading took, retries included. */
  requests: number;
}

function liveTeam(team: ScimTeam, userIds: ReadonlySet<string>): LiveTeam {
  const people = new Set<string>();
  let serviceAccounts = 0;
  for (const member of team.members) {
    if (isPersonMember(member, userIds)) people.add(member.id);
    else serviceAccounts++;
  }
  return { id: team.id, name: team.name, userIds: [...people], serviceAccounts };
}

/** Lists the three collections at once; reads nothing else, writes nothing. */
export async function readLiveOrganization(config: WandbConfig): Promise<LiveOrganization> {
  let requests = 0;
  const scim = new ScimClient(config, { log: (event) => void (event.type === "attempt" && requests++) });
  const [users, teams, roles] = await Promise.all([scim.listUsers(), scim.listTeams(), scim.listRoles()]);
  const userIds = new Set(users.map((user) => user.id));
  return { users, teams: teams.map((team) => liveTeam(team, userIds)), roles, listed: { users, teams, roles }, requests };
}
