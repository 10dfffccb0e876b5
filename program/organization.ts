// Which children the Organization component declares from its plan (model/organization.ts), for
// both front doors: kinds, names, parents, dependencies, protect, policies, given the constructors
// of the children: the SDK's dynamic resources, or the plugin's registered ones. It runs inside the
// Pulumi program, where the children's outputs are Outputs.
import * as pulumi from "@pulumi/pulumi";
import { membersChildName, recordedUsersOf, stackUsersBeside, type RecordedUsers } from "./last-state";
import type { ValidatedRoster, WandbDeployment } from "../model/roster/roster";
import { patternMatcher } from "../model/name-patterns";
import { identityOf } from "../model/identity";
import { capabilitiesOf } from "../model/deployments";
import { guardRecordOf, type OrganizationPlan } from "../model/organization";
import type { ResourceKind } from "../model/resource-kinds";
import type { SHAPES } from "../model/shapes";
import type { ArgsOf } from "./program-types";

/** The inputs the component gives each kind of child: those its shape takes. */
export type OrganizationChildArgs = { [Kind in ResourceKind]: ArgsOf<(typeof SHAPES)[Kind]["inputs"]> };

/** What the declaration reads of a child: its id, which the other children's inputs and the outputs take. */
export interface DeclaredChild {
  readonly id: pulumi.Output<string>;
}

/** A child whose `name` output other children wait on (a team's, a custom role's). */
export interface NamedChild extends DeclaredChild {
  readonly name: pulumi.Output<string>;
}

/** A registered resource whose `name` output other children wait on. */
export type NamedResource = pulumi.CustomResource & NamedChild;

/** The child holding the roster's people in the compact layout: its people's SCIM ids are read from it. */
export interface PeopleChild extends DeclaredChild {
  readonly members: pulumi.Output<Record<string, { id: string }>>;
}

/**
 * What each kind of child is declared as: anything with the outputs the other children read, e.g. a
 * `pulumi.CustomResource`, or a registration the native plugin makes without one.
 */
export interface ChildrenShape {
  User: DeclaredChild;
  OrganizationMembers: PeopleChild;
  Team: NamedChild;
  CustomRole: NamedChild;
  OrganizationRoleAssignment: DeclaredChild;
  TeamRoleAssignment: DeclaredChild;
  RegistryRoleAssignment: DeclaredChild;
  RosterGuard: DeclaredChild;
  ServiceAccount: DeclaredChild;
}

/** The children as `pulumi.CustomResource`s (of subclasses the caller chooses). */
export interface OrganizationChildren extends ChildrenShape {
  User: pulumi.CustomResource;
  OrganizationMembers: pulumi.CustomResource & PeopleChild;
  Team: NamedResource;
  CustomRole: NamedResource;
  OrganizationRoleAssignment: pulumi.CustomResource;
  TeamRoleAssignment: pulumi.CustomResource;
  RegistryRoleAssignment: pulumi.CustomResource;
  RosterGuard: pulumi.CustomResource;
  ServiceAccount: pulumi.CustomResource;
}

/** The options the component gives a child: the component as its parent, the children it waits for, and whether it is protected. */
export interface ChildOptions<C extends ChildrenShape> {
  parent: pulumi.Resource;
  dependsOn?: C[keyof C][];
  protect?: boolean;
}

/** How to declare each kind of child: `(name, args, opts) => child`. */
export type OrganizationKinds<C extends ChildrenShape = OrganizationChildren> = {
  [Kind in keyof C]: (name: string, args: OrganizationChildArgs[Kind & keyof OrganizationChildArgs], opts: ChildOptions<C>) => C[Kind];
};

