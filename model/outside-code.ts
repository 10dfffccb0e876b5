// What W&B holds that a roster does not declare ("outside code"): computed from the three listings
// an operation reads anyway (users, teams, custom roles), never from a request per object. Service
// accounts are never users (GET /Users never returns them: a team member it does not list is one),
// what a roster's `outsideCode.ignore` matches is never reported, and the user the provider acts as
// is never deactivated. The report is data, kept in the guard record's state: the review and
// `pulumi-wandb audit` print it, the guard rails judge what it would deactivate or delete.
import { z } from "zod";
import type { ScimRole, ScimTeam, ScimUser } from "../service/model";
import { isPersonMember } from "../service/team-membership";
import { liveCountOf, type LiveCount } from "./guard-rails";
import { inactiveToDeactivate, reportedActivity } from "./activity";
import { attributionOf, attributionText, type AuditLogReading, type ChangedObject, type ChangeOutsideCode } from "./audit-attribution";
import { identityOf, sameIdentity } from "./identity";
import { patternMatcher } from "./name-patterns";
import { shownName } from "./shown-names";
import { CUSTOM_ROLES_OUTSIDE_CODE, SOURCES, TEAMS_OUTSIDE_CODE, USERS_OUTSIDE_CODE } from "./vocabulary";
import type { ValidatedRoster } from "./roster/roster";


/** A roster's `outsideCode`, and its `usersFrom`: what is done with what it does not declare. */
export const outsideCodePolicySchema = z.object({
  users: z.enum(USERS_OUTSIDE_CODE).meta({ description: "What is done with users the roster does not declare: `report` them, or `deactivate` them at `up`." }),
  teams: z.enum(TEAMS_OUTSIDE_CODE).meta({ description: "What is done with teams the roster does not declare: `report` them (the service cannot delete a team)." }),
  customRoles: z.enum(CUSTOM_ROLES_OUTSIDE_CODE).meta({ description: "What is done with custom roles the roster does not declare: `report` them, or `delete` them at `up`." }),
  ignore: z.array(z.string()).meta({ description: "Globs on userName, email, team or role name: what they match is never reported and never touched." }),
  usersFrom: z.enum(SOURCES).meta({ description: "Who creates the roster's users: `code` (this roster), or `idp` (the identity provider: a missing user is reported, never created)." }),
  deactivateInactiveAfterDays: z.number().int().positive().optional().meta({
    description: "The roster's `deactivateInactiveAfterDays`: users W&B lists as active, declared or not, who have not been active in this many days are deactivated at `up`.",
  }),
}).meta({ id: "OutsideCodePolicy" });
export type OutsideCodePolicy = z.output<typeof outsideCodePolicySchema>;

export const REPORT_ONLY: OutsideCodePolicy = { users: "report", teams: "report", customRoles: "report", ignore: [], usersFrom: "code" };

/** What a roster declares, as far as the report compares: userNames and emails, admins, teams, custom roles. */
export const declaredOrganizationSchema = z.object({
  users: z.array(z.object({ userName: z.string(), email: z.string() })),
  /** userNames. */
  admins: z.array(z.string()),
  /** Teams whose members the roster writes. */
  teams: z.array(z.string()),
  /** Teams whose members the identity provider writes (`membersFrom: idp`), with the members the roster lists beside them. */
  idpTeams: z.record(z.string(), z.array(z.string())),
  customRoles: z.array(z.string()),
});
export type DeclaredOrganization = z.output<typeof declaredOrganizationSchema>;

/** What the guard record keeps of a roster for the report, beside its users, admins and teams (model/guard-rails). */
export function outsideCodeRecordOf(roster: ValidatedRoster) {
  return {
    emails: Object.fromEntries(roster.users.map((user) => [user.userName, user.email])),
    customRoles: roster.customRoles.map((role) => role.name).sort(),
    idpTeams: Object.fromEntries(roster.teams.filter((team) => team.membersFrom === "idp").map((team) => [team.name, [...team.members].sort()])),
    outsideCode: {
      ...roster.outsideCode,
      usersFrom: roster.usersFrom,
      ...(roster.deactivateInactiveAfterDays === undefined ? {} : { deactivateInactiveAfterDays: roster.deactivateInactiveAfterDays }),
    },
  };
}

