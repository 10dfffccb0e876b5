// One user's membership of one team, added and removed without touching the other members.
import { type ReplacedOnChange } from "../kit/implementation";
import { checkInputs } from "../kit/inputs";
import { idScheme } from "../kit/pair-id";
import { recordedBeforeVersioning, storedState } from "../kit/state";
import { recordRead } from "../kit/conflict";
import { hasMember } from "../membership/directory";
import { changeMembership } from "../membership/membership-change";
import { identityOf } from "../../model/identity";
import { fieldChanges } from "../kit/field-changes";
import { listedUser, resolveUser, withUserEmail } from "../membership/users";
import { teamMemberFields, teamMemberInputs, teamMemberOutputs, type TeamMemberInputs, type TeamMemberOutputs } from "../../model/shapes/team-member";
import type { Operation } from "../operation";

export type { TeamMemberInputs, TeamMemberOutputs };


export const teamMemberIds = idScheme("TeamMember", "<teamId>/<userId>");

/** The team and user of a recorded membership: from its state, else from its id (static get). */
function recorded(id: string, props: Partial<TeamMemberOutputs> | undefined): { teamId: string; userId: string } {
  return props?.teamId && props.userId ? { teamId: props.teamId, userId: props.userId } : teamMemberIds.split(id);
}

const change = (operation: Operation, teamId: string, userId: string, join: boolean, etag: string | undefined) =>
  changeMembership(operation, {
    teamId,
    userId,
    join,
    etag,
    what: `the membership of user ${userId} in team ${teamId}`,
    noSuchTeam: () => new Error(`teamId: there is no team with id "${teamId}" in the organization; check the id (getTeam finds it by name)`),
  });

export const teamMember: ReplacedOnChange<TeamMemberInputs, TeamMemberOutputs, Operation> = {
  inputs: teamMemberInputs,
  state: storedState({
    kind: "TeamMember",
    schema: teamMemberOutputs,
    migrations: [recordedBeforeVersioning, withUserEmail],
    adoptAgain: () => "run `pulumi up`, which takes the membership over (adding a member again changes nothing)",
  }),

  async check(_operation, _olds, news) {
    return checkInputs(teamMemberInputs, news);
  },

  async diff(_operation, _id, olds, news) {
    // The same user, spelled as before (emails ignoring case), by the id it resolved to or by its email, stays:
    // no change, so `update` is never needed.
    const { replaces } = fieldChanges(teamMemberFields, olds, news);
    // Delete first: the new membership may be the same (team, user) spelled differently, which
    // removing the old one afterwards would undo.
    return { changes: replaces.length > 0, replaces, deleteBeforeReplace: replaces.length > 0 };
  },

  async create(operation, inputs) {
    const { id: userId, email } = await resolveUser(operation, "user", inputs.user);
    // No ETag known yet: the team is read first, and a user already in it is taken over.
    const team = await change(operation, inputs.teamId, userId, true, undefined);
    if (!team || !hasMember(team, userId)) {
      throw new Error(`W&B accepted adding user ${userId} to team ${inputs.teamId} but does not list them as a member; run \`pulumi up\` again`);
    }
    const id = teamMemberIds.join({ teamId: inputs.teamId, userId });
    return { id, outs: { teamId: inputs.teamId, user: inputs.user, userId, userEmail: identityOf("email", email), etag: team.etag ?? "" } };
  },

  async takenOverAtCreate(operation, inputs) {
    const user = listedUser(await operation.directory().users(), inputs.user);
    const team = (await operation.directory().teams()).byId(inputs.teamId);
    return user && team && hasMember(team, user.id) ? `user ${user.id} is already a member of team "${team.name}"` : undefined;
  },

  async read(operation, id, props) {
    const { teamId, userId } = recorded(id, props);
    // From the operation's one listing of /Groups, which is trusted for the members it shows: a
    // member it does not show (or a team it does not list) is looked for in the team read directly.
    const listed = await operation.directory().teamById(teamId);
    const team = listed && hasMember(listed, userId) ? listed : await operation.directory().confirmedTeam(teamId);
    if (!team || !hasMember(team, userId)) return {};
    const outs: TeamMemberOutputs = {
      teamId,
      user: props?.user ?? userId,
      userId,
      ...(props?.userEmail === undefined ? {} : { userEmail: props.userEmail }),
      etag: team.etag ?? "",
    };
    return recordRead(id, outs, props, (state) => ({ teamId: state.teamId, user: state.user }));
  },

  async delete(operation, id, props) {
    const { teamId, userId } = recorded(id, props);
    await change(operation, teamId, userId, false, props?.etag || undefined);
  },
};
