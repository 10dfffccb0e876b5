// Steps that change who is in the organization and in which teams, each read by its kind's reader:
// User (arrival, departure, organization role, and its teams on the multi-tenant cloud), Team,
// TeamMember, and the Organization's roster record (RosterGuard).
import { isDeepStrictEqual } from "node:util";
import { identityOf } from "../model/identity";
import { UNKNOWN_VALUE } from "../model/unknown-value";
import { Aspect, UNVERIFIED_KINDS } from "./access-ledger";
import { statesOf, STATE_READERS } from "./kind-states";
import type { ResourceStep } from "./preview-json";
import { joined, ownWords, phrase } from "./quoted-text";
import { adoptionOf, describedRole, newUsersIn, personOf, type ReviewContext } from "./review-context";
import type { UserOutputs } from "../model/shapes/user";
import type { AccessPlan } from "../model/outside-code";
import { IDP_TEAM_LEFT, IDP_USER_LEFT, leftToIdentityProvider, ownershipRecordSchema } from "../model/left-to-identity-provider";

/**
 * A user the change brings in: adopted as W&B holds them (importId, or adoptExisting where the
 * preview found them), joining where W&B does not hold them, or either where the preview could not
 * look. An adopted user's declared organization role is recorded, not verified.
 */
function userArrives(person: string, state: { organizationRole?: string; adoptExisting?: boolean; importId?: string; adopted?: boolean } | undefined, { ledger }: ReviewContext): void {
  const role = state?.organizationRole;
  const adoption = adoptionOf(state);
  if (adoption === "adopted" || adoption === "undetermined") {
    const adopted = role === undefined ? phrase`adopted` : phrase`adopted as ${role}`;
    const how = adoption === "adopted" ? phrase`taken over as W&B holds them` : phrase`taken over if W&B holds them, else joins the organization`;
    ledger.say(person, Aspect.Organization, joined([adopted, how], ": "), true);
    (adoption === "adopted" ? ledger.changes.adopted : ledger.changes.adoptedOrJoining).push(person);
    if (role !== undefined) ledger.unverified(UNVERIFIED_KINDS.organization, person, phrase`${person} as ${role}`);
  } else {
    ledger.say(person, Aspect.Organization, role === undefined ? phrase`joins the organization` : phrase`joins the organization as ${role}`);
    ledger.changes.joining.push(person);
  }
}

type UserState = Partial<Pick<UserOutputs, "modelsSeat" | "weaveRole">> | undefined;

/** What a user's Models seat and Weave role become: what the organization pays for, and what the user may do. */
function seatChanges(person: string, before: UserState, after: UserState, { ledger }: ReviewContext): void {
  const seats = [
    [before?.modelsSeat, after?.modelsSeat, (is: string) => phrase`Models seat ${is}`, (was: string, is: string) => phrase`Models seat ${was} → ${is}`],
    [before?.weaveRole, after?.weaveRole, (is: string) => phrase`Weave role ${is}`, (was: string, is: string) => phrase`Weave role ${was} → ${is}`],
  ] as const;
  for (const [was, is, set, changed] of seats) {
    if (is !== undefined && was !== is) ledger.sayUndoing(person, Aspect.Seats, was === undefined ? set(is) : changed(was, is), "roleOrSeatChanged");
  }
}

export function userChanges(step: ResourceStep, context: ReviewContext): void {
  const { before, after, recorded } = statesOf(STATE_READERS.User, step);
  const { ledger } = context;
  const person = after?.userName ?? before?.userName ?? recorded.userName ?? "a user";
  if (step.op === "create") userArrives(person, after, context);
  else if (step.op === "delete") {
    const was = before?.organizationRole ?? recorded.organizationRole;
    const gone = before?.deletionPolicy === "deactivate" ? phrase`is deactivated` : phrase`leaves the organization`;
    ledger.say(person, Aspect.Organization, was === undefined ? gone : joined([gone, phrase` (was `, describedRole(was), phrase`)`], ""));
    ledger.changes.leaving.push(person);
  } else {
    // Before, the role may have been left to an OrganizationRoleAssignment (whose own step tells it) or to nobody.
    const [was, is] = [before?.organizationRole, after?.organizationRole];
    if (is !== undefined && was !== is) {
      const line = was === undefined ? phrase`organization role set to ${is}` : phrase`organization role ${was} → ${is}`;
      ledger.sayUndoing(person, Aspect.OrganizationRole, ledger.ended(line, "organizationRole", person), "roleOrSeatChanged");
    }
    if (before?.active !== false && after?.active === false) {
      ledger.sayUndoing(person, Aspect.Organization, ledger.ended(phrase`is deactivated`, "user", person), "reactivated");
      ledger.changes.leaving.push(person);
    }
    if (before?.active === false && after?.active !== false) ledger.sayUndoing(person, Aspect.Organization, phrase`is reactivated`, "deactivated");
  }
  if (step.op !== "delete") seatChanges(person, before, after, context);
  // On the multi-tenant cloud a user writes its own teams, by name.
  if (context.membershipFromRecord(step)) return;
  for (const team of new Set([...(before?.teams ?? []), ...(after?.teams ?? [])])) {
    ledger.membership(team, before?.teams?.includes(team) ? [person] : [], after?.teams?.includes(team) ? [person] : []);
  }
}

