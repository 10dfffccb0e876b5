// The Organization component's record of what its roster declared at the last applied run: the
// guard rails compare it with what the roster declares now, in check, so that a refused change
// fails at preview. Every other child of the component waits for it, so nothing is written when
// it refuses. W&B holds nothing of it. It also tells what W&B holds that the roster does not
// declare (outside code): at a refresh and at its writes, from the operation's listings of users,
// teams and custom roles (shared with every other resource: no request per object), kept in its
// state for the review; and, as the roster's `outsideCode` says, deactivates or deletes it at `up`.
// A refresh's report is kept beside the one of the last write: what is new since is a change of the
// record, so that a drift preview fails on it and shows the new report in its update step (the
// engine prints a refresh step with the state it had before the read).
import { judgeRosterChange, liveAdminsRefusal, rosterAccessSchema, type RosterAccess } from "../../model/guard-rails";
import {
  declaredOf,
  newsBasisOf,
  outsideCodeAddedSince,
  outsideCodeLines,
  withoutHeldByStack,
  type HeldByStack,
  outsideCodeReportSchema,
  outsideCodeUnder,
  inactiveUsersToDeactivate,
  rolesToDelete,
  usersToDeactivate,
  withoutDroppedThisRun,
  type OutsideCodeReport,
} from "../../model/outside-code";
import { naturalKeyOf } from "../../model/natural-keys";
import { leftToIdentityProvider, leftToIdentityProviderLines, ownershipRecordSchema } from "../../model/left-to-identity-provider";
import { sameSet } from "../kit/compare";
import { tell, warn } from "../kit/engine-output";
import { type ResourceImplementation } from "../kit/implementation";
import { checkInputs } from "../kit/inputs";
import { recordedBeforeVersioning, storedState } from "../kit/state";
import { deactivateUsers, deleteCustomRoles } from "../membership/deactivation";
import { rosterGuardInputs, rosterGuardOutputs, type RosterGuardInputs, type RosterGuardOutputs } from "../../model/shapes/roster-guard";
import type { Operation } from "../operation";

export type { RosterGuardInputs };

const previousAccess = rosterAccessSchema.partial({ admins: true });
const previousReport = outsideCodeReportSchema.optional().catch(undefined);

/**
 * Where the service shows roles, the live admins count too: judged when the record is written, which
 * every other child of the component waits for, so a refusal comes before the first write.
 */
async function refuseLosingLiveAdmins(operation: Operation, before: RosterAccess | undefined, after: RosterGuardInputs): Promise<void> {
  const settings = operation.guardRailsForChecks();
  if (settings.minAdmins === 0) return;
  const refusal = liveAdminsRefusal(after.organization, before, after, (await operation.directory().users()).all(), settings);
  if (refusal !== undefined) throw new Error(refusal);
}

/**
 * What W&B holds that the record does not declare, from the operation's listings; told in the
 * engine's output, admins first. At a write, `before` is the record it replaces: what the roster
 * dropped since is the run's own removal, not outside code.
 */
async function outsideCodeNow(operation: Operation, record: RosterGuardInputs, before?: RosterGuardInputs): Promise<OutsideCodeReport> {
  const listed = outsideCodeUnder(declaredOf(record), await operation.directory().listed(), record.outsideCode);
  const report = before === undefined ? listed : withoutDroppedThisRun(listed, declaredOf(before), declaredOf(record));
  const { warnings, notes } = outsideCodeLines(record.organization, report);
  warnings.forEach(warn);
  notes.forEach(tell);
  return report;
}

/** What the record's `outsideCode` asks of what the report lists: the users to deactivate, the custom roles to delete. */
function actionsOn(operation: Operation, report: OutsideCodeReport, record: RosterGuardInputs) {
  const declared = declaredOf(record);
  const self = operation.guardRailsForChecks().self;
  const deactivate = usersToDeactivate(report, record.outsideCode, declared, self);
  return {
    deactivate,
    inactive: inactiveUsersToDeactivate(report, record.outsideCode, self, Date.now()).filter((user) => !deactivate.some((each) => each.userName === user.userName)),
    delete: rolesToDelete(report, record.outsideCode, declared),
  };
}

/** Whether the actions change anything in W&B. */
const acts = (actions: ReturnType<typeof actionsOn>) => actions.deactivate.length + actions.inactive.length + actions.delete.length > 0;

/** The record as written, with its report: what a later refresh's report is compared with. */
const recorded = (record: RosterGuardInputs, report: OutsideCodeReport): RosterGuardOutputs => ({ ...record, outside: report, outsideWhenWritten: newsBasisOf(report) });

/** Writes the record: the report of a fresh listing, acted on as `outsideCode` says, then reported again as W&B holds it after. */
async function written(operation: Operation, record: RosterGuardInputs, before?: RosterGuardInputs): Promise<RosterGuardOutputs> {
  const report = await outsideCodeNow(operation, record, before);
  const actions = actionsOn(operation, report, record);
  if (!acts(actions)) return recorded(record, report);
  const why = "the roster does not declare it (outsideCode)";
  await deactivateUsers(operation, record.organization, actions.deactivate.map((user) => user.userName), why);
  const inactiveWhy = `not active in ${record.outsideCode.deactivateInactiveAfterDays} days (deactivateInactiveAfterDays)`;
  await deactivateUsers(operation, record.organization, actions.inactive.map((user) => user.userName), inactiveWhy);
  await deleteCustomRoles(operation, record.organization, actions.delete, why);
  const after = outsideCodeUnder(declaredOf(record), await operation.directory().listed(), record.outsideCode);
  return recorded(record, before === undefined ? after : withoutDroppedThisRun(after, declaredOf(before), declaredOf(record)));
}