/** The children declared, keyed by roster names, and the outputs to register. */
export interface DeclaredOrganization<C extends ChildrenShape = OrganizationChildren> {
  /** Users by `userName` (as spelled in the roster), in the per-person layout. */
  users: Record<string, C["User"]>;
  /** The roster's people in one resource, in the compact layout (when it declares any). */
  members: C["OrganizationMembers"] | undefined;
  /** Teams by name. */
  teams: Record<string, C["Team"]>;
  /** Custom roles by name. */
  customRoles: Record<string, C["CustomRole"]>;
  /** Custom organization roles by `userName`. */
  organizationRoleAssignments: Record<string, C["OrganizationRoleAssignment"]>;
  /** Team roles (from both forms) by team name, then `userName`. */
  teamRoleAssignments: Record<string, Record<string, C["TeamRoleAssignment"]>>;
  /** Registry roles by registry name, then `userName`. */
  registryRoleAssignments: Record<string, Record<string, C["RegistryRoleAssignment"]>>;
  /** Service accounts by name (as spelled in the roster). */
  serviceAccounts: Record<string, C["ServiceAccount"]>;
  /** The record of the roster the guard rails judge each change against. */
  guard: C["RosterGuard"];
  /** As `organizationOutputsSchema` describes them. */
  outputs: {
    userIds: pulumi.Output<Record<string, string>>;
    teamIds: pulumi.Output<Record<string, string>>;
    customRoleIds: pulumi.Output<Record<string, string>>;
    serviceAccountIds: pulumi.Output<Record<string, string>>;
    deployment: WandbDeployment | undefined;
  };
}

/**
 * Declares the children of the Organization `component` named `name` from its plan, in dependency
 * order. Every child has `parent: component` and a name built from stable roster keys
 * (`<name>/<userName in lower case>`, `<name>/<team>`, `<name>/<team>/<userName>`,
 * `<name>/<registry>/<userName>`, `<name>/<custom role>`), so reordering the roster, or changing
 * the case of a userName, never replaces anything.
 */
export function declareOrganization<C extends ChildrenShape>(
  component: pulumi.Resource,
  name: string,
  plan: OrganizationPlan,
  kinds: OrganizationKinds<C>,
): DeclaredOrganization<C> {
  // What the roster declared at the last applied run is the guard's recorded state; its check refuses
  // a change the guard rails forbid, at preview. Every other child waits for it: a refusal writes nothing.
  // The users the stack declares beside this roster are its own, never outside code to deactivate:
  // told from its last state, the same at a preview and at the up after it.
  const guard = kinds.RosterGuard(
    `${name}/guard`,
    { ...guardRecordOf(name, plan), stackUsers: pulumi.output(stackUsersBeside(name)) },
    { parent: component },
  );
  const declaring: Declaring<C> = { name, plan, kinds, guard, parent: { parent: component, dependsOn: [guard] } };
  const customRoles = declareCustomRoles(declaring);
  const { users, members, teams, people } = declareUsersAndTeams(declaring, customRoles);
  const serviceAccounts = declareServiceAccounts(declaring, teams);
  return {
    users,
    members,
    teams,
    customRoles,
    serviceAccounts,
    organizationRoleAssignments: declareOrganizationRoles(declaring, people, customRoles),
    teamRoleAssignments: declareTeamRoles(declaring, people, teams, customRoles),
    registryRoleAssignments: declareRegistryRoles(declaring, people),
    guard,
    outputs: {
      userIds: people.ids,
      teamIds: idsOf(teams),
      customRoleIds: idsOf(customRoles),
      serviceAccountIds: idsOf(serviceAccounts),
      deployment: plan.deployment,
    },
  };
}

/** What every section of the roster is declared with: the component's name, plan and kinds, and the guard every child waits for. */
interface Declaring<C extends ChildrenShape> {
  name: string;
  plan: OrganizationPlan;
  kinds: OrganizationKinds<C>;
  guard: C["RosterGuard"];
  /** The options of a child that waits for nothing but the guard. */
  parent: ChildOptions<C>;
}

/** How the assignments and teams name the roster's users, the children that declare them, and their ids. */
interface People<C extends ChildrenShape> {
  /** The reference to `userName`, in the Team of the roster's team `team` where a team names them. */
  referenceOf(userName: string, team?: string): pulumi.Input<string>;
  /** What a child naming a user waits for besides what its references carry: the compact layout's OrganizationMembers. */
  declaredBy: C[keyof C][];
  ids: pulumi.Output<Record<string, string>>;
}

const noIds = (): pulumi.Output<Record<string, string>> => pulumi.output<Record<string, string>>({});

/** With `usersFrom: idp` no user is declared: each is named by email. */
function peopleByEmail<C extends ChildrenShape>(roster: ValidatedRoster): People<C> {
  const emails = Object.fromEntries(roster.users.map((user) => [user.userName, user.email]));
  return { referenceOf: (userName) => required(emails, userName), declaredBy: [], ids: noIds() };
}

