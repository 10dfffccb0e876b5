// Steps that change roles and what they grant, each read by its kind's reader: the organization,
// team and registry role assignments, and custom roles' permissions.
import type { ChangeOutsideCode } from "../model/audit-attribution";
import { Aspect, personKey, UNVERIFIED_KINDS, type Adoption } from "./access-ledger";
import { statesOf, STATE_READERS } from "./kind-states";
import type { ResourceStep } from "./preview-json";
import { joined, phrase, type Phrase } from "./quoted-text";
import { adoptionOf, describedRole, personOf, type ReviewContext } from "./review-context";

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

/**
 * How an assignment's create takes its role, as the provider judges it: with its user's adoption
 * (the user, and the team of a team role, taken over as W&B holds them), or perhaps (the preview
 * could not look); undefined where the role is declared of a user or team this change makes or
 * already manages, and so written.
 */
function roleAdoption(step: ResourceStep, adoptExisting: boolean | undefined, person: string, context: ReviewContext, team?: string): Adoption | undefined {
  if (step.op !== "create" || adoptExisting !== true) return undefined;
  const user = context.adoptions.people.get(personKey(person));
  const scope = team === undefined ? undefined : context.adoptions.teams.get(team);
  if (user === undefined || user === "created" || scope === "created") return undefined;
  return user === "undetermined" || scope === "undetermined" ? "undetermined" : "adopted";
}

/** What one assignment's step says of its person, and the role its adoption records unverified. */
interface AssignmentReading {
  person: string;
  aspect: Aspect;
  line: Phrase | undefined;
  adoption: Adoption | undefined;
  /** The kind of role and how its holding is named, e.g. `ana in team research as admin`. */
  unverified: { kind: string; holding: Phrase };
}

/** The change in W&B each kind of assignment's line puts back in a drift preview. */
const UNDOES: Partial<Record<Aspect, ChangeOutsideCode>> = {
  [Aspect.OrganizationRole]: "roleOrSeatChanged",
  [Aspect.TeamRole]: "teamRoleChanged",
  [Aspect.RegistryRole]: "registryRoleChanged",
};

function sayAssignment({ person, aspect, line, adoption, unverified }: AssignmentReading, { where, role }: { where: Phrase; role: Phrase }, { ledger }: ReviewContext): void {
  if (adoption === undefined) {
    const undoes = UNDOES[aspect];
    if (line) (undoes === undefined ? ledger.say(person, aspect, line) : ledger.sayUndoing(person, aspect, line, undoes));
    return;
  }
  const how = adoption === "adopted" ? phrase`, adopted with them as declared (not verified)` : phrase`, adopted with them if W&B holds them (as declared, not verified), else gained`;
  ledger.say(person, aspect, joined([where, phrase`role `, role, how], ""), true);
  ledger.unverified(unverified.kind, person, unverified.holding);
}

export function organizationRoleChanges(step: ResourceStep, context: ReviewContext): void {
  const { before, after, recorded } = statesOf(STATE_READERS.OrganizationRoleAssignment, step);
  const person = personOf(step, after?.user ?? before?.user ?? recorded.userId, context);
  const line = roleLine(step, { was: before?.role ?? recorded.role, is: after?.role }, { where: phrase``, noun: phrase`organization role`, onDelete: phrase`, back to member`, tellsCustom: true });
  const role = after?.role ?? "";
  const adoption = roleAdoption(step, after?.adoptExisting, person, context);
  const holding = phrase`${context.ledger.spelled(person)} as ${role}`;
  sayAssignment({ person, aspect: Aspect.OrganizationRole, line, adoption, unverified: { kind: UNVERIFIED_KINDS.custom, holding } }, { where: phrase`organization `, role: describedRole(role) }, context);
}

export function teamRoleChanges(step: ResourceStep, context: ReviewContext): void {
  const { before, after, recorded } = statesOf(STATE_READERS.TeamRoleAssignment, step);
  const team = after?.teamName ?? before?.teamName ?? recorded.teamName ?? step.name.split("/").slice(1, -1).join("/");
  const person = personOf(step, after?.user ?? before?.user ?? recorded.userId, context);
  const line = roleLine(step, { was: before?.roleName ?? recorded.roleName, is: after?.roleName }, { where: phrase`team ${team}: `, noun: phrase`role`, onDelete: phrase`, back to member`, tellsCustom: false });
  const role = after?.roleName ?? "";
  const adoption = roleAdoption(step, after?.adoptExisting, person, context, team);
  const holding = phrase`${context.ledger.spelled(person)} in team ${team} as ${role}`;
  sayAssignment({ person, aspect: Aspect.TeamRole, line, adoption, unverified: { kind: UNVERIFIED_KINDS.team, holding } }, { where: phrase`team ${team}: `, role: phrase`${role}` }, context);
}

export function registryRoleChanges(step: ResourceStep, context: ReviewContext): void {
  const { before, after, recorded } = statesOf(STATE_READERS.RegistryRoleAssignment, step);
  const registry = after?.registryName ?? before?.registryName ?? recorded.registryName ?? step.name.split("/").slice(1, -1).join("/");
  const person = personOf(step, after?.user ?? before?.user ?? recorded.userId, context);
  const line = roleLine(step, { was: before?.roleName ?? recorded.roleName, is: after?.roleName }, { where: phrase`registry ${registry}: `, noun: phrase`role`, onDelete: phrase``, tellsCustom: false });
  const role = after?.roleName ?? "";
  const adoption = roleAdoption(step, after?.adoptExisting, person, context);
  const holding = phrase`${context.ledger.spelled(person)} in registry ${registry} as ${role}`;
  sayAssignment({ person, aspect: Aspect.RegistryRole, line, adoption, unverified: { kind: UNVERIFIED_KINDS.registry, holding } }, { where: phrase`registry ${registry}: `, role: phrase`${role}` }, context);
}

export function customRoleChanges(step: ResourceStep, { ledger }: ReviewContext): void {
  const { before, after, recorded } = statesOf(STATE_READERS.CustomRole, step);
  const name = after?.name ?? before?.name ?? recorded.name ?? step.name;
  const [had, has] = [before?.permissions ?? [], after?.permissions ?? []];
  const [base, newBase] = [before?.inheritedFrom, after?.inheritedFrom];
  const notes = step.op === "update" && base !== newBase ? [phrase`inherits from ${newBase ?? "?"} (was ${base ?? "?"})`] : [];
  const added = has.filter((permission) => !had.includes(permission));
  const removed = had.filter((permission) => !has.includes(permission));
  const status = step.op === "create" ? "created" : step.op === "delete" ? "deleted" : "changed";
  // One W&B holds is adopted as it holds it; one the preview could not look for may be either.
  const adoption = step.op === "create" ? adoptionOf(after) : undefined;
  if (adoption === "adopted") ledger.changes.customRoles.set(name, { status, adoption, added: [], removed: [], notes: [] });
  else if (status !== "changed" || added.length + removed.length + notes.length > 0) ledger.changes.customRoles.set(name, { status, ...(adoption === undefined ? {} : { adoption }), added, removed, notes });
}
