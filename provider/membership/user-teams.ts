// Team membership of one user, through /Groups (the teams are the User resource's to declare,
// the member lists of other users are left alone).
import type { ScimTeam, ScimUser } from "../../service";
import type { Operation } from "../operation";
import { changeMembership } from "./membership-change";

/**
 * The names of the teams the user is in, from its `teamRoles`, sorted; undefined when the
 * representation does not carry `teamRoles` (the documented GET body does not): unknown.
 */
export function teamsOf(user: ScimUser): string[] | undefined {
  if (user.teamRoles === undefined) return undefined;
  return [...new Set(user.teamRoles.map((role) => role.teamName))].sort();
}

/** The names of the teams whose members include the user, sorted, from the operation's one listing of /Groups. */
export function teamsFromGroups(operation: Operation, userId: string): Promise<string[]> {
  return operation.directory().teamsOf(userId);
}

/** The user's teams: from its `teamRoles` when the representation carries them, else from /Groups. */
export async function currentTeams(operation: Operation, user: ScimUser): Promise<string[]> {
  return teamsOf(user) ?? (await teamsFromGroups(operation, user.id));
}

async function teamNamed(operation: Operation, name: string): Promise<ScimTeam> {
  const team = await operation.directory().team(name);
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
 * not desired, one conditional member operation per team, under the team's ETag as listed. Every
 * team is looked up before anything is written, so an unknown name changes nothing. Returns
 * whether anything was written.
 */
export async function changeTeamMemberships(operation: Operation, userId: string, current: readonly string[], desired: readonly string[]): Promise<boolean> {
  const join = desired.filter((name) => !current.includes(name));
  const leave = current.filter((name) => !desired.includes(name));
  if (join.length === 0 && leave.length === 0) return false;
  const [joining, leaving] = await Promise.all([Promise.all(join.map((name) => teamNamed(operation, name))), Promise.all(leave.map((name) => teamNamed(operation, name)))]);
  const change = (team: ScimTeam, join: boolean) =>
    changeMembership(operation, {
      teamId: team.id,
      userId,
      join,
      etag: team.etag,
      what: `team "${team.name}"`,
      noSuchTeam: () => new Error(`teams: team "${team.name}" no longer exists in W&B; correct the name, or create the team first`),
    });
  await Promise.all([...joining.map((team) => change(team, true)), ...leaving.map((team) => change(team, false))]);
  return true;
}