/** In the per-person layout each user is named by its User's id. */
function peopleAsUsers<C extends ChildrenShape>(users: Record<string, C["User"]>): People<C> {
  return { referenceOf: (userName) => required(users, userName).id, declaredBy: [], ids: idsOf(users) };
}

/**
 * In the compact layout each person is named by the SCIM id the last state records for them, known
 * alike at a preview and at the `up` after it, whatever the OrganizationMembers plans; a person new
 * to it (or to the layout), by email. Either names the same user to a Team or an assignment, which
 * record both: a later run naming the person by id changes nothing. A Team keeps naming a member as
 * it last did (by email, where they were new): its inputs stay as they were, and its check, which
 * sees references only, has no reason to list the users to compare them.
 */
function peopleInMembers<C extends ChildrenShape>(
  name: string,
  inMembers: readonly RosterUser[],
  members: C["OrganizationMembers"] | undefined,
  /** The protected admins, a User each. */
  users: Record<string, C["User"]>,
  /** What the last state holds of the Organization's users. */
  recorded: pulumi.Output<RecordedUsers>,
): People<C> {
  const emails = Object.fromEntries(inMembers.map((user) => [user.userName, user.email]));
  const asUsers = peopleAsUsers<C>(users);
  const idsInMembers =
    members === undefined
      ? noIds()
      : members.members.apply((people) => Object.fromEntries(inMembers.flatMap(({ userName }) => (people[userName] === undefined ? [] : [[userName, people[userName]!.id]]))));
  return {
    // A person the set held until now and who is a protected admin's User from this run on (promoted) keeps the
    // reference recorded for them, which names the same user: known at the preview, where the User's id is not.
    referenceOf: (userName, team) =>
      recorded.apply(({ idsOfPeople, teamReferences }) => {
        const id = idsOfPeople[userName];
        const named = id === undefined || team === undefined ? undefined : teamReferences[`${name}/${team}`]?.[id];
        return pulumi.output(named ?? id ?? (users[userName] === undefined ? required(emails, userName) : asUsers.referenceOf(userName)));
      }),
    declaredBy: members === undefined ? [] : [members],
    ids: pulumi.all([asUsers.ids, idsInMembers]).apply(([admins, others]) => ({ ...admins, ...others })),
  };
}

/**
 * What a User of the roster is told of `deactivateInactiveAfterDays`, so that it keeps a user the
 * roster deactivated for inactivity deactivated: none for a user `outsideCode.ignore` matches, which
 * the roster never deactivates.
 */
function inactivitySettingOf(roster: ValidatedRoster): (user: { userName: string; email: string }) => { deactivateInactiveAfterDays?: number } {
  const days = roster.deactivateInactiveAfterDays;
  const ignoredBy = patternMatcher(roster.outsideCode.ignore);
  return (user) => (days === undefined || ignoredBy(user.userName, user.email) !== undefined ? {} : { deactivateInactiveAfterDays: days });
}

const adoptionOf = (plan: OrganizationPlan) => (plan.adoptExisting ? { adoptExisting: true } : {});
const userPolicyOf = (plan: OrganizationPlan) => (plan.deletionPolicy.users === undefined ? {} : { deletionPolicy: plan.deletionPolicy.users });
const userChildName = (name: string, userName: string) => `${name}/${identityOf("userName", userName)}`;

/** Service accounts, each after the roster's teams it joins (W&B makes it a member of its default team, which must exist). */
function declareServiceAccounts<C extends ChildrenShape>(
  { name, plan, kinds, guard, parent }: Declaring<C>,
  teams: Record<string, C["Team"]>,
): Record<string, C["ServiceAccount"]> {
  const serviceAccounts: Record<string, C["ServiceAccount"]> = {};
  for (const account of plan.roster.serviceAccounts) {
    const joined = [account.defaultTeam, ...(account.teams ?? [])].flatMap((team) => teams[team] ?? []);
    const accountArgs: OrganizationChildArgs["ServiceAccount"] = {
      name: account.name,
      scope: account.scope,
      defaultTeam: account.defaultTeam,
      ...(account.teams === undefined ? {} : { teams: account.teams }),
    };
    const options = joined.length === 0 ? parent : { ...parent, dependsOn: [guard, ...new Set(joined)] };
    serviceAccounts[account.name] = kinds.ServiceAccount(`${name}/${identityOf("userName", account.name)}`, accountArgs, options);
  }
  return serviceAccounts;
}

