// Team membership of one user, through /Groups (the teams are the User resource's to declare,
// the member lists of other users are left alone).
import { membershipOperations, type ScimTeam, type ScimUser } from "../../api/client";
import { SETTLED, writeGuardedByEtag } from "../kit/conflict";
import { isStatus } from "../kit/errors";
import { clients } from "../runtime";
import { directory } from "./directory";

/**
 * The names of the teams the user is in, from its `teamRoles`, sorted; undefined when the
 * representation does not carry `teamRoles` (the documented GET body does not): unknown.
 */
export function teamsOf(user: ScimUser): string[] | undefined {
  if (user.teamRoles === undefined) return undefined;
  return [...new Set(user.teamRoles.map((role) => role.teamName))].sort();
}

/** The names of the teams whose members include the user, sorted, from the operation's one listing of /Groups. */
export function teamsFromGroups(userId: string): Promise<string[]> {
  return directory().teamsOf(userId);
}

/** The user's teams: from its `teamRoles` when the representation carries them, else from /Groups. */
export async function currentTeams(user: ScimUser): Promise<string[]> {
  return teamsOf(user) ?? (await teamsFromGroups(user.id));
}

async function teamNamed(name: string): Promise<ScimTeam> {
  const team = await directory().team(name);
  if (!team) {
    throw new Error(
      `teams: there is no W&B team named "${name}" (team names are case-sensitive); ` +
        "create it first (e.g. with a wandb.Team resource) or correct the name",
    );
  }
  return team;
}

const isMember = (team: ScimTeam, userId: string) => team.members.some((member) => member.id === userId);

/**
 * Adds the user to the team or removes them, with the team's ETag from the read that decided it.
 * On 412 the team is read again: the user already in (or already out) settles it; otherwise
 * other members moved, and the same change is sent with the fresh ETag.
 */
async function changeMembership(team: ScimTeam, userId: string, join: boolean): Promise<void> {
  const scim = clients().scim;
  await writeGuardedByEtag({
    what: `team "${team.name}"`,
    etag: team.etag,
    write: async (ifMatch) => {
      const operations = membershipOperations(join ? { add: [userId] } : { remove: [userId] });
      try {
        await directory().teamWrite(() => scim.patchTeam(team.id, operations, { ifMatch }));
      } catch (error) {
        // A team deleted (in the web application) has no member left to remove.
        if (join || !isStatus(error, 404)) throw error;
      }
    },
    reread: async () => {
      const result = await scim.getTeam(team.id);
      if (result.status !== "found") {
        if (!join) return SETTLED;
        throw new Error(`teams: team "${team.name}" no longer exists in W&B; correct the name, or create the team first`);
      }
      return isMember(result.team, userId) === join ? SETTLED : { etag: result.team.etag, changedFields: [] };
    },
  });
}

/**
 * Adds the user to the teams of `desired` it is not in and removes it from those of `current`
 * not desired, one conditional member operation per team. Every team is looked up before anything
 * is written, so an unknown name changes nothing. Returns whether anything was written.
 */
export async function changeTeamMemberships(userId: string, current: readonly string[], desired: readonly string[]): Promise<boolean> {
  const join = desired.filter((name) => !current.includes(name));
  const leave = current.filter((name) => !desired.includes(name));
  if (join.length === 0 && leave.length === 0) return false;
  const [joining, leaving] = await Promise.all([Promise.all(join.map(teamNamed)), Promise.all(leave.map(teamNamed))]);
  await Promise.all([...joining.map((team) => changeMembership(team, userId, true)), ...leaving.map((team) => changeMembership(team, userId, false))]);
  return true;
}