/**
 * An OrganizationMembers' step, read as the step of a User per person it changes: each person who
 * joins, leaves or changes is told as a User's would be (same words, same counts).
 */
export function organizationMembersChanges(step: ResourceStep, context: ReviewContext): void {
  const { before, after, recorded } = statesOf(STATE_READERS.OrganizationMembers, step);
  const settings = (state: typeof before) => ({ adoptExisting: state?.adoptExisting, deletionPolicy: state?.deletionPolicy ?? recorded.deletionPolicy });
  const person = (state: typeof before, key: string | undefined) => {
    const member = key === undefined ? undefined : state?.members?.[key];
    return member === undefined || key === undefined ? undefined : { userName: key, ...member, ...settings(state) };
  };
  const beforeKeys = new Map(Object.keys((step.op === "create" ? undefined : before)?.members ?? recorded.members ?? {}).map((key) => [identityOf("userName", key), key]));
  const afterKeys = new Map(Object.keys((step.op === "delete" ? undefined : after)?.members ?? {}).map((key) => [identityOf("userName", key), key]));
  for (const identity of new Set([...beforeKeys.keys(), ...afterKeys.keys()])) {
    const [was, is] = [person(before ?? recorded, beforeKeys.get(identity)), person(after, afterKeys.get(identity))];
    if (was !== undefined && is !== undefined && isDeepStrictEqual(was, is)) continue;
    const op = was === undefined ? "create" : is === undefined ? "delete" : "update";
    const name = afterKeys.get(identity) ?? beforeKeys.get(identity) ?? identity;
    const recordedPerson = person(recorded, beforeKeys.get(identity)) ?? {};
    userChanges({ ...step, kind: "User", op, name, before: was, after: is, recorded: recordedPerson }, context);
  }
}

export function teamChanges(step: ResourceStep, context: ReviewContext): void {
  const { before, after, recorded } = statesOf(STATE_READERS.Team, step);
  const team = after?.name ?? before?.name ?? recorded.name ?? step.name;
  const adoption = step.op === "create" ? context.adoptions.teams.get(team) : undefined;
  // The identity provider's members stay: the team's delete writes nothing (model/shapes/team).
  if (step.op === "delete" && ((before ?? recorded).membersFrom === "idp" || context.teamsLeftToIdentityProvider.has(team))) {
    context.ledger.team(team).left = ownWords(`no longer managed; ${IDP_TEAM_LEFT}`);
    return;
  }
  if (context.membershipFromRecord(step)) return;
  const named = (references: readonly string[]) => references.flatMap((reference) => (reference === UNKNOWN_VALUE ? [] : (context.people.name(reference) ?? [])));
  const had = step.op === "create" ? [] : named(recorded.memberIds ?? before?.members ?? []);
  const emptied = step.op === "delete" && (before?.deletionPolicy ?? recorded.deletionPolicy) === "empty";
  const unknown = (after?.members ?? []).filter((member) => member === UNKNOWN_VALUE).length;
  // Members left out (the identity provider's, or not managed): an update writes none of them.
  const kept = step.op === "delete" ? !emptied : step.op === "update" && step.after?.["members"] == null;
  const has = kept ? had : step.op === "delete" ? [] : [...named(after?.members ?? []), ...newUsersIn(step, "members", unknown, context)];
  context.ledger.membership(team, had, has, adoption);
}

export function teamMemberChanges(step: ResourceStep, context: ReviewContext): void {
  if (step.op === "update") return;
  const { before, after, recorded } = statesOf(STATE_READERS.TeamMember, step);
  const teamId = after?.teamId ?? before?.teamId ?? recorded.teamId;
  const team = (teamId === undefined ? context.people.teamOf(step.dependsOn["teamId"] ?? []) : context.people.team(teamId)) ?? "a team this change creates";
  const person = personOf(step, after?.user ?? before?.user ?? recorded.userId, context);
  if (step.op === "create") context.ledger.join(person, team);
  else context.ledger.leave(person, team);
}

/**
 * A service account made joins its teams. Destroying one sends no request (no documented SCIM
 * request deletes a service account): it leaves no team, so the review shows nothing for it.
 */