function declareCustomRoles<C extends ChildrenShape>({ name, plan, kinds, parent }: Declaring<C>): Record<string, C["CustomRole"]> {
  const customRoles: Record<string, C["CustomRole"]> = {};
  for (const role of plan.roster.customRoles) {
    const roleArgs: OrganizationChildArgs["CustomRole"] = {
      name: role.name,
      ...(role.description === undefined ? {} : { description: role.description }),
      inheritedFrom: role.inheritedFrom,
      permissions: role.permissions,
      ...adoptionOf(plan),
    };
    customRoles[role.name] = kinds.CustomRole(`${name}/${role.name}`, roleArgs, parent);
  }
  return customRoles;
}

type RosterUser = ValidatedRoster["users"][number];

/** What a User and a person of the OrganizationMembers declare alike of a roster's user: all but its userName, teams and settings. */
function personArgsOf<C extends ChildrenShape>(roster: ValidatedRoster, customRoles: Record<string, C["CustomRole"]>) {
  const inactivityOf = inactivitySettingOf(roster);
  return (user: RosterUser) => ({
    email: user.email,
    ...(user.displayName === undefined ? {} : { displayName: user.displayName }),
    ...(user.modelsSeat === undefined ? {} : { modelsSeat: user.modelsSeat }),
    ...(user.weaveRole === undefined ? {} : { weaveRole: user.weaveRole }),
    // The user's access expired: declared inactive (the record names the expiry for the review).
    ...(user.deactivated === true ? { active: false } : {}),
    // A custom organization role belongs to an OrganizationRoleAssignment: the User leaves it alone.
    ...(customRoles[user.organizationRole] !== undefined ? {} : { organizationRole: user.organizationRole }),
    ...inactivityOf(user),
  });
}

/**
 * Users and teams, in the order membership asks: where users join through teams (saas) they are
 * created into them (the teams come first, and each user names its teams); elsewhere each Team
 * names its members (users first).
 */
function declareUsersAndTeams<C extends ChildrenShape>(
  declaring: Declaring<C>,
  customRoles: Record<string, C["CustomRole"]>,
): { users: Record<string, C["User"]>; members: C["OrganizationMembers"] | undefined; teams: Record<string, C["Team"]>; people: People<C> } {
  const { name, plan, kinds, guard, parent } = declaring;
  const throughTeams = capabilitiesOf(plan.deployment).usersJoinThroughTeams;
  const adopt = adoptionOf(plan);
  const teamPolicy = plan.deletionPolicy.teams === undefined ? {} : { deletionPolicy: plan.deletionPolicy.teams };
  const users: Record<string, C["User"]> = {};
  const teams: Record<string, C["Team"]> = {};
  let members: C["OrganizationMembers"] | undefined;
  // The identity provider creates the users: the roster's are references (by email), declared as no User.
  let people: People<C> = peopleByEmail(plan.roster);
  const declareTeams = () => {
    const options = people.declaredBy.length === 0 ? parent : { ...parent, dependsOn: [guard, ...people.declaredBy] };
    for (const team of plan.roster.teams) {
      // Not where users join through teams: there each user writes its own membership (the team must exist first). Nor when the identity provider writes them.
      const membersWritten = !throughTeams && team.membersFrom === "code";
      const teamArgs: OrganizationChildArgs["Team"] = {
        name: team.name,
        ...(membersWritten ? { members: team.members.map((member) => people.referenceOf(member, team.name)) } : {}),
        // Recorded in the team's state, so that its destroy (or its removal from the roster) writes nothing.
        ...(team.membersFrom === "idp" ? { membersFrom: "idp" as const } : {}),
        ...adopt,
        ...teamPolicy,
        guardedBy: name,
      };
      teams[team.name] = kinds.Team(`${name}/${team.name}`, teamArgs, membersWritten ? options : parent);
    }
  };
  const declareUsers = () => {
    if (plan.roster.usersFrom === "idp") return;
    const personOf = personArgsOf(plan.roster, customRoles);
    const protectedAdmin = (user: { organizationRole: string }) => plan.protectAdmins && user.organizationRole === "admin";
    // In the compact layout the admins protectAdmins protects stay a User each: Pulumi protects resources, not people in one.
    const asUsers = plan.layout === "compact" ? plan.roster.users.filter(protectedAdmin) : plan.roster.users;
    // The set first: a person it held who is made a protected admin is promoted there, then taken over by their User.
    const inMembers = plan.roster.users.filter((user) => !protectedAdmin(user));
    // In the compact layout, what the last state holds of this Organization's users: read once, for the set and the references.
    const recorded = plan.layout === "compact" ? pulumi.output(recordedUsersOf(name)) : undefined;
    if (recorded !== undefined) members = declareMembers(declaring, inMembers, personOf, throughTeams ? teams : undefined, asUsers, recorded);
    for (const user of asUsers) {
      const userArgs: OrganizationChildArgs["User"] = {
        userName: user.userName,
        ...personOf(user),
        // Users created into teams: the teams' names as Outputs make the Teams come first.
        ...(throughTeams ? { teams: user.teams.map((team) => required(teams, team).name) } : {}),
        ...adopt,
        ...userPolicyOf(plan),
        guardedBy: name,
      };
      const options = { ...parent, ...(protectedAdmin(user) ? { protect: true } : {}) };
      users[user.userName] = kinds.User(userChildName(name, user.userName), userArgs, members === undefined ? options : { ...options, dependsOn: [guard, members] });
    }
    if (recorded === undefined) {
      people = peopleAsUsers(users);
      return;
    }
    people = peopleInMembers(name, inMembers, members, users, recorded);
  };
  if (throughTeams) {
    declareTeams();
    declareUsers();
  } else {
    declareUsers();
    declareTeams();
  }
  return { users, members, teams, people };
}

