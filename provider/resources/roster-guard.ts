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
import { shownName } from "../../model/shown-names";
import type { AuditLogReading } from "../../model/audit-attribution";
import { auditLogSince } from "../audit-log";
import { judgeRosterChange, liveAdminsRefusal, liveCountOf, rosterAccessSchema, stillListed, type RosterAccess } from "../../model/guard-rails";
import {
  accessPlanOf,
  actsOnLiveOrganization,
  declaredOf,
  keptReportOf,
  newsBasisOf,
  outsideCodeAddedSince,
  outsideCodeLines,
  withoutHeldByStack,
  type HeldByStack,
  type ListedOrganization,
  outsideCodeUnder,
  planActs,
  reactivationsOf,
  withoutDroppedThisRun,
  type AccessPlan,
  type PlanTimes,
  type OutsideCodeReport,
} from "../../model/outside-code";
import { z } from "zod";
import { alreadyPastRefusals, expiringWithin, expiryClockFrom, expiryLines, type ExpiryClock } from "../../model/expiry";
import { identityOf, sameIdentity } from "../../model/identity";
import { naturalKeyOf } from "../../model/natural-keys";
import { leftToIdentityProvider, leftToIdentityProviderLines, ownershipRecordSchema } from "../../model/left-to-identity-provider";
import { type ResourceImplementation } from "../kit/implementation";
import { checkInputs } from "../kit/inputs";
import { LAST_LOOK_KEY, recordedBeforeVersioning, storedState } from "../kit/state";
import { deactivateUsers, deleteCustomRoles, reactivateUsers } from "../membership/deactivation";
import { rosterGuardFields, rosterGuardInputs, rosterGuardOutputs, type RosterGuardInputs, type RosterGuardOutputs } from "../../model/shapes/roster-guard";
import { fieldChanges } from "../kit/field-changes";
import { usersForCheck } from "../membership/users";
import type { Operation } from "../operation";

export type { RosterGuardInputs };

const previousAccess = rosterAccessSchema.partial({ admins: true });
const previousRecord = rosterGuardInputs.omit({ outside: true, planned: true, verdicts: true }).strip();

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

/** What `listed` holds that the record does not declare; the users and roles the run drops (`before` declared them) are its own removals. */
function reportOf(record: RosterGuardInputs, listed: ListedOrganization, before: RosterGuardInputs | undefined): OutsideCodeReport {
  const report = outsideCodeUnder(declaredOf(record), listed, record.outsideCode);
  return before === undefined ? report : withoutDroppedThisRun(report, declaredOf(before), declaredOf(record));
}

/**
 * What W&B holds that the record does not declare, from the operation's listings; told in the
 * engine's output, admins first. At a write, `before` is the record it replaces: what the roster
 * dropped since is the run's own removal, not outside code.
 */
async function outsideCodeNow(operation: Operation, record: RosterGuardInputs, before?: RosterGuardInputs, reading?: AuditLogReading): Promise<OutsideCodeReport> {
  const report = reportOf(record, await operation.directory().listed(), before);
  const { warnings, notes } = outsideCodeLines(record.organization, report, operation.guardRailsForChecks().self, reading);
  warnings.forEach((line) => operation.warn(line));
  notes.forEach((line) => operation.tell(line));
  return report;
}

/**
 * What other resources of this stack hold: the Users it declares beside the roster, as its last
 * state holds them (`stackUsers`, the same at a preview and the up after it), those its refresh
 * found (`--refresh`), and, where `declaredInRun`, those its program declared in this run so far
 * (the checks seen: at a write, never at a check, whose plan must not hang on the order of checks).
 * They are code, never outside code: a standalone User is neither news nor deactivated.
 */
function heldByStackIn(operation: Operation, stackUsers: readonly string[], { declaredInRun }: { declaredInRun: boolean }): HeldByStack {
  const holdings = operation.holdings();
  return (kind, name) => {
    if (kind === "User" && stackUsers.some((userName) => sameIdentity("userName", userName, name))) return true;
    const key = naturalKeyOf(kind, kind === "User" ? { userName: name } : { name });
    return (declaredInRun && holdings.declared(key)) || holdings.foundAtRefresh(key ?? "");
  };
}