/** What a guard record (or a roster, through `rosterAccessOf` and `outsideCodeRecordOf`) declares, as the report compares. */
export function declaredOf(record: {
  users: readonly string[];
  admins: readonly string[];
  teams: Readonly<Record<string, readonly string[]>>;
  emails: Readonly<Record<string, string>>;
  customRoles: readonly string[];
  idpTeams: Readonly<Record<string, readonly string[]>>;
}): DeclaredOrganization {
  return {
    users: record.users.map((userName) => ({ userName, email: record.emails[userName] ?? "" })),
    admins: [...record.admins],
    teams: Object.keys(record.teams),
    idpTeams: Object.fromEntries(Object.entries(record.idpTeams).map(([team, members]) => [team, [...members]])),
    customRoles: [...record.customRoles],
  };
}

const person = z.object({
  userName: z.string().meta({ description: "The user's userName." }),
  email: z.string().meta({ description: "The user's primary email." }),
  organizationRole: z.string().optional().meta({ description: "The user's organization role as W&B lists it; absent where the service shows no roles." }),
}).meta({ id: "OutsidePerson" });
export type OutsidePerson = z.output<typeof person>;

const activePerson = person
  .extend({
    lastActiveAt: z.string().optional().meta({ description: "The user's last activity (ISO 8601); absent for someone never active." }),
    createdAt: z.string().optional().meta({ description: "When the user was created (ISO 8601), where W&B says." }),
    declared: z.boolean().meta({ description: "Whether the roster declares the user." }),
  })
  .meta({ id: "ActivePerson" });
type ActivePerson = z.output<typeof activePerson>;

export const outsideCodeReportSchema = z.object({
  admins: z.array(person.extend({ declared: z.boolean().meta({ description: "Whether the roster declares the user, with another role." }) }).meta({ id: "OutsideAdmin" })).meta({ description: "Active organization admins the roster does not declare as admins: they rank first, as a warning." }),
  users: z.array(person).meta({ description: "Active users the roster does not declare." }),
  teams: z.array(z.object({
    name: z.string().meta({ description: "The team's name." }),
    members: z.array(z.string()).meta({ description: "Its members (people), by userName." }),
    serviceAccounts: z.number().meta({ description: "How many service accounts it holds." }),
  }).meta({ id: "OutsideTeam" })).meta({ description: "Teams the roster does not declare, with their members (people, by userName) and how many service accounts they hold." }),
  customRoles: z.array(z.object({
    name: z.string().meta({ description: "The custom role's name." }),
    inheritedFrom: z.string().meta({ description: "The predefined role it extends." }),
    permissions: z.array(z.string()).meta({ description: "The permissions it adds." }),
  }).meta({ id: "OutsideCustomRole" })).meta({ description: "Custom roles the roster does not declare, with the permissions they add." }),
  idpTeams: z.array(
    z.object({
      name: z.string().meta({ description: "The team's name." }),
      members: z.array(z.string()).meta({ description: "Its members as W&B lists them, by userName." }),
      notInRoster: z.array(z.string()).meta({ description: "Members W&B lists that the roster does not." }),
      notInTeam: z.array(z.string()).meta({ description: "Members the roster lists that W&B does not." }),
    }).meta({ id: "IdpTeam" }),
  ).meta({ description: "Teams of `membersFrom: idp`: their members as W&B lists them, and how they differ from the roster's list (information only)." }),
  missingUsers: z.array(z.object({ userName: z.string().meta({ description: "The declared userName." }), email: z.string().meta({ description: "The declared email." }) }).meta({ id: "MissingUser" })).meta({ description: "With `usersFrom: idp`: declared users W&B does not list (the identity provider has not created them)." }),
  inactive: z
    .array(activePerson)
    .default([])
    .meta({
      description:
        "With `deactivateInactiveAfterDays: N`: the active users, declared or not, not active in N days (someone never active once created " +
        "more than N days ago), whom `up` deactivates; none that `outsideCode.ignore` matches.",
    }),
  activity: z
    .array(activePerson)
    .default([])
    .meta({
      description:
        "The active users W&B reports the activity of, declared or not, none that `outsideCode.ignore` matches, as the run read " +
        "them: what its plan judges `deactivateInactiveAfterDays` on. Never kept in the record's state (see `inactive`).",
    }),
  activityUnreported: z
    .array(z.string())
    .default([])
    .meta({ description: "With `deactivateInactiveAfterDays`: the active users (userNames) whose activity W&B does not report: left alone." }),
  ignored: z.number().meta({ description: "How many objects `outsideCode.ignore` matched: never reported, never touched." }),
  listed: z.object({
    users: z.number().meta({ description: "Active users W&B lists." }),
    admins: z.number().optional().meta({ description: "Active organization admins W&B lists, where the service shows roles." }),
  }).meta({ id: "ListedCount" }).meta({ description: "The active users (and admins, where the service shows roles) W&B lists: what a deactivation is counted against." }),
}).meta({ id: "OutsideCodeReport" });
export type OutsideCodeReport = z.output<typeof outsideCodeReportSchema>;