/**
 * The compact layout's one OrganizationMembers for the roster's users (none for a roster without
 * users), after the teams its people join through (`throughTeams`, which they then name). The people
 * the last state holds as this component's Users (the per-person layout) are taken over without a
 * write; their Users leave the stack, their users kept.
 */
function declareMembers<C extends ChildrenShape>(
  { name, plan, kinds, guard, parent }: Declaring<C>,
  users: readonly RosterUser[],
  personOf: ReturnType<typeof personArgsOf<C>>,
  throughTeams: Record<string, C["Team"]> | undefined,
  /** The protected admins, a User each, made after the set: one it held until now (promoted) it makes an admin and lets go to their User. */
  protectedAdmins: readonly RosterUser[],
  /** What the last state holds of the Organization's users. */
  recorded: pulumi.Output<RecordedUsers>,
): C["OrganizationMembers"] | undefined {
  if (users.length === 0) return undefined;
  const membersArgs: OrganizationChildArgs["OrganizationMembers"] = {
    members: Object.fromEntries(users.map((user) => [user.userName, { ...personOf(user), ...(throughTeams === undefined ? {} : { teams: user.teams }) }])),
    ...adoptionOf(plan),
    ...userPolicyOf(plan),
    // Only those moving in (the protected admins stay Users), and of them the admins, demoted.
    heldAsUsers: movingIn(recorded, users, "asUsers"),
    heldAsAdmins: movingIn(recorded, users, "adminsAsUsers"),
    ...(protectedAdmins.length === 0 ? {} : { adminsAsUsers: protectedAdmins.map((user) => user.userName) }),
    guardedBy: name,
  };
  const joined = throughTeams === undefined ? [] : [...new Set(users.flatMap((user) => user.teams.map((team) => required(throughTeams, team))))];
  return kinds.OrganizationMembers(membersChildName(name), membersArgs, joined.length === 0 ? parent : { ...parent, dependsOn: [guard, ...joined] });
}

/** Of the Users the last state holds as this Organization's (`recorded`: all of them, or those recorded admins), those now in its set. */
function movingIn(lastState: pulumi.Output<RecordedUsers>, inTheSet: readonly RosterUser[], recorded: "asUsers" | "adminsAsUsers"): pulumi.Output<string[]> {
  return lastState.apply((held) => {
    const declared = new Set(inTheSet.map((user) => identityOf("userName", user.userName)));
    const moving = held[recorded].filter((userName) => declared.has(identityOf("userName", userName)));
    return moving.length === 0 ? undefined : moving;
  }) as pulumi.Output<string[]>;
}