/**
 * What the record's write will change in W&B, as of `times`: what its `outsideCode` deactivates and
 * deletes, and which declared users the roster's last `deactivateInactiveAfterDays` kept inactive
 * that it no longer does, to reactivate. Undefined where there is nothing of either to judge.
 */
async function plannedNow(
  operation: Operation,
  record: RosterGuardInputs,
  before: RosterGuardInputs | undefined,
  times: PlanTimes,
  { atWrite, report: found }: { atWrite: boolean; report?: OutsideCodeReport },
): Promise<AccessPlan | undefined> {
  const acts = actsOnLiveOrganization(record.outsideCode);
  const previousDays = before?.outsideCode.deactivateInactiveAfterDays;
  if (!acts && previousDays === undefined) return undefined;
  const listed = await operation.directory().listed();
  const declared = declaredOf(record);
  const report = withoutHeldByStack(found ?? reportOf(record, listed, before), heldByStackIn(operation, record.stackUsers, { declaredInRun: atWrite }));
  const plan = acts ? accessPlanOf(report, record.outsideCode, declared, operation.guardRailsForChecks().self, listed.users, times) : NOTHING_PLANNED;
  return { ...plan, reactivate: reactivationsOf(previousDays, declared, record.outsideCode, listed.users, times.now) };
}

const NOTHING_PLANNED: AccessPlan = { deactivate: [], waiting: [], reactivate: [], deleteRoles: [], kept: [] };

/** The clock the program judged the roster's expiries by; now where WANDB_EXPIRY_AS_OF is malformed (the program refused it already). */
function expiryClock(): ExpiryClock {
  try {
    return expiryClockFrom(process.env);
  } catch {
    return { asOf: Date.now() };
  }
}

/** When the record last looked at W&B (its last applied check, or a refresh), as its inputs keep it; `now` when they do not say. */
function lastLookIn(olds: Record<string, unknown>, now: number): number {
  const lastLook = Date.parse(z.string().catch("").parse(olds[LAST_LOOK_KEY]));
  return Number.isFinite(lastLook) && lastLook < now ? lastLook : now;
}

/** The record as written, with its report: what a later refresh's report is compared with, and the audit log read from. */
const recorded = (record: RosterGuardInputs, report: OutsideCodeReport): RosterGuardOutputs => ({
  ...record,
  outside: keptReportOf(report),
  outsideWhenWritten: newsBasisOf(report),
  writtenAt: new Date().toISOString(),
});

/** How far back a refresh reads the audit log for a record that does not say when it was written (an earlier release's). */
const UNWRITTEN_LOOKBACK_MS = 7 * 86_400_000;

/**
 * Of what the record's check planned, what the write makes: each planned change that the listings
 * still call for. Whoever qualifies since the plan waits for the next run, and what no longer
 * qualifies is left; both are said.
 */
function stillPlanned(operation: Operation, organization: string, planned: AccessPlan, now: AccessPlan): AccessPlan {
  const key = (user: { userName: string }) => identityOf("userName", user.userName);
  const nowUsers = new Set(now.deactivate.map(key));
  const plannedUsers = new Set(planned.deactivate.map(key));
  const nowRoles = new Set(now.deleteRoles.map((role) => role.name));
  const plannedRoles = new Set(planned.deleteRoles.map((role) => role.name));
  const at = `Organization "${shownName(organization)}":`;
  const waiting = new Set(planned.waiting.map(key));
  for (const user of now.deactivate.filter((each) => !plannedUsers.has(key(each)))) {
    const since = waiting.has(key(user)) ? "only since the last run" : "since this run's plan was made";
    operation.tell(`${at} ${shownName(user.userName)} qualifies for deactivation ${since}: left for the next run, whose preview names it`);
  }
  for (const user of planned.deactivate.filter((each) => !nowUsers.has(key(each)))) operation.tell(`${at} ${shownName(user.userName)} no longer qualifies for deactivation: left as it is`);
  for (const role of now.deleteRoles.filter((each) => !plannedRoles.has(each.name))) operation.tell(`${at} custom role ${shownName(role.name)} is new since this run's plan was made: left for the next run`);
  const nowReactivated = new Set(now.reactivate.map(key));
  return {
    ...planned,
    deactivate: planned.deactivate.filter((user) => nowUsers.has(key(user))),
    deleteRoles: planned.deleteRoles.filter((role) => nowRoles.has(role.name)),
    reactivate: planned.reactivate.filter((user) => nowReactivated.has(key(user))),
  };
}