/** The organization as its three listings show it. */
export interface ListedOrganization {
  users: readonly ScimUser[];
  teams: readonly ScimTeam[];
  roles: readonly ScimRole[];
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
const byUserName = (a: { userName: string }, b: { userName: string }) => a.userName.localeCompare(b.userName);
const personOf = ({ userName, email, organizationRole }: { userName: string; email: string; organizationRole?: string | undefined }): OutsidePerson => ({
  userName,
  email,
  ...(organizationRole === undefined ? {} : { organizationRole }),
});

/** Whether a person is one of `people`: one W&B user holds both a userName and an email, and either names it. */
function amongPeople(people: readonly { userName: string; email: string }[]): (person: { userName: string; email: string }) => boolean {
  const userNames = new Set(people.map((each) => identityOf("userName", each.userName)));
  const emails = new Set(people.map((each) => identityOf("email", each.email)));
  return (person) => userNames.has(identityOf("userName", person.userName)) || emails.has(identityOf("email", person.email));
}

/** What W&B lists that `declared` does not declare, under `policy`; from the listings alone. */
export function outsideCodeOf(
  declared: DeclaredOrganization,
  listed: ListedOrganization,
  policy: Pick<OutsideCodePolicy, "ignore" | "deactivateInactiveAfterDays">,
  now: number = Date.now(),
): OutsideCodeReport {
  const ignoredBy = patternMatcher(policy.ignore);
  let ignored = 0;
  const kept = (...names: string[]): boolean => {
    if (ignoredBy(...names) === undefined) return true;
    ignored += 1;
    return false;
  };
  const admins = new Set(declared.admins.map((name) => identityOf("userName", name)));
  const isDeclared = amongPeople(declared.users);

  const userIds = new Set(listed.users.map((user) => user.id));
  const usersById = new Map(listed.users.map((user) => [user.id, user]));
  const active = listed.users.filter((user) => user.active && kept(user.userName, user.email));
  const peopleOf = (team: ScimTeam) =>
    team.members.flatMap((member) => {
      const user = isPersonMember(member, userIds) ? usersById.get(member.id) : undefined;
      return user === undefined || ignoredBy(user.userName, user.email) !== undefined ? [] : [user.userName];
    });

  const declaredTeams = new Set([...declared.teams, ...Object.keys(declared.idpTeams)].map((name) => identityOf("teamName", name)));
  const declaredRoles = new Set(declared.customRoles.map((name) => identityOf("customRoleName", name)));
  return {
    admins: active
      .filter((user) => user.organizationRole !== undefined && identityOf("organizationRole", user.organizationRole) === "admin")
      .filter((user) => !admins.has(identityOf("userName", user.userName)))
      .map((user) => ({ ...personOf(user), declared: isDeclared(user) }))
      .sort(byUserName),
    users: active.filter((user) => !isDeclared(user)).map(personOf).sort(byUserName),
    teams: listed.teams
      .filter((team) => !declaredTeams.has(identityOf("teamName", team.name)) && kept(team.name))
      .map((team) => {
        const members = peopleOf(team).sort();
        return { name: team.name, members, serviceAccounts: team.members.filter((member) => !isPersonMember(member, userIds)).length };
      })
      .sort(byName),
    customRoles: listed.roles
      .filter((role) => !declaredRoles.has(identityOf("customRoleName", role.name)) && kept(role.name))
      .map((role) => ({ name: role.name, inheritedFrom: role.inheritedFrom, permissions: [...role.permissions].sort() }))
      .sort(byName),
    idpTeams: Object.entries(declared.idpTeams)
      .map(([name, rosterMembers]) => {
        const team = listed.teams.find((each) => sameIdentity("teamName", each.name, name));
        const members = team === undefined ? [] : peopleOf(team).sort();
        const holds = (names: readonly string[], userName: string) => names.some((each) => sameIdentity("userName", each, userName));
        // A roster that lists none of the team's members leaves them to the identity provider: no list to differ from.
        return {
          name,
          members,
          notInRoster: rosterMembers.length === 0 ? [] : members.filter((member) => !holds(rosterMembers, member)),
          notInTeam: rosterMembers.filter((member) => !holds(members, member)).sort(),
        };
      })
      .sort(byName),
    missingUsers: [],
    ...inactiveAmong(active, policy.deactivateInactiveAfterDays, isDeclared, now),
    ignored,
    listed: listedCount(liveCountOf(listed.users)),
  };
}

/**
 * Of the `active` users (none ignored): the activity of those W&B reports it for, those
 * `deactivateInactiveAfterDays: days` deactivates, and those whose activity W&B does not report.
 */
function inactiveAmong(active: readonly ScimUser[], days: number | undefined, isDeclared: (user: ScimUser) => boolean, now: number) {
  const reported = (user: ScimUser) => reportedActivity(user.lastActiveAt, user.created);
  const activity = active
    .filter((user) => reported(user) !== undefined)
    .map((user) => {
      const lastActiveAt = reported(user);
      return {
        ...personOf(user),
        ...(typeof lastActiveAt === "string" ? { lastActiveAt } : {}),
        ...(user.created === undefined ? {} : { createdAt: user.created }),
        declared: isDeclared(user),
      };
    })
    .sort(byUserName);
  return {
    activity,
    inactive: days === undefined ? [] : inactiveIn(activity, days, now),
    activityUnreported: days === undefined ? [] : active.filter((user) => reported(user) === undefined).map((user) => user.userName).sort(),
  };
}

/** Of `activity`, who has not been active in `days` days before `now` (model/activity). */
const inactiveIn = (activity: readonly ActivePerson[], days: number, now: number) =>
  activity.filter((user) => inactiveToDeactivate(user.lastActiveAt ?? null, user.createdAt, days, now) === true);

const listedCount = (count: LiveCount): OutsideCodeReport["listed"] => ({ users: count.users, ...(count.admins === undefined ? {} : { admins: count.admins }) });

/**
 * The report under `policy`: with `usersFrom: idp`, the declared users W&B does not list are
 * reported too (never created).
 */
export function outsideCodeUnder(declared: DeclaredOrganization, listed: ListedOrganization, policy: OutsideCodePolicy, now: number = Date.now()): OutsideCodeReport {
  const report = outsideCodeOf(declared, listed, policy, now);
  if (policy.usersFrom !== "idp") return report;
  const listedPerson = amongPeople(listed.users);
  const missingUsers = declared.users.filter((user) => !listedPerson(user)).sort(byUserName);
  return { ...report, missingUsers };
}

/**
 * The declared users W&B lists as deactivated, none that `policy.ignore` matches: access the roster
 * declares and W&B does not give (`pulumi-wandb audit` tells them; a stack's drift preview shows
 * them as its Users' reactivation).
 */
export function deactivatedDeclared(declared: DeclaredOrganization, listed: ListedOrganization, policy: Pick<OutsideCodePolicy, "ignore">): OutsidePerson[] {
  const isDeclared = amongPeople(declared.users);
  const ignoredBy = patternMatcher(policy.ignore);
  return listed.users
    .filter((user) => !user.active && isDeclared(user) && ignoredBy(user.userName, user.email) === undefined)
    .map(personOf)
    .sort(byUserName);
}

/**
 * The users `policy` deactivates: those the report lists and `declared` (the roster now, which may
 * declare some since the report) does not, when `users: deactivate` (never with `usersFrom: idp`);
 * never the user the provider acts as.
 */
export function usersToDeactivate(
  report: OutsideCodeReport,
  policy: OutsideCodePolicy,
  declared: DeclaredOrganization,
  actingUser: string | undefined,
): OutsidePerson[] {
  if (policy.users !== "deactivate" || policy.usersFrom === "idp") return [];
  const named = amongPeople(declared.users);
  return report.users.filter((user) => !named(user) && !sameIdentity("userName", user.userName, actingUser));
}

/**
 * The users `deactivateInactiveAfterDays` deactivates, from the activity the report found (so that a
 * key the roster adds or changes since is judged too): those not active in its days before `now`,
 * declared or not (never with `usersFrom: idp`); none the policy's `ignore` matches now, never the
 * user the provider acts as.
 */
export function inactiveUsersToDeactivate(report: OutsideCodeReport, policy: OutsideCodePolicy, actingUser: string | undefined, now: number): OutsidePerson[] {
  if (policy.deactivateInactiveAfterDays === undefined || policy.usersFrom === "idp") return [];
  const ignoredBy = patternMatcher(policy.ignore);
  return inactiveIn(report.activity, policy.deactivateInactiveAfterDays, now)
    .filter((user) => ignoredBy(user.userName, user.email) === undefined && !sameIdentity("userName", user.userName, actingUser))
    .map(personOf);
}

/** The custom roles `policy` deletes: those the report lists and `declared` does not, when `customRoles: delete`. */
export function rolesToDelete(report: OutsideCodeReport, policy: OutsideCodePolicy, declared: DeclaredOrganization): string[] {
  if (policy.customRoles !== "delete") return [];
  return report.customRoles.map((role) => role.name).filter((name) => !declared.customRoles.some((each) => sameIdentity("customRoleName", each, name)));
}

/** What the record's write changes in W&B, planned at its check from the listings the run reads: exactly this, never one person more. */
const plannedDeactivation = person
  .extend({
    reason: z.enum(["outsideCode", "inactive"]).meta({ description: "`outsideCode`: the roster does not declare the user (`outsideCode.users: deactivate`); `inactive`: not active in `deactivateInactiveAfterDays`." }),
    lastActiveAt: z.string().optional().meta({ description: "The user's last activity (ISO 8601) where `inactive`; absent for someone never active." }),
  })
  .meta({ id: "PlannedDeactivation" });

export const accessPlanSchema = z
  .object({
    deactivate: z
      .array(plannedDeactivation)
      .meta({ description: "The users the write deactivates, each with why: those who qualified at the record's last look at W&B (`asOf`)." }),
    waiting: z
      .array(plannedDeactivation)
      .default([])
      .meta({ description: "The users who qualify only since the record's last look at W&B: left for the next run, whose preview names them to deactivate." }),
    deleteRoles: z
      .array(
        z
          .object({
            name: z.string().meta({ description: "The custom role's name." }),
            inheritedFrom: z.string().meta({ description: "The role its holders fall back to." }),
            holders: z.array(z.string()).optional().meta({ description: "Its holders (userNames), where the service shows roles on its listing." }),
          })
          .meta({ id: "PlannedRoleDeletion" }),
      )
      .meta({ description: "The custom roles the write deletes (`outsideCode.customRoles: delete`), with their holders and the role they fall back to." }),
    reactivate: z
      .array(person)
      .default([])
      .meta({
        description:
          "Declared users this roster deactivated for inactivity that `deactivateInactiveAfterDays` no longer deactivates (the key removed or " +
          "raised, or the user now ignored): the write reactivates them.",
      }),
    kept: z
      .array(
        z
          .object({ userName: z.string().meta({ description: "The user's userName." }), reason: z.string().meta({ description: "Why the user is kept." }) })
          .meta({ id: "KeptUser" }),
      )
      .meta({ description: "Users a rule would deactivate that are kept, each with why (the user the provider acts as)." }),
  })
  .meta({ id: "AccessPlan" });
export type AccessPlan = z.output<typeof accessPlanSchema>;

/** Whether `policy` changes anything in W&B by itself (deactivations, deletions), so that its plan is read live at every check. */
export function actsOnLiveOrganization(policy: OutsideCodePolicy): boolean {
  return (policy.usersFrom !== "idp" && (policy.users === "deactivate" || policy.deactivateInactiveAfterDays !== undefined)) || policy.customRoles === "delete";
}

/** When `policy` judges the organization: the time its plan is made as of, and the time now. */
export interface PlanTimes {
  /** The record's last look at W&B (its last applied check, or a refresh): whoever qualifies only after it waits for the next run. */
  asOf: number;
  now: number;
}

/**
 * What the record's write does under `policy`, from a report of the listings the run read: the
 * users to deactivate (undeclared ones first, then the inactive) as they qualified at `times.asOf`,
 * the custom roles to delete with their holders (from `listedUsers`, where the service shows
 * roles), who qualifies only since (waiting for the next run, which names them at its preview as
 * any other), and who is kept though a rule names them (the user the provider acts as).
 */
export function accessPlanOf(
  report: OutsideCodeReport,
  policy: OutsideCodePolicy,
  declared: DeclaredOrganization,
  actingUser: string | undefined,
  listedUsers: readonly ScimUser[],
  times: PlanTimes,
): AccessPlan {
  const createdAt = (userName: string) => Date.parse(listedUsers.find((user) => sameIdentity("userName", user.userName, userName))?.created ?? "");
  const madeBy = (at: number) => (user: { userName: string }) => !(createdAt(user.userName) > at);
  const undeclared = usersToDeactivate(report, policy, declared, undefined);
  const notUndeclared = (user: { userName: string }) => !undeclared.some((each) => sameIdentity("userName", each.userName, user.userName));
  const inactiveAt = (at: number) => inactiveUsersToDeactivate(report, policy, undefined, at).filter(notUndeclared);
  const activity = (userName: string) => report.activity.find((each) => sameIdentity("userName", each.userName, userName))?.lastActiveAt;
  const inactivity = (user: OutsidePerson) => {
    const lastActiveAt = activity(user.userName);
    return { ...user, reason: "inactive" as const, ...(lastActiveAt === undefined ? {} : { lastActiveAt }) };
  };
  const qualified = [...undeclared.filter(madeBy(times.asOf)).map((user) => ({ ...user, reason: "outsideCode" as const })), ...inactiveAt(times.asOf).map(inactivity)];
  const since = (user: { userName: string }) => !qualified.some((each) => sameIdentity("userName", each.userName, user.userName));
  const waiting = [...undeclared.filter(since).map((user) => ({ ...user, reason: "outsideCode" as const })), ...inactiveAt(times.now).filter(since).map(inactivity)];
  const isSelf = (user: { userName: string }) => sameIdentity("userName", user.userName, actingUser);
  const rolesShown = listedUsers.some((user) => user.organizationRole !== undefined);
  return {
    deactivate: qualified.filter((user) => !isSelf(user)),
    reactivate: [],
    waiting: waiting.filter((user) => !isSelf(user)),
    deleteRoles: rolesToDelete(report, policy, declared).map((name) => ({
      name,
      inheritedFrom: report.customRoles.find((role) => role.name === name)?.inheritedFrom ?? "member",
      ...(rolesShown
        ? { holders: listedUsers.filter((user) => user.active && sameIdentity("customRoleName", user.organizationRole ?? "", name)).map((user) => user.userName).sort() }
        : {}),
    })),
    kept: [...qualified, ...waiting].filter(isSelf).map((user) => ({ userName: user.userName, reason: "the user the provider acts as: never deactivated" })),
  };
}

/** Whether the plan changes anything in W&B. */
export const planActs = (plan: AccessPlan | undefined): boolean => plan !== undefined && plan.deactivate.length + plan.deleteRoles.length + plan.reactivate.length > 0;

/**
 * The declared users W&B lists as inactive that a roster's `deactivateInactiveAfterDays` kept so
 * (`previousDays`: they qualified under it) and that `policy` no longer deactivates as of `now` (the
 * key removed or raised, or the user now ignored): to reactivate. The roster declares them active, so
 * a refresh would find them as drift all the same; the plan names them first.
 */
export function reactivationsOf(
  previousDays: number | undefined,
  declared: DeclaredOrganization,
  policy: OutsideCodePolicy,
  listedUsers: readonly ScimUser[],
  now: number,
): OutsidePerson[] {
  if (previousDays === undefined) return [];
  const days = policy.usersFrom === "idp" ? undefined : policy.deactivateInactiveAfterDays;
  const ignoredBy = patternMatcher(policy.ignore);
  const isDeclared = amongPeople(declared.users);
  const qualifies = (user: ScimUser, under: number | undefined) => under !== undefined && inactiveToDeactivate(user.lastActiveAt, user.created, under, now) === true;
  return listedUsers
    .filter((user) => !user.active && isDeclared(user) && qualifies(user, previousDays) && (!qualifies(user, days) || ignoredBy(user.userName, user.email) !== undefined))
    .map(personOf)
    .sort(byUserName);
}

const grants = (role: string | undefined) => (role === undefined ? "" : `, organization role ${shownName(role)}`);
/** A person as a line names one: each name as people may read it (model/shown-names). */
const who = (user: OutsidePerson) => `${shownName(user.userName)} (${shownName(user.email)}${grants(user.organizationRole)})`;
/** Names, each as people may read it, joined by commas. */
const names = (values: readonly string[]) => values.map(shownName).join(", ");

/**
 * The report as the record keeps it: without the activity of everyone, which each run reads again
 * for its plan (about 1.2 MB at 10,000 users), and without the identity provider's teams that agree
 * with the roster (their members, information only, are W&B's to list); the inactive, whom a
 * `deactivateInactiveAfterDays` deactivates, stay named.
 */
export function keptReportOf(report: OutsideCodeReport): OutsideCodeReport {
  return { ...report, activity: [], idpTeams: report.idpTeams.filter((team) => team.notInRoster.length + team.notInTeam.length > 0) };
}

/**
 * What a later refresh's report is compared with (outsideCodeAddedSince): the report without its
 * activity lists, which change with every login and are never news.
 */
export function newsBasisOf(report: OutsideCodeReport): OutsideCodeReport {
  return { ...keptReportOf(report), inactive: [], activityUnreported: [] };
}

/**
 * What `now` shows that `before` did not, by kind and name: an admin, a user (or a user's other
 * organization role), a team or a member of one, a custom role or a permission of one. What was
 * removed since is left out: the roster's own removals in a run are written after its record
 * reports, and access taken away outside code is no access gained.
 */
export function outsideCodeAddedSince(before: OutsideCodeReport, now: OutsideCodeReport): string[] {
  const userNamed = (people: readonly OutsidePerson[], userName: string) => people.find((each) => sameIdentity("userName", each.userName, userName));
  const sameGrant = (earlier: OutsidePerson | undefined, user: OutsidePerson) => earlier !== undefined && earlier.organizationRole === user.organizationRole;
  const added = (names: readonly string[], earlier: readonly string[]) => names.filter((name) => !earlier.includes(name));
  return [
    ...now.admins.filter((admin) => userNamed(before.admins, admin.userName) === undefined).map((admin) => `admin ${admin.userName}`),
    ...now.users.filter((user) => !sameGrant(userNamed(before.users, user.userName), user)).map((user) => `user ${who(user)}`),
    ...now.teams.flatMap((team) => {
      const earlier = before.teams.find((each) => sameIdentity("teamName", each.name, team.name));
      if (earlier === undefined) return [`team ${team.name}`];
      return [
        ...added(team.members, earlier.members).map((member) => `member ${member} of team ${team.name}`),
        ...(team.serviceAccounts > earlier.serviceAccounts ? [`a service account in team ${team.name}`] : []),
      ];
    }),
    ...now.customRoles.flatMap((role) => {
      const earlier = before.customRoles.find((each) => sameIdentity("customRoleName", each.name, role.name));
      if (earlier === undefined) return [`custom role ${role.name}`];
      return [
        ...(earlier.inheritedFrom === role.inheritedFrom ? [] : [`custom role ${role.name} inheriting from ${role.inheritedFrom}`]),
        ...added(role.permissions, earlier.permissions).map((permission) => `${permission} in custom role ${role.name}`),
      ];
    }),
  ];
}

/** An object of the stack's other resources, by kind and name: a user by userName, a team or custom role by name. */
export type HeldByStack = (kind: "User" | "Team" | "CustomRole", name: string) => boolean;

/**
 * The report without what other resources of the stack hold: a standalone User, Team or CustomRole
 * beside the Organization is outside its roster, but it is code, not news of a change made by hand.
 */
export function withoutHeldByStack(report: OutsideCodeReport, held: HeldByStack): OutsideCodeReport {
  return {
    ...report,
    admins: report.admins.filter((admin) => !held("User", admin.userName)),
    users: report.users.filter((user) => !held("User", user.userName)),
    teams: report.teams.filter((team) => !held("Team", team.name)),
    customRoles: report.customRoles.filter((role) => !held("CustomRole", role.name)),
  };
}

/**
 * The report without the users and custom roles the roster declared before this run and no
 * longer does: the run removes them itself (their resources' deletes, counted by the guard rails
 * there), after its record reports.
 */
export function withoutDroppedThisRun(report: OutsideCodeReport, before: DeclaredOrganization, after: DeclaredOrganization): OutsideCodeReport {
  const dropped = (name: string) =>
    before.users.some((user) => sameIdentity("userName", user.userName, name)) && !after.users.some((user) => sameIdentity("userName", user.userName, name));
  const droppedRole = (name: string) =>
    before.customRoles.some((each) => sameIdentity("customRoleName", each, name)) && !after.customRoles.some((each) => sameIdentity("customRoleName", each, name));
  return {
    ...report,
    admins: report.admins.filter((admin) => !dropped(admin.userName)),
    users: report.users.filter((user) => !dropped(user.userName)),
    inactive: report.inactive.filter((user) => !dropped(user.userName)),
    activity: report.activity.filter((user) => !dropped(user.userName)),
    customRoles: report.customRoles.filter((role) => !droppedRole(role.name)),
  };
}

/** How many objects of one kind the engine's output names, one line each, before it counts the rest. */
const LINES_PER_KIND = 20;

/** What the audit log says of a change, after its line: nothing where the log was not read. */
function attributed(kind: ChangeOutsideCode, object: ChangedObject, reading: AuditLogReading | undefined): string {
  const attribution = attributionOf(kind, object, reading);
  return attribution === undefined ? "" : ` (${attributionText(attribution)})`;
}

/**
 * The report as lines for the engine's output, under Organization `organization`: the admins the
 * roster does not declare as such first, as warnings, then the rest, each object by name, kind and
 * what it grants; with `reading` (wandb:auditLog), each change with who made it and when.
 */
export function outsideCodeLines(
  organization: string,
  report: OutsideCodeReport,
  actingUser?: string,
  reading?: AuditLogReading,
): { warnings: string[]; notes: string[] } {
  const at = `Organization "${shownName(organization)}": outside code:`;
  // Past a count, one line for the rest of a kind: the review and `pulumi-wandb audit` list them all.
  const atMost = (lines: string[], kind: string) =>
    lines.length <= LINES_PER_KIND ? lines : [...lines.slice(0, LINES_PER_KIND), `${at} and ${lines.length - LINES_PER_KIND} more ${kind} (the access review lists them all)`];
  const inactive = `Organization "${shownName(organization)}": inactive:`;
  const warnings = report.admins.map(
    (admin) =>
      `${at} ${shownName(admin.userName)} (${shownName(admin.email)}) is an organization admin ${admin.declared ? "the roster declares with another role" : "the roster does not declare"}` +
      attributed("adminGranted", admin, reading),
  );
  const notes = [
    ...atMost(report.users.map((user) => `${at} user ${who(user)}, not declared${attributed("userAdded", user, reading)}`), "users, not declared"),
    ...atMost(
      report.teams.map((team) => `${at} team ${shownName(team.name)}, not declared, members: ${names(team.members) || "none"}${attributed("teamMade", { team: team.name }, reading)}`),
      "teams, not declared",
    ),
    ...atMost(
      report.customRoles.map(
        (role) =>
          `${at} custom role ${shownName(role.name)}, not declared, ${shownName(role.inheritedFrom)} plus ${names(role.permissions) || "no permission"}` +
          attributed("customRoleChanged", {}, reading),
      ),
      "custom roles, not declared",
    ),
    ...report.idpTeams.flatMap((team) =>
      team.notInRoster.length + team.notInTeam.length === 0
        ? []
        : [
            `${at} team ${shownName(team.name)} (members from the identity provider) differs from the roster's list: ` +
              [
                ...(team.notInRoster.length > 0 ? [`in the team, not listed: ${names(team.notInRoster)}`] : []),
                ...(team.notInTeam.length > 0 ? [`listed, not in the team: ${names(team.notInTeam)}`] : []),
              ].join("; "),
          ],
    ),
    ...report.missingUsers.map((user) => `${at} user ${shownName(user.userName)} (${shownName(user.email)}) is declared but not in W&B: the identity provider has not created it`),
    // Declared or not, an inactive user is not access outside code: its lines say what they are.
    ...atMost(
      report.inactive.map(
        (user) =>
          `${inactive} user ${who(user)}, ${user.lastActiveAt === undefined ? "never active" : `last active ${user.lastActiveAt}`}${user.declared ? ", declared" : ""}: ` +
          (sameIdentity("userName", user.userName, actingUser) ? "kept: the user the provider acts as is never deactivated" : "deactivated by deactivateInactiveAfterDays"),
      ),
      "users not active in the days deactivateInactiveAfterDays gives",
    ),
    ...(report.activityUnreported.length === 0
      ? []
      : [`${inactive} W&B does not report the activity of ${names(report.activityUnreported)}: deactivateInactiveAfterDays leaves them alone`]),
  ];
  return { warnings, notes };
}
