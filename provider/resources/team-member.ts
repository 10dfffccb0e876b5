// One user's membership of one team, added and removed without touching the other members.
import { z } from "zod";
import { membershipOperations, type ScimTeam } from "../../api/client";
import { isEmailReference } from "../../api/vocabulary";
import { isStatus } from "../kit/errors";
import { type ResourceImplementation } from "../kit/implementation";
import { userReference } from "../kit/input-schemas";
import { checkInputs } from "../kit/inputs";
import { recordedBeforeVersioning, storedState } from "../kit/state";
import { lookupUser, namesRecordedUser } from "../membership/users";
import { clients } from "../runtime";

export const teamMemberInputs = z
  .object({
    teamId: z
      .string({ error: "teamId is required: the SCIM id of the team, e.g. a Team resource's id or getTeam(...).id" })
      .trim()
      .min(1, "teamId must not be empty: give the SCIM id of the team"),
    user: userReference,
  })
  .strict();

export type TeamMemberInputs = z.output<typeof teamMemberInputs>;

export const teamMemberOutputs = z.object({
  teamId: z.string(),
  user: z.string(),
  /** The user's SCIM id, resolved from `user` at create. */
  userId: z.string(),
  /** The team's ETag as last read, for a cheap conditional refresh. */
  etag: z.string(),
});

export type TeamMemberOutputs = z.output<typeof teamMemberOutputs>;

/** `<teamId>/<userId>`; `%` and `/` inside either id are escaped so the id always splits back. */
export function teamMemberId(teamId: string, userId: string): string {
  const escape = (s: string) => s.replace(/%/g, "%25").replace(/\//g, "%2F");
  return `${escape(teamId)}/${escape(userId)}`;
}

export function parseTeamMemberId(id: string): { teamId: string; userId: string } {
  const parts = id.split("/");
  const unescape = (s: string) => s.replace(/%2F/gi, "/").replace(/%25/g, "%");
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    throw new Error(`"${id}" is not a TeamMember id: expected "<teamId>/<userId>" (SCIM ids of the team and the user)`);
  }
  return { teamId: unescape(parts[0]), userId: unescape(parts[1]) };
}

const hasMember = (team: ScimTeam, userId: string) => team.members.some((m) => m.id === userId);

async function resolveUserId(ref: string): Promise<string> {
  const user = await lookupUser(ref);
  if (user) return user.id;
  throw new Error(
    isEmailReference(ref)
      ? `user: "${ref}" is not the email of a user of the organization: add the user first (e.g. with a User resource), or fix the address`
      : `user: "${ref}" is not the id of a user of the organization: use the user's SCIM id or email address ` +
          "(organization service accounts join every team on their own)",
  );
}

export const teamMember: ResourceImplementation<TeamMemberInputs, TeamMemberOutputs> = {
  inputs: teamMemberInputs,
  state: storedState({
    kind: "TeamMember",
    schema: teamMemberOutputs,
    migrations: [recordedBeforeVersioning],
    adoptAgain: () => "run `pulumi up`, which takes the membership over (adding a member again changes nothing)",
  }),

  async check(_olds, news) {
    return checkInputs(teamMemberInputs, news);
  },

  async diff(_id, olds, news) {
    const replaces: string[] = [];
    if (olds.teamId !== news.teamId) replaces.push("teamId");
    // The same user, spelled as before (emails ignoring case) or by the id it resolved to, stays.
    if (!namesRecordedUser(news.user, olds)) replaces.push("user");
    // Delete first: the new membership may be the same (team, user) spelled differently, which
    // removing the old one afterwards would undo.
    return { changes: replaces.length > 0, replaces, deleteBeforeReplace: replaces.length > 0 };
  },

  async create(inputs) {
    const userId = await resolveUserId(inputs.user);
    let team: ScimTeam;
    try {
      // Additive and harmless to repeat: no If-Match, the other members are never touched.
      team = await clients().scim.patchTeam(inputs.teamId, membershipOperations({ add: [userId] }));
    } catch (error) {
      if (isStatus(error, 404)) {
        throw new Error(`teamId: there is no team with id "${inputs.teamId}" in the organization; check the id (getTeam finds it by name)`);
      }
      throw error;
    }
    if (!hasMember(team, userId)) {
      throw new Error(`W&B accepted adding user ${userId} to team "${team.name}" but does not list them as a member; run \`pulumi up\` again`);
    }
    return { id: teamMemberId(inputs.teamId, userId), outs: { teamId: inputs.teamId, user: inputs.user, userId, etag: team.etag ?? "" } };
  },

  async read(id, props) {
    const fromId = parseTeamMemberId(id);
    const teamId = props?.teamId ?? fromId.teamId;
    const userId = props?.userId ?? fromId.userId;
    const result = await clients().scim.getTeam(teamId, { ifNoneMatch: props?.etag || undefined });
    if (result.status === "not-modified") return { id, props };
    if (result.status === "not-found" || !hasMember(result.team, userId)) return {};
    const outs: TeamMemberOutputs = { teamId, user: props?.user ?? userId, userId, etag: result.team.etag ?? "" };
    return { id, props: outs, inputs: { teamId: outs.teamId, user: outs.user } };
  },

  async update(_id, olds, news) {
    // Every change replaces (see diff); this only restates an equivalent spelling.
    return { outs: { ...olds, teamId: news.teamId, user: news.user } };
  },

  async delete(id, props) {
    const { teamId, userId } = props?.userId ? { teamId: props.teamId, userId: props.userId } : parseTeamMemberId(id);
    const scim = clients().scim;
    try {
      await scim.patchTeam(teamId, membershipOperations({ remove: [userId] }));
    } catch (error) {
      if (isStatus(error, 404)) return; // the team is gone
      // A service that refuses to remove a non-member: not a member is what we wanted.
      const result = await scim.getTeam(teamId);
      if (result.status === "not-found" || (result.status === "found" && !hasMember(result.team, userId))) return;
      throw error;
    }
  },
};
