// Each kind's step read as changes of people's access, one reader per kind (its state shape):
// arrival, departure and organization role (User), team members (Team, TeamMember, and the
// Organization's roster record), roles (the three assignments), permissions (CustomRole).
import type { ResourceKind } from "../model/resource-kinds";
import { UNKNOWN_VALUE } from "../model/unknown-value";
import { ORGANIZATION_ROLES } from "../model/vocabulary";
import { Aspect, type Ledger } from "./access-ledger";
import { statesOf, STATE_READERS } from "./kind-states";
import type { People } from "./people";
import type { ResourceStep } from "./preview-json";
import { joined, phrase, type Phrase } from "./quoted-text";

export interface ReviewContext {
  ledger: Ledger;
  people: People;
  /** The URNs of the resources this preview creates: their ids are not known yet. */
  created: ReadonlySet<string>;
  /** Whether a step's team membership is told by its component's roster record, which names every member by userName. */
  membershipFromRecord(step: ResourceStep): boolean;
  /** Each team's members by userName in the roster records, before and after: compared once every step is read. */
  recordedTeams: { before: Map<string, string[]>; after: Map<string, string[]> };
  /** Teams created by taking over the one W&B has (adoptExisting, importId). */
  adoptedTeams: Set<string>;
}

const A_NEW_USER = "a user this change creates";

/** The users this change creates that an input names: by userName where its dependencies tell it, else counted. */
function newUsersIn(step: ResourceStep, input: string, unknown: number, { people, created }: ReviewContext): string[] {
  if (unknown === 0) return [];
  const named = people.usersOf((step.dependsOn[input] ?? []).filter((urn) => created.has(urn)));
  if (named.length === unknown) return named;
  return [unknown === 1 ? A_NEW_USER : `${unknown} users this change creates`];
}

/** The person an assignment or membership is about: a component child's name tells it; else its user reference, or the user it waits for. */
function personOf(step: ResourceStep, reference: string | undefined, context: ReviewContext): string {
  if (step.organization !== undefined) return step.name.split("/").at(-1) ?? step.name;
  const known = reference === undefined || reference === UNKNOWN_VALUE ? undefined : context.people.name(reference);
  return known ?? newUsersIn(step, "user", 1, context)[0] ?? A_NEW_USER;
}

/** A role as the review names it: a custom role says so. */
const describedRole = (role: string): Phrase =>
  ORGANIZATION_ROLES.some((predefined) => predefined === role.toLowerCase()) ? phrase`${role}` : phrase`${role} (custom role)`;

function userArrives(person: string, state: { organizationRole?: string; adoptExisting?: boolean; importId?: string } | undefined, { ledger }: ReviewContext): void {
  const role = state?.organizationRole;
  if (state?.adoptExisting === true || state?.importId !== undefined) {
    const adopted = role === undefined ? phrase`adopted` : phrase`adopted as ${role}`;
    ledger.say(person, Aspect.Organization, joined([adopted, phrase`taken over as W&B holds them, else joins the organization`], ": "), true);
    ledger.changes.adopted.push(person);
  } else {
    ledger.say(person, Aspect.Organization, role === undefined ? phrase`joins the organization` : phrase`joins the organization as ${role}`);
    ledger.changes.joining.push(person);
  }
}

function userChanges(step: ResourceStep, context: ReviewContext): void {
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
    if (is !== undefined && was !== is) ledger.say(person, Aspect.OrganizationRole, was === undefined ? phrase`organization role set to ${is}` : phrase`organization role ${was} → ${is}`);
    if (before?.active !== false && after?.active === false) ledger.say(person, Aspect.Organization, phrase`is deactivated`);
    if (before?.active === false && after?.active !== false) ledger.say(person, Aspect.Organization, phrase`is reactivated`);
  }
  // On the multi-tenant cloud a user writes its own teams, by name.
  if (context.membershipFromRecord(step)) return;
  for (const team of new Set([...(before?.teams ?? []), ...(after?.teams ?? [])])) {
    ledger.membership(team, before?.teams?.includes(team) ? [person] : [], after?.teams?.includes(team) ? [person] : []);
  }
}

function teamChanges(step: ResourceStep, context: ReviewContext): void {
  const { before, after, recorded } = statesOf(STATE_READERS.Team, step);
  const team = after?.name ?? before?.name ?? recorded.name ?? step.name;
  const adopted = step.op === "create" && (after?.adoptExisting === true || after?.importId !== undefined);
  if (adopted) context.adoptedTeams.add(team);
  if (context.membershipFromRecord(step)) return;
  const named = (references: readonly string[]) => references.flatMap((reference) => (reference === UNKNOWN_VALUE ? [] : (context.people.name(reference) ?? [])));
  const had = step.op === "create" ? [] : named(recorded.memberIds ?? before?.members ?? []);
  const emptied = step.op === "delete" && (before?.deletionPolicy ?? recorded.deletionPolicy) === "empty";
  const unknown = (after?.members ?? []).filter((member) => member === UNKNOWN_VALUE).length;
  const has = step.op === "delete" ? (emptied ? [] : had) : [...named(after?.members ?? []), ...newUsersIn(step, "members", unknown, context)];
  context.ledger.membership(team, had, has, adopted);
}