export function serviceAccountChanges(step: ResourceStep, context: ReviewContext): void {
  if (step.op !== "create") return;
  const { after } = statesOf(STATE_READERS.ServiceAccount, step);
  if (after?.name === undefined || after.defaultTeam === undefined) return;
  for (const team of new Set([after.defaultTeam, ...(after.teams ?? [])])) context.ledger.join(`service account ${after.name}`, team);
}

/** What a roster record's write plans to change in W&B: each person deactivated, with why, and each custom role deleted, with its holders. */
function plannedChanges(planned: AccessPlan, days: number | undefined, { ledger }: ReviewContext): void {
  const why = (user: AccessPlan["deactivate"][number]) =>
    user.reason === "outsideCode"
      ? phrase`not declared in the roster (outsideCode.users: deactivate)`
      : joined([phrase`not active in ${String(days ?? "N")} days`, user.lastActiveAt === undefined ? phrase` (never active)` : phrase` (last active ${user.lastActiveAt.slice(0, 10)})`], "");
  for (const user of planned.deactivate) {
    ledger.say(user.userName, Aspect.Organization, joined([phrase`is deactivated: `, why(user)], ""));
    ledger.changes.leaving.push(user.userName);
  }
  for (const user of planned.reactivate) {
    ledger.say(user.userName, Aspect.Organization, phrase`is reactivated: deactivated for inactivity, and deactivateInactiveAfterDays no longer deactivates them`);
    ledger.changes.joining.push(user.userName);
  }
  for (const user of planned.waiting) {
    ledger.say(user.userName, Aspect.Organization, joined([phrase`qualifies for deactivation since the last run (`, why(user), phrase`): left for the next run, whose preview names it`], ""), true);
  }
  for (const user of planned.kept) ledger.say(user.userName, Aspect.Organization, phrase`kept: ${user.reason}`, true);
  for (const role of planned.deleteRoles) {
    const holders = role.holders === undefined ? phrase`its holders are not shown by W&B's listing` : role.holders.length === 0 ? phrase`held by nobody` : phrase`held by ${role.holders.join(", ")}`;
    ledger.changes.customRoles.set(role.name, { status: "deleted", added: [], removed: [], notes: [phrase`not declared in the roster (outsideCode.customRoles: delete)`, holders, phrase`each holder falls back to ${role.inheritedFrom}`] });
    for (const holder of role.holders ?? []) ledger.say(holder, Aspect.OrganizationRole, phrase`organization role ${role.name} → ${role.inheritedFrom} (the custom role is deleted)`);
  }
}

/** A roster record's verdicts are shown as they are, and what its write plans; its teams are compared once every record is read (a renamed component has two). */
export function rosterGuardChanges(step: ResourceStep, context: ReviewContext): void {
  const { before, after } = statesOf(STATE_READERS.RosterGuard, step);
  const organization = step.organization ?? step.name;
  if (after?.verdicts !== undefined && after.verdicts.length > 0) context.ledger.changes.verdicts.set(organization, after.verdicts);
  if (step.op !== "delete" && after?.planned !== undefined) plannedChanges(after.planned, after.outsideCode?.deactivateInactiveAfterDays, context);
  for (const user of leftByRecord(step).users) context.ledger.say(user, Aspect.Organization, ownWords(IDP_USER_LEFT), true);
  for (const [side, teams] of [["before", before?.teams], ["after", after?.teams]] as const) {
    for (const [team, members] of Object.entries(teams ?? {})) context.recordedTeams[side].set(team, [...(context.recordedTeams[side].get(team) ?? []), ...members]);
  }
}

/** What a roster record's step leaves to the identity provider: what its roster drops (all of it, when the record is deleted). */
export function leftByRecord(step: ResourceStep) {
  const { before, after } = statesOf(STATE_READERS.RosterGuard, step);
  const record = (state: typeof before) => (state === undefined ? undefined : ownershipRecordSchema.parse(state));
  return leftToIdentityProvider(record(before), step.op === "delete" ? undefined : record(after));
}

/** A record's teams, the same however its keys and members are ordered. */
const teamsOf = (record: { teams?: Record<string, string[]> } | undefined) =>
  JSON.stringify(Object.entries(record?.teams ?? {}).map(([team, members]) => [team, [...members].sort()]).sort(([a], [b]) => String(a).localeCompare(String(b))));

/**
 * Whether a roster record's step changes who is in the component's teams: then the review reads
 * them from the record. One updated for its outside-code report alone leaves them to the Team
 * resources' own steps (in a drift preview, those that undo a member added by hand).
 */
export function recordChangesTeams(step: ResourceStep): boolean {
  if (step.op !== "update") return true;
  const { before, after } = statesOf(STATE_READERS.RosterGuard, step);
  return teamsOf(before) !== teamsOf(after);
}