const INACTIVE_WHY = (days: number | undefined) => `not active in ${days} days (deactivateInactiveAfterDays)`;
const OUTSIDE_WHY = "the roster does not declare it (outsideCode)";
const REACTIVATE_WHY = "deactivated for inactivity, and deactivateInactiveAfterDays no longer deactivates it";

/** Writes the record: the report of a fresh listing, and exactly the changes its check planned that still apply, then reported again as W&B holds it after. */
async function written(operation: Operation, record: RosterGuardInputs, before?: RosterGuardInputs): Promise<RosterGuardOutputs> {
  const report = await outsideCodeNow(operation, record, before);
  const at = Date.now();
  const now = await plannedNow(operation, record, before, { asOf: at, now: at }, { atWrite: true, report });
  if (record.planned === undefined || now === undefined || !planActs(record.planned)) return recorded(record, report);
  const plan = stillPlanned(operation, record.organization, record.planned, now);
  const byReason = (reason: AccessPlan["deactivate"][number]["reason"]) => plan.deactivate.filter((user) => user.reason === reason).map((user) => user.userName);
  await deactivateUsers(operation, record.organization, byReason("outsideCode"), OUTSIDE_WHY);
  await deactivateUsers(operation, record.organization, byReason("inactive"), INACTIVE_WHY(record.outsideCode.deactivateInactiveAfterDays));
  await deleteCustomRoles(operation, record.organization, plan.deleteRoles.map((role) => role.name), OUTSIDE_WHY);
  await reactivateUsers(operation, record.organization, plan.reactivate.map((user) => user.userName), REACTIVATE_WHY);
  return recorded(record, reportOf(record, await operation.directory().listed(), before));
}

