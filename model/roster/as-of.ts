// A roster as of a run's clock: each grant past its `expires` taken away, as the Organization
// declares it. A user past its date is kept, deactivated; a membership left (with the member's role
// in that team); an organization role back to its fallback; a team or registry role back to the default.
import { expiryTime, GRANTS, type Grant, type JudgedExpiry } from "../expiry";
import { identityOf, sameIdentity } from "../identity";
import type { ValidatedRoster } from "./roster";

/** Expiries in one order whatever the roster's: by kind of grant, person, then team or registry. */
const byGrant = (a: JudgedExpiry, b: JudgedExpiry) =>
  GRANTS.indexOf(a.grant) - GRANTS.indexOf(b.grant) || identityOf("userName", a.user).localeCompare(identityOf("userName", b.user)) || (a.scope ?? "").localeCompare(b.scope ?? "");

/**
 * The roster as of `asOf`: each grant past its date taken away (a user kept, deactivated), and every
 * expiry judged, sorted: reordering the roster changes nothing in them.
 */
export function rosterAsOf(roster: ValidatedRoster, asOf: number): { roster: ValidatedRoster; expiries: JudgedExpiry[] } {
  const expiries = roster.expiries.map((expiry) => ({ ...expiry, expired: (expiryTime(expiry.expires) ?? Number.POSITIVE_INFINITY) <= asOf })).sort(byGrant);
  const ended = (grant: Grant, user: string, scope?: string) =>
    expiries.find((each) => each.expired && each.grant === grant && sameIdentity("userName", each.user, user) && each.scope === scope);
  const inTeam = (team: string) => (member: string) => ended("team", member, team) === undefined;
  return {
    roster: {
      ...roster,
      users: roster.users.map((user) => {
        const role = ended("organizationRole", user.userName);
        return {
          ...user,
          ...(ended("user", user.userName) === undefined ? {} : { deactivated: true }),
          ...(role === undefined ? {} : { organizationRole: role.fallback ?? "member" }),
          teams: user.teams.filter((team) => inTeam(team)(user.userName)),
        };
      }),
      teams: roster.teams.map((team) => ({
        ...team,
        members: team.members.filter(inTeam(team.name)),
        // A member who leaves the team leaves its role there too.
        roles: Object.fromEntries(Object.entries(team.roles).filter(([member]) => inTeam(team.name)(member) && ended("teamRole", member, team.name) === undefined)),
      })),
      registryRoles: roster.registryRoles.filter((grant) => ended("registryRole", grant.user, grant.registry) === undefined),
    },
    expiries,
  };
}