function teamMemberChanges(step: ResourceStep, context: ReviewContext): void {
  if (step.op === "update") return;
  const { before, after, recorded } = statesOf(STATE_READERS.TeamMember, step);
  const teamId = after?.teamId ?? before?.teamId ?? recorded.teamId;
  const team = (teamId === undefined ? context.people.teamOf(step.dependsOn["teamId"] ?? []) : context.people.team(teamId)) ?? "a team this change creates";
  const person = personOf(step, after?.user ?? before?.user ?? recorded.userId, context);
  if (step.op === "create") context.ledger.join(person, team);
  else context.ledger.leave(person, team);
}

/** How an assignment's lines read: where the role applies, what it is called there, what a delete leaves. */
interface RoleWording {
  where: Phrase;
  noun: Phrase;
  onDelete: Phrase;
  /** Whether a custom role is said to be one (organization roles, where both kinds are assigned alike). */
  tellsCustom: boolean;
}

function roleLine(step: ResourceStep, roles: { was?: string; is?: string }, wording: RoleWording): Phrase | undefined {
  const shown = (role: string | undefined, fallback: Phrase) => (role === undefined ? fallback : wording.tellsCustom ? describedRole(role) : phrase`${role}`);
  const [was, is] = [shown(roles.was, phrase`?`), shown(roles.is, phrase`(known once applied)`)];
  const { where, noun } = wording;
  if (step.op === "create") return joined([where, phrase`gains `, noun, phrase` `, is], "");
  if (step.op === "delete") return joined([where, phrase`loses `, noun, phrase` `, was, wording.onDelete], "");
  return roles.was === roles.is ? undefined : joined([where, noun, phrase` `, was, phrase` → `, is], "");
}

function organizationRoleChanges(step: ResourceStep, context: ReviewContext): void {
  const { before, after, recorded } = statesOf(STATE_READERS.OrganizationRoleAssignment, step);
  const line = roleLine(step, { was: before?.role ?? recorded.role, is: after?.role }, { where: phrase``, noun: phrase`organization role`, onDelete: phrase`, back to member`, tellsCustom: true });
  if (line) context.ledger.say(personOf(step, after?.user ?? before?.user ?? recorded.userId, context), Aspect.OrganizationRole, line);
}

function teamRoleChanges(step: ResourceStep, context: ReviewContext): void {
  const { before, after, recorded } = statesOf(STATE_READERS.TeamRoleAssignment, step);
  const team = after?.teamName ?? before?.teamName ?? recorded.teamName ?? step.name.split("/").slice(1, -1).join("/");
  const line = roleLine(step, { was: before?.roleName ?? recorded.roleName, is: after?.roleName }, { where: phrase`team ${team}: `, noun: phrase`role`, onDelete: phrase`, back to member`, tellsCustom: false });
  if (line) context.ledger.say(personOf(step, after?.user ?? before?.user ?? recorded.userId, context), Aspect.TeamRole, line);
}

function registryRoleChanges(step: ResourceStep, context: ReviewContext): void {
  const { before, after, recorded } = statesOf(STATE_READERS.RegistryRoleAssignment, step);
  const registry = after?.registryName ?? before?.registryName ?? recorded.registryName ?? step.name.split("/").slice(1, -1).join("/");
  const line = roleLine(step, { was: before?.roleName ?? recorded.roleName, is: after?.roleName }, { where: phrase`registry ${registry}: `, noun: phrase`role`, onDelete: phrase``, tellsCustom: false });
  if (line) context.ledger.say(personOf(step, after?.user ?? before?.user ?? recorded.userId, context), Aspect.RegistryRole, line);
}

function customRoleChanges(step: ResourceStep, { ledger }: ReviewContext): void {
  const { before, after, recorded } = statesOf(STATE_READERS.CustomRole, step);
  const name = after?.name ?? before?.name ?? recorded.name ?? step.name;
  const [had, has] = [before?.permissions ?? [], after?.permissions ?? []];
  const [base, newBase] = [before?.inheritedFrom, after?.inheritedFrom];
  const notes = step.op === "update" && base !== newBase ? [phrase`inherits from ${newBase ?? "?"} (was ${base ?? "?"})`] : [];
  const added = has.filter((permission) => !had.includes(permission));
  const removed = had.filter((permission) => !has.includes(permission));
  const status = step.op === "create" ? "created" : step.op === "delete" ? "deleted" : "changed";
  if (status !== "changed" || added.length + removed.length + notes.length > 0) ledger.changes.customRoles.set(name, { status, added, removed, notes });
}

/** A roster record's verdicts are shown as they are; its teams are compared once every record is read (a renamed component has two). */
function rosterGuardChanges(step: ResourceStep, context: ReviewContext): void {
  const { before, after } = statesOf(STATE_READERS.RosterGuard, step);
  const organization = step.organization ?? step.name;
  if (after?.verdicts !== undefined && after.verdicts.length > 0) context.ledger.changes.verdicts.set(organization, after.verdicts);
  for (const [side, teams] of [["before", before?.teams], ["after", after?.teams]] as const) {
    for (const [team, members] of Object.entries(teams ?? {})) context.recordedTeams[side].set(team, [...(context.recordedTeams[side].get(team) ?? []), ...members]);
  }
}

export const KIND_CHANGES: { readonly [K in ResourceKind]: (step: ResourceStep, context: ReviewContext) => void } = {
  User: userChanges,
  Team: teamChanges,
  TeamMember: teamMemberChanges,
  CustomRole: customRoleChanges,
  OrganizationRoleAssignment: organizationRoleChanges,
  TeamRoleAssignment: teamRoleChanges,
  RegistryRoleAssignment: registryRoleChanges,
  RosterGuard: rosterGuardChanges,
};
