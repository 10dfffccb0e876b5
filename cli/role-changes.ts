// Steps that change roles and what they grant, each read by its kind's reader: the organization,
// team and registry role assignments, and custom roles' permissions.
import { Aspect } from "./access-ledger";
import { statesOf, STATE_READERS } from "./kind-states";
import type { ResourceStep } from "./preview-json";
import { joined, phrase, type Phrase } from "./quoted-text";
import { describedRole, personOf, type ReviewContext } from "./review-context";

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

export function organizationRoleChanges(step: ResourceStep, context: ReviewContext): void {
  const { before, after, recorded } = statesOf(STATE_READERS.OrganizationRoleAssignment, step);
  const line = roleLine(step, { was: before?.role ?? recorded.role, is: after?.role }, { where: phrase``, noun: phrase`organization role`, onDelete: phrase`, back to member`, tellsCustom: true });
  if (line) context.ledger.say(personOf(step, after?.user ?? before?.user ?? recorded.userId, context), Aspect.OrganizationRole, line);
}

export function teamRoleChanges(step: ResourceStep, context: ReviewContext): void {
  const { before, after, recorded } = statesOf(STATE_READERS.TeamRoleAssignment, step);
  const team = after?.teamName ?? before?.teamName ?? recorded.teamName ?? step.name.split("/").slice(1, -1).join("/");
  const line = roleLine(step, { was: before?.roleName ?? recorded.roleName, is: after?.roleName }, { where: phrase`team ${team}: `, noun: phrase`role`, onDelete: phrase`, back to member`, tellsCustom: false });
  if (line) context.ledger.say(personOf(step, after?.user ?? before?.user ?? recorded.userId, context), Aspect.TeamRole, line);
}

export function registryRoleChanges(step: ResourceStep, context: ReviewContext): void {
  const { before, after, recorded } = statesOf(STATE_READERS.RegistryRoleAssignment, step);
  const registry = after?.registryName ?? before?.registryName ?? recorded.registryName ?? step.name.split("/").slice(1, -1).join("/");
  const line = roleLine(step, { was: before?.roleName ?? recorded.roleName, is: after?.roleName }, { where: phrase`registry ${registry}: `, noun: phrase`role`, onDelete: phrase``, tellsCustom: false });
  if (line) context.ledger.say(personOf(step, after?.user ?? before?.user ?? recorded.userId, context), Aspect.RegistryRole, line);
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
  if (status !== "changed" || added.length + removed.length + notes.length > 0) ledger.changes.customRoles.set(name, { status, added, removed, notes });
}
