// Team membership of one user, through /Groups (the teams are the User resource's to declare,
// the member lists of other users are left alone).
import { membershipOperations, type ScimTeam, type ScimUser } from "../../api/client";
import { clients } from "../runtime";

/**
 * The names of the teams the user is in, from its `teamRoles`, sorted; undefined when the
 * representation does not carry `teamRoles` (the documented GET body does not): unknown.
 */
export function teamsOf(user: ScimUser): string[] | undefined {
  if (user.teamRoles === undefined) return undefined;
  return [...new Set(user.teamRoles.map((role) => role.teamName))].sort();
}

/** The names of the teams whose members include the user, from one listing of /Groups, sorted. */
export async function teamsFromGroups(userId: string): Promise<string[]> {
  const teams = await clients().scim.listTeams();
  return [...new Set(teams.filter((team) => team.members.some((member) => member.id === userId)).map((team) => team.name))].sort();
}

/** The user's teams: from its `teamRoles` when the representation carries them, else from /Groups. */
export async function currentTeams(user: ScimUser): Promise<string[]> {
  return teamsOf(user) ?? (await teamsFromGroups(user.id));
}

async function teamNamed(name: string): Promise<ScimTeam> {
  const team = await clients().scim.findTeamByName(name);
  if (!team) {
    throw new Error(
      `teams: there is no W&B team named "${name}" (team names are case-sensitive); ` +
        "create it first (e.g. with a wandb.Team resource) or correct the name",
    );
  }
  return team;
}

/**
 * Adds the user to the teams of `desired` it is not in and removes it from those of `current`
 * not desired, one member operation per team. Every team is looked up before anything is
 * written, so an unknown name changes nothing. Returns whether anything was written.
 */
export async function changeTeamMemberships(userId: string, current: readonly string[], desired: readonly string[]): Promise<boolean> {
  const join = desired.filter((name) => !current.includes(name));
  const leave = current.filter((name) => !desired.includes(name));
  if (join.length === 0 && leave.length === 0) return false;
  const scim = clients().scim;
  const [joining, leaving] = await Promise.all([Promise.all(join.map(teamNamed)), Promise.all(leave.map(teamNamed))]);
  await Promise.all([
    ...joining.map((team) => scim.patchTeam(team.id, membershipOperations({ add: [userId] }))),
    ...leaving.map((team) => scim.patchTeam(team.id, membershipOperations({ remove: [userId] }))),
  ]);
  return true;
}
