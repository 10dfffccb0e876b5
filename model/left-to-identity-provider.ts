// What a roster stops declaring that stays in W&B as it is, because the identity provider owns it: a
// team of `membersFrom: idp` (its members are the identity provider's, so its destroy writes
// nothing: model/shapes/team), and, with `usersFrom: idp`, a user (the roster never declared a User
// for it: the identity provider creates and removes users). Judged from the Organization's guard
// record before and after a run (none after: the component is destroyed), for the warning at preview,
// the guard rails (a user so left is no removal), the record's own destroy and the access review.
import { z } from "zod";
import { identityOf } from "./identity";
import { SOURCES } from "./vocabulary";
import { firstNames } from "./first-names";

/** What this reads of a guard record, an earlier release's too. */
export const ownershipRecordSchema = z.object({
  users: z.array(z.string()).catch([]),
  teams: z.record(z.string(), z.array(z.string())).catch({}),
  idpTeams: z.record(z.string(), z.array(z.string())).catch({}),
  outsideCode: z.object({ usersFrom: z.enum(SOURCES).catch("code") }).catch({ usersFrom: "code" }),
});
export type OwnershipRecord = z.output<typeof ownershipRecordSchema>;

/** What a run leaves in W&B as it is, though the roster no longer declares it: userNames, team names. */
export interface LeftToIdentityProvider {
  readonly users: readonly string[];
  readonly teams: readonly string[];
}

export const NOTHING_LEFT: LeftToIdentityProvider = { users: [], teams: [] };

/** What the roster recorded `before` declares and `after` (undefined: the component is destroyed) no longer does, that the identity provider owns. */
export function leftToIdentityProvider(before: OwnershipRecord | undefined, after: OwnershipRecord | undefined): LeftToIdentityProvider {
  if (before === undefined) return NOTHING_LEFT;
  const teamsAfter = new Set([...Object.keys(after?.teams ?? {}), ...Object.keys(after?.idpTeams ?? {})].map((team) => identityOf("teamName", team)));
  const usersAfter = new Set((after?.users ?? []).map((user) => identityOf("userName", user)));
  return {
    teams: Object.keys(before.idpTeams).filter((team) => !teamsAfter.has(identityOf("teamName", team))).sort(),
    users: before.outsideCode.usersFrom === "idp" ? before.users.filter((user) => !usersAfter.has(identityOf("userName", user))).sort() : [],
  };
}

/** At most this many names in a line; the rest are counted. */
const NAMED = 10;
const named = (names: readonly string[]) => firstNames(names, NAMED);

/** Why a team the roster no longer declares is left as it is, as the review and the engine's output say it. */
export const IDP_TEAM_LEFT = "left in W&B as it is, with its members: they are the identity provider's (membersFrom: idp)";
/** Why a user the roster no longer declares stays, as the review and the engine's output say it. */
export const IDP_USER_LEFT = "stays in the organization: the identity provider creates and removes the users (usersFrom: idp)";

/** What the engine's output says of what is left, under Organization `organization`: a line per team, one for the users. */
export function leftToIdentityProviderLines(organization: string, left: LeftToIdentityProvider): string[] {
  const at = `Organization "${organization}":`;
  return [
    ...left.teams.map(
      (team) =>
        `${at} team ${team} is no longer in the roster, and is ${IDP_TEAM_LEFT}; nothing is written to it. ` +
        "The W&B API cannot delete teams: delete it in the W&B web application if it is no longer needed.",
    ),
    ...(left.users.length === 0
      ? []
      : [
          `${at} ${left.users.length === 1 ? "user" : `${left.users.length} users`} ${named(left.users)}, no longer in the roster, ` +
            `${left.users.length === 1 ? "stays" : "stay"} in the organization: the identity provider creates and removes the users ` +
            "(usersFrom: idp); deprovision them there if they should go. Only the roles the roster gave them are taken back.",
        ]),
  ];
}