export const rosterGuard: ResourceImplementation<RosterGuardInputs, RosterGuardOutputs, Operation> = {
  inputs: rosterGuardInputs,
  state: storedState({
    kind: "RosterGuard",
    schema: rosterGuardOutputs,
    migrations: [recordedBeforeVersioning],
    adoptAgain: () => "run `pulumi up`: the record is made again from the roster, and sends nothing to W&B",
  }),

  async check(operation, olds, news) {
    const parsed = checkInputs(rosterGuardInputs, news);
    const inputs = parsed.inputs;
    if (parsed.failures?.length || inputs === undefined) return parsed;
    const before = previousAccess.safeParse(olds);
    const previous = previousRecord.safeParse(olds);
    // A grant declared already past is bad input: refused before any read.
    const previousExpiries = previous.success ? previous.data.expiries : [];
    const pastRefusals = alreadyPastRefusals(inputs.organization, inputs.expiries, previousExpiries);
    if (pastRefusals.length > 0) return { inputs, failures: pastRefusals.map((reason) => ({ property: "", reason })) };
    const clock = expiryClock();
    const soon = expiringWithin(inputs.expiries, operation.expiryNoticeDaysForChecks(), clock.asOf);
    expiryLines(inputs.organization, { expiries: inputs.expiries, previous: previousExpiries, soon }, clock).forEach((line) => operation.tell(line));
    const now = Date.now();
    const planned = await plannedNow(operation, inputs, previous.success ? previous.data : undefined, { asOf: lastLookIn(olds, now), now }, { atWrite: false });
    const days = inputs.outsideCode.deactivateInactiveAfterDays;
    const by = (reason: string) => planned?.deactivate.filter((user) => user.reason === reason) ?? [];
    const outside =
      planned === undefined
        ? undefined
        : {
            deactivating: by("outsideCode"),
            deletingRoles: planned.deleteRoles.map((role) => role.name),
            live: liveCountOf((await operation.directory().users()).all()),
            ...(days === undefined ? {} : { inactive: { days, users: by("inactive") } }),
          };
    // What the roster drops that the identity provider owns stays in W&B as it is: said, and no removal.
    const left = leftToIdentityProvider(ownershipRecordSchema.safeParse(olds).data, inputs);
    leftToIdentityProviderLines(inputs.organization, left).forEach((line) => operation.warn(line));
    const recordedBefore = before.success ? { admins: [], ...before.data } : undefined;
    const judge = (previous: RosterAccess | undefined) => judgeRosterChange(inputs.organization, previous, inputs, operation.guardRailsForChecks(), outside, left.users);
    let judged = judge(recordedBefore);
    // The record holds what the last run that wrote it declared; a run under --target since may have
    // removed some of them already. Only when the record alone refuses is W&B's listing read, and
    // the change judged against the users it still lists.
    if (judged.refusals.length > 0 && recordedBefore !== undefined) {
      const listed = await usersForCheck(operation);
      if (listed !== undefined) judged = judge(stillListed(recordedBefore, (userName) => listed.byUserName(userName) !== undefined));
    }
    const judgedInputs = {
      ...inputs,
      [LAST_LOOK_KEY]: new Date(now).toISOString(),
      verdicts: [...judged.verdicts],
      ...(planned === undefined ? {} : { planned }),
      ...(soon.length === 0 ? {} : { expiringSoon: { days: operation.expiryNoticeDaysForChecks(), grants: soon } }),
    };
    return { inputs: judgedInputs, failures: judged.refusals.map((reason) => ({ property: "", reason })) };
  },

  async diff(operation, _id, olds, news) {
    const changed = fieldChanges(rosterGuardFields, olds, news).changed.length > 0;
    // What the check planned to change in W&B is a change to make; so is what a refresh found new
    // since the record was written, to be reported.
    // News is judged only where this run refreshed the stack (`--refresh`, as the drift watch runs): its
    // refresh read every resource first, so what other resources of the stack hold is known to be
    // code, not news. A report saved by an earlier `pulumi refresh` cannot tell them apart: the
    // review still prints it, and the next `--refresh` judges it.
    const added =
      olds.outside === undefined || olds.outsideWhenWritten === undefined || !operation.holdings().refreshRan()
        ? []
        : outsideCodeAddedSince(olds.outsideWhenWritten, withoutHeldByStack(olds.outside, heldByStackIn(operation, news.stackUsers, { declaredInRun: false })));
    return { changes: changed || added.length > 0 || planActs(news.planned) };
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
    const { outside: lastFound, outsideWhenWritten, writtenAt, auditLog: _lastRead, ...record } = props;
    // Who made what is new since the last write: the log since then (wandb:auditLog), read before the report is told.
    const written = Date.parse(writtenAt ?? "");
    const since = Number.isFinite(written) ? written : Date.now() - UNWRITTEN_LOOKBACK_MS;
    const reading = await auditLogSince(operation, since);
    const outside = await outsideCodeNow(operation, record, undefined, reading);
    // The report is kept once, in the state (the check reads the organization itself). A record written
    // before it kept its report apart compares with the one it last found; one that never reported (an
    // earlier release's) with this one: its first report is no news of a change. A refresh is a look:
    // what qualifies by now is planned by the next check.
    const inputs = { ...record, [LAST_LOOK_KEY]: new Date().toISOString() };
    const kept = { ...(writtenAt === undefined ? {} : { writtenAt }), ...(reading === undefined ? {} : { auditLog: reading }) };
    return { id, props: { ...record, outside: keptReportOf(outside), outsideWhenWritten: newsBasisOf(outsideWhenWritten ?? lastFound ?? outside), ...kept }, inputs };
  },

  async update(operation, _id, olds, news) {
    await refuseLosingLiveAdmins(operation, olds, news);
    return { outs: await written(operation, news, olds) };
  },

  async delete(operation, _id, props) {
    // Nothing in W&B to remove. The identity provider's users stay (its teams' own deletes say they stay).
    const { users } = leftToIdentityProvider(ownershipRecordSchema.parse(props), undefined);
    leftToIdentityProviderLines(props.organization, { users, teams: [] }).forEach((line) => operation.tell(line));
  },
};
