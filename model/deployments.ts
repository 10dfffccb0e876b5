// What each W&B deployment can and cannot do to users, teams and service accounts, and the words
// for each limit: one home for the rules that differ by deployment, read by the resources (User,
// ServiceAccount, Team), the Organization's plan and the roster's checks, so that a limit reads the
// same wherever it refuses something.
import type { Deployment } from "../service/config";

export interface Capabilities {
  /** Users join the organization through teams: a user is created by adding them to teams, and each stays in one. */
  readonly usersJoinThroughTeams: boolean;
  /** A deactivated user stays in the organization, and can be reactivated (the multi-tenant cloud removes them for good). */
  readonly keepsDeactivatedUsers: boolean;
  /** The organization manages its users' accounts: their email and display name change through SCIM. */
  readonly managesAccounts: boolean;
  /** A service account is created into several teams (`teams`), as W&B's reference documents for the multi-tenant cloud only. */
  readonly serviceAccountsJoinTeams: boolean;
  /** A team's members may be left to the identity provider, where no user of the roster writes its own teams. */
  readonly teamMembersFromIdentityProvider: boolean;
}

/** The multi-tenant cloud: users join through teams and own their accounts; deactivation removes them. */
const MULTI_TENANT: Capabilities = {
  usersJoinThroughTeams: true,
  keepsDeactivatedUsers: false,
  managesAccounts: false,
  serviceAccountsJoinTeams: true,
  teamMembersFromIdentityProvider: false,
};

/** Dedicated cloud and self-managed: users join the organization itself; teams write their members. */
const SINGLE_TENANT: Capabilities = {
  usersJoinThroughTeams: false,
  keepsDeactivatedUsers: true,
  managesAccounts: true,
  serviceAccountsJoinTeams: false,
  teamMembersFromIdentityProvider: true,
};

/** Where the deployment is unknown, no rule refuses: each capability is granted, and users are written as off the multi-tenant cloud. */
const UNKNOWN: Capabilities = { ...SINGLE_TENANT, serviceAccountsJoinTeams: true };

export function capabilitiesOf(deployment: Deployment | undefined): Capabilities {
  if (deployment === undefined) return UNKNOWN;
  return deployment === "saas" ? MULTI_TENANT : SINGLE_TENANT;
}

const ON_MULTI_TENANT = "on the multi-tenant cloud (saas)";

/** Why a deactivation (`what`) is refused where deactivated users are not kept. */
export function deactivationNotOffered(what: string): string {
  return `${what} is not offered ${ON_MULTI_TENANT}, where deactivating a user removes them from the organization for good`;
}

/** Why a reactivation is refused where deactivated users are not kept. */
export const REACTIVATION_NOT_OFFERED = `reactivating a user is not offered ${ON_MULTI_TENANT}, where deactivation removed them from the organization for good`;

/** Why a user must be in a team where users join the organization through teams. */
export const USERS_JOIN_THROUGH_TEAMS = `${ON_MULTI_TENANT} users join the organization through teams`;

/** Why a change of a user's `field` is refused where the organization does not manage accounts. */
export function accountNotManaged(field: string): string {
  return `changing ${field} is not offered ${ON_MULTI_TENANT}: the account is not managed by the organization; change it in the user's W&B profile, or remove the property`;
}

/** Why a service account's `teams` is refused where service accounts do not join teams. */
export function serviceAccountTeamsNotOffered(deployment: Deployment | undefined): string {
  return `teams is taken only on the multi-tenant cloud (saas), as W&B's reference documents it${deployment === undefined ? "" : `, not on ${deployment}`}`;
}

/** Why a team's `membersFrom: idp` is refused where each user writes its own teams. */
export const TEAM_MEMBERS_FROM_IDP_NOT_OFFERED = `membersFrom: idp is not offered ${ON_MULTI_TENANT}, where each user of the roster writes the exact set of its teams`;
