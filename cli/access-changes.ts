// Who gains and loses what in a preview: each step on a wandb resource read, by its kind's reader,
// as changes of people's access (organization role, teams, team roles, registry roles), of teams'
// members and of custom roles' permissions; renames in code told from removals; the refusals; what
// each roster's record last found outside code.
import { Ledger, personKey, type AccessChanges, type Adoption } from "./access-ledger";
import { KIND_CHANGES } from "./kind-changes";
import { leftByRecord, recordChangesTeams } from "./membership-changes";
import { readState, statesOf, STATE_READERS } from "./kind-states";
import { adoptionOf, type ReviewContext } from "./review-context";
import type { ResourceStep } from "./preview-json";
import { People } from "./people";
import { recordedResources, resourceSteps, type PreviewJson } from "./preview-json";
import { refusalsOf } from "./refusals";
import { expiriesIn } from "./expiry-changes";
import { withPeopleMoved, withPeopleMovedOut, withRenames } from "./renames";

/**
 * How each person and team the preview creates with adoptExisting or importId is taken, read before
 * any step: what an assignment's create means depends on whether its user and team exist.
 */
function adoptionsIn(steps: readonly ResourceStep[]): ReviewContext["adoptions"] {
  const people = new Map<string, Adoption>();
  const teams = new Map<string, Adoption>();
  for (const step of steps.filter((each) => each.kind === "OrganizationMembers" && each.op !== "delete")) {
    // Each person new to the set, as a User's create.
    const { before, after } = statesOf(STATE_READERS.OrganizationMembers, step);
    const held = new Set(Object.keys((step.op === "create" ? undefined : before)?.members ?? {}).map(personKey));
    for (const [userName, person] of Object.entries(after?.members ?? {})) {
      const adoption = held.has(personKey(userName)) ? undefined : adoptionOf({ adoptExisting: after?.adoptExisting, ...person });
      if (adoption !== undefined) people.set(personKey(userName), adoption);
    }
  }
  for (const step of steps.filter((each) => each.op === "create")) {
    if (step.kind === "User") {
      const { after } = statesOf(STATE_READERS.User, step);
      const adoption = adoptionOf(after);
      if (adoption !== undefined && after?.userName !== undefined) people.set(personKey(after.userName), adoption);
    } else if (step.kind === "Team") {
      const { after } = statesOf(STATE_READERS.Team, step);
      const adoption = adoptionOf(after);
      if (adoption !== undefined && after?.name !== undefined) teams.set(after.name, adoption);
    }
  }
  return { people, teams };
}

export function accessChanges(preview: PreviewJson): AccessChanges {
  const printed = resourceSteps(preview);
  const { steps: renamed, renames } = withRenames(printed);
  const { steps: movedIn, renames: moves } = withPeopleMoved(renamed);
  const { steps, renames: movesOut } = withPeopleMovedOut(movedIn);
  const people = new People(recordedResources(preview));
  const ledger = new Ledger(refusalsOf(preview), preview.changeSummary ?? {}, (person) => people.emailOf(person), expiriesIn(preview));
  ledger.changes.renames.push(...renames, ...moves, ...movesOut);
  // A component's roster record names every member, users this change creates included: its teams
  // are read from it, not from the Team resources (whose new members have no id yet).
  const records = printed.filter((step) => step.kind === "RosterGuard");
  const recordedRosters = new Set(records.filter(recordChangesTeams).map((step) => step.organization));
  const context: ReviewContext = {
    ledger,
    people,
    created: new Set(printed.filter((step) => step.op === "create").map((step) => step.urn)),
    membershipFromRecord: (step) => step.organization !== undefined && recordedRosters.has(step.organization),
    recordedTeams: { before: new Map(), after: new Map() },
    adoptions: adoptionsIn(steps),
    teamsLeftToIdentityProvider: new Set(records.flatMap((step) => leftByRecord(step).teams)),
  };
  for (const step of steps) KIND_CHANGES[step.kind](step, context);
  // The latest report each roster record shows (a refresh's comes after the state it replaces).
  for (const resource of recordedResources(preview)) {
    if (resource.kind !== "RosterGuard") continue;
    const { organization, outside, auditLog } = readState(STATE_READERS.RosterGuard, resource.kind, resource.urn, resource.state);
    if (organization !== undefined && outside !== undefined) ledger.changes.outside.set(organization, outside);
    if (organization !== undefined && auditLog !== undefined) ledger.changes.auditLogs.set(organization, auditLog);
  }
  const { before, after } = context.recordedTeams;
  for (const team of new Set([...before.keys(), ...after.keys()])) {
    ledger.membership(team, before.get(team) ?? [], after.get(team) ?? [], context.adoptions.teams.get(team));
  }
  return ledger.changes;
}