const sameRecords = (a: Readonly<Record<string, readonly string[]>>, b: Readonly<Record<string, readonly string[]>>) =>
  sameSet(Object.keys(a), Object.keys(b)) && Object.entries(b).every(([key, values]) => sameSet(a[key] ?? [], values));

export const rosterGuard: ResourceImplementation<RosterGuardInputs, RosterGuardOutputs, Operation> = {
  inputs: rosterGuardInputs,
  state: storedState({
    kind: "RosterGuard",
    schema: rosterGuardOutputs,
    migrations: [recordedBeforeVersioning],
    adoptAgain: () => "run `pulumi up`: the record is made again from the roster, and sends nothing to W&B",
  }),

  async check(operation, olds, news) {
    let judgedInputs: RosterGuardInputs | undefined;
    const result = checkInputs(rosterGuardInputs, news, (inputs) => {
      const before = previousAccess.safeParse(olds);
      const settings = operation.guardRailsForChecks();
      // What the last refresh found outside code, and what the roster now asks be removed: judged with the roster's removals.
      const report = previousReport.parse(olds["outside"]);
      const actions = report === undefined ? undefined : actionsOn(operation, report, inputs);
      const days = inputs.outsideCode.deactivateInactiveAfterDays;
      const inactive = actions === undefined || days === undefined ? {} : { inactive: { days, users: actions.inactive } };
      const outside =
        report === undefined || actions === undefined ? undefined : { deactivating: actions.deactivate, deletingRoles: actions.delete, live: report.listed, ...inactive };
      // What the roster drops that the identity provider owns stays in W&B as it is: said, and no removal.
      const left = leftToIdentityProvider(ownershipRecordSchema.safeParse(olds).data, inputs);
      leftToIdentityProviderLines(inputs.organization, left).forEach(warn);
      const judged = judgeRosterChange(inputs.organization, before.success ? { admins: [], ...before.data } : undefined, inputs, settings, outside, left.users);
      judgedInputs = { ...inputs, verdicts: [...judged.verdicts] };
      return judged.refusals.map((reason) => ({ property: "", reason }));
    });
    const failures = result.failures ?? [];
    return judgedInputs === undefined || failures.length > 0 ? result : { inputs: judgedInputs, failures };
  },

  async diff(operation, _id, olds, news) {
    const changed =
      !sameSet(olds.users, news.users) ||
      !sameSet(olds.admins, news.admins) ||
      !sameRecords(olds.teams, news.teams) ||
      !sameSet(Object.entries(olds.emails).map(String), Object.entries(news.emails).map(String)) ||
      !sameSet(olds.customRoles, news.customRoles) ||
      !sameRecords(olds.idpTeams, news.idpTeams) ||
      JSON.stringify(olds.outsideCode) !== JSON.stringify(news.outsideCode);
    // What the last refresh found, that the roster asks be deactivated or deleted, is a change to make;
    // so is what it found new since the record was written, to be reported.
    const actions = olds.outside === undefined ? undefined : actionsOn(operation, olds.outside, news);
    // News is judged only where this run refreshed the stack (`--refresh`, as the drift watch runs): its
    // refresh read every resource first, so what other resources of the stack hold is known to be
    // code, not news. A report saved by an earlier `pulumi refresh` cannot tell them apart: the
    // review still prints it, and the next `--refresh` judges it.
    const holdings = operation.holdings();
    const heldByStack: HeldByStack = (kind, name) => holdings.foundAtRefresh(naturalKeyOf(kind, kind === "User" ? { userName: name } : { name }) ?? "");
    const added =
      olds.outside === undefined || olds.outsideWhenWritten === undefined || !holdings.refreshRan()
        ? []
        : outsideCodeAddedSince(olds.outsideWhenWritten, withoutHeldByStack(olds.outside, heldByStack));
    return { changes: changed || added.length > 0 || (actions !== undefined && acts(actions)) };
  },

  async create(operation, inputs) {
    await refuseLosingLiveAdmins(operation, undefined, inputs);
    return { id: inputs.organization, outs: await written(operation, inputs) };
  },

  async read(operation, id, props) {
    if (props === undefined) {
      throw new Error(
        `RosterGuard cannot be read from the id "${id}" alone: it is the Organization component's record of its roster, ` +
          "kept only in the stack's state. Declare the Organization instead; its first run records it.",
      );
    }
    const { outside: lastFound, outsideWhenWritten, ...record } = props;
    const outside = await outsideCodeNow(operation, record);
    // The report is an input as well, so that the check after a refresh judges what it would deactivate.
    // A record written before it kept its report apart compares with the one it last found; one that
    // never reported (an earlier release's) with this one: its first report is no news of a change.
    return { id, props: { ...record, outside, outsideWhenWritten: newsBasisOf(outsideWhenWritten ?? lastFound ?? outside) }, inputs: { ...record, outside } };
  },

  async update(operation, _id, olds, news) {
    await refuseLosingLiveAdmins(operation, olds, news);
    return { outs: await written(operation, news, olds) };
  },

  async delete(_operation, _id, props) {
    // Nothing in W&B to remove. The identity provider's users stay (its teams' own deletes say they stay).
    const { users } = leftToIdentityProvider(ownershipRecordSchema.parse(props), undefined);
    leftToIdentityProviderLines(props.organization, { users, teams: [] }).forEach(tell);
  },
};