/**
 * The custom organization roles, each an assignment that waits for its role. With `usersFrom: idp`
 * (no User writes a role) every role but the default `member` is an assignment too; a user declared
 * `member` keeps the role the identity provider gives (an admin is reported as outside code).
 */
function declareOrganizationRoles<C extends ChildrenShape>(
  { name, plan, kinds, guard, parent }: Declaring<C>,
  people: People<C>,
  customRoles: Record<string, C["CustomRole"]>,
): Record<string, C["OrganizationRoleAssignment"]> {
  const assignments: Record<string, C["OrganizationRoleAssignment"]> = {};
  const byAssignment = plan.roster.usersFrom === "idp";
  for (const user of plan.roster.users) {
    const role = customRoles[user.organizationRole];
    if (role === undefined && !(byAssignment && user.organizationRole !== "member")) continue;
    assignments[user.userName] = kinds.OrganizationRoleAssignment(
      userChildName(name, user.userName),
      { user: people.referenceOf(user.userName), role: role?.name ?? user.organizationRole, ...adoptionOf(plan) },
      { ...parent, dependsOn: [guard, ...people.declaredBy, ...(role === undefined ? [] : [role])] },
    );
  }
  return assignments;
}

/** Each team's roles by member, each assignment waiting for its team (which it names) and its custom role, if any. */
function declareTeamRoles<C extends ChildrenShape>(
  { name, plan, kinds, guard, parent }: Declaring<C>,
  people: People<C>,
  teams: Record<string, C["Team"]>,
  customRoles: Record<string, C["CustomRole"]>,
): Record<string, Record<string, C["TeamRoleAssignment"]>> {
  const assignments: Record<string, Record<string, C["TeamRoleAssignment"]>> = {};
  for (const team of plan.roster.teams) {
    const teamResource = required(teams, team.name);
    const byUser: Record<string, C["TeamRoleAssignment"]> = {};
    for (const [userName, roleName] of Object.entries(team.roles)) {
      const role = customRoles[roleName];
      byUser[userName] = kinds.TeamRoleAssignment(
        `${name}/${team.name}/${identityOf("userName", userName)}`,
        { user: people.referenceOf(userName), teamName: teamResource.name, roleName: role?.name ?? roleName, ...adoptionOf(plan) },
        { ...parent, dependsOn: [guard, teamResource, ...people.declaredBy, ...(role === undefined ? [] : [role])] },
      );
    }
    if (Object.keys(byUser).length > 0) assignments[team.name] = byUser;
  }
  return assignments;
}

/** Registry roles by registry, then member. */
function declareRegistryRoles<C extends ChildrenShape>(
  { name, plan, kinds, guard, parent }: Declaring<C>,
  people: People<C>,
): Record<string, Record<string, C["RegistryRoleAssignment"]>> {
  const assignments: Record<string, Record<string, C["RegistryRoleAssignment"]>> = {};
  for (const grant of plan.roster.registryRoles) {
    const byUser = (assignments[grant.registry] ??= {});
    byUser[grant.user] = kinds.RegistryRoleAssignment(
      `${name}/${grant.registry}/${identityOf("userName", grant.user)}`,
      { user: people.referenceOf(grant.user), registryName: grant.registry, roleName: grant.role, ...adoptionOf(plan) },
      people.declaredBy.length === 0 ? parent : { ...parent, dependsOn: [guard, ...people.declaredBy] },
    );
  }
  return assignments;
}

/** A child the validated roster guarantees; a miss is a bug of this component, not of the roster. */
function required<T>(children: Record<string, T>, key: string): T {
  const child = children[key];
  if (child === undefined) throw new Error(`Organization: internal error: no child resource for "${key}"`);
  return child;
}

function idsOf(resources: Record<string, DeclaredChild>): pulumi.Output<Record<string, string>> {
  return pulumi.all(Object.fromEntries(Object.entries(resources).map(([key, resource]) => [key, resource.id]))) as pulumi.Output<
    Record<string, string>
  >;
}
