// The guard rails of a roster change, for both front doors: judged from what the roster declared at
// the last applied run and what it declares now, names only, so that they hold at preview, before
// any request. Each refusal names the people, the setting, and how to let one run through.
import { z } from "zod";
import type { GuardRailSettings } from "../service/config";
import { identityOf, sameIdentity } from "./identity";
import type { ValidatedRoster } from "./roster/roster";
import { grantWords, type JudgedExpiry } from "./expiry";

/** Who a roster gives access to, as far as the guard rails count: userNames as spelled in the roster. */
export const rosterAccessSchema = z.object({
  users: z.array(z.string()),
  admins: z.array(z.string()),
  teams: z.record(z.string(), z.array(z.string())),
});
export type RosterAccess = z.output<typeof rosterAccessSchema>;

/** The roster's access, sorted: reordering the roster changes nothing in it. A user whose access expired has none. */
export function rosterAccessOf(roster: ValidatedRoster): RosterAccess {
  const sorted = (names: string[]) => [...names].sort();
  const active = roster.users.filter((user) => user.deactivated !== true);
  return {
    users: sorted(active.map((user) => user.userName)),
    admins: sorted(active.filter((user) => user.organizationRole === "admin").map((user) => user.userName)),
    // The identity provider writes the members of a team of `membersFrom: idp`: the roster removes none of them.
    teams: Object.fromEntries(
      roster.teams
        .filter((team) => team.membersFrom === "code")
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((team) => [team.name, sorted(team.members)]),
    ),
  };
}

/**
 * The access `before` gave that W&B still holds: the users `isListed` (those W&B lists) and their
 * places. A removal an earlier run already made (a `--target` run leaves the record as it was) is no
 * removal of this change.
 */
export function stillListed(before: RosterAccess, isListed: (userName: string) => boolean): RosterAccess {
  const listed = (names: readonly string[]) => names.filter(isListed);
  return {
    users: listed(before.users),
    admins: listed(before.admins),
    teams: Object.fromEntries(Object.entries(before.teams).map(([team, members]) => [team, listed(members)])),
  };
}

export interface GuardJudgement {
  /** Why the change must not be applied; empty when it may. */
  readonly refusals: readonly string[];
  /** One line per guard rail, what it found: for the access review. */
  readonly verdicts: readonly string[];
}

/** The environment variable that changes a setting for one run (stack config, when set, wins over it). */
const ONE_RUN = {
  minAdmins: "WANDB_MIN_ADMINS=0",
  maxRemovalFraction: "WANDB_MAX_REMOVAL_FRACTION=1",
  protectSelf: "WANDB_PROTECT_SELF=false",
} as const;

/** How to let one run through; `command` is what the refused run was, where the writes themselves judged it (up or destroy). */
function letThrough(key: keyof typeof ONE_RUN, command = `\`${ONE_RUN[key]} pulumi up\``): string {
  return (
    `If it is meant, let this one run through with ${command} ` +
    `(when the stack config does not set wandb:${key}; \`pulumi config set wandb:${key} <value>\` changes it for good).`
  );
}

/** The run at the writes may be an up (its --target, --exclude) or a destroy: the override works for either. */
const eitherRun = (key: keyof typeof ONE_RUN) => `\`${ONE_RUN[key]} pulumi up\` (or \`pulumi destroy\`)`;

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
const listed = (names: readonly string[]) => names.join(", ");

/** The userNames of `from` missing from `to`. */
function missing(from: readonly string[], to: readonly string[]): string[] {
  const kept = new Set(to.map((name) => identityOf("userName", name)));
  return from.filter((name) => !kept.has(identityOf("userName", name)));
}

const includes = (names: readonly string[], name: string) => names.some((each) => sameIdentity("userName", each, name));

/** A user the roster does not declare, as the outside-code report lists it. */
export interface UndeclaredUser {
  readonly userName: string;
  readonly organizationRole?: string;
}

/**
 * What `outsideCode` would remove, from the last refresh's report: the users `users: deactivate`
 * deactivates, the custom roles `customRoles: delete` deletes; and how many active users (and
 * admins, where the service shows roles) W&B listed then.
 */
export interface OutsideRemovals {
  readonly deactivating: readonly UndeclaredUser[];
  readonly deletingRoles: readonly string[];
  readonly live: LiveCount;
  /** The users `deactivateInactiveAfterDays: days` deactivates, declared or not. */
  readonly inactive?: { readonly days: number; readonly users: readonly UndeclaredUser[] };
}

/** What a roster declares beside its access that the guard rails judge: who must stay admins, and its grants past their date. */
export interface JudgedRoster extends RosterAccess {
  readonly requiredAdmins?: readonly string[];
  readonly expiries?: readonly JudgedExpiry[];
}

/**
 * Judges the change of the roster of Organization `organization` from `before` (what the last
 * applied run declared; undefined on its first run) to `after` (its grants past their date taken
 * away, and each `requiredAdmins` kept an admin). With `outside` (after a refresh,
 * when `outsideCode.users: deactivate` has users to deactivate), the users the roster drops and
 * those deactivated are also judged together against the users W&B listed, as the writes count
 * them, and so are the admins among them. The users in `leftInWandb`, which the roster drops and
 * W&B keeps (`usersFrom: idp`: model/left-to-identity-provider), are no removal.
 */
export function judgeRosterChange(
  organization: string,
  before: RosterAccess | undefined,
  after: JudgedRoster,
  settings: GuardRailSettings,
  outside?: OutsideRemovals,
  leftInWandb: readonly string[] = [],
): GuardJudgement {
  const refusals: string[] = [];
  const verdicts: string[] = [];
  const who = `Organization "${organization}"`;
  const deactivating = [...(outside?.deactivating ?? []), ...(outside?.inactive?.users ?? [])];

  // Admins: a change that takes admins away must leave enough.
  const lostAdmins = missing(before?.admins ?? [], after.admins);
  const adminsLeft = `${after.admins.length} organization admin${after.admins.length === 1 ? "" : "s"} in the roster (${listed(after.admins) || "none"})`;
  if (lostAdmins.length > 0 && after.admins.length < settings.minAdmins) {
    refusals.push(
      `${who}: this change removes or demotes the admin${lostAdmins.length === 1 ? "" : "s"} ${listed(lostAdmins)}, leaving ${adminsLeft}, ` +
        `fewer than wandb:minAdmins (${settings.minAdmins}). Keep an admin, or declare another first. ${letThrough("minAdmins")}`,
    );
    verdicts.push(`refused: leaves ${adminsLeft}, fewer than wandb:minAdmins (${settings.minAdmins})`);
  } else {
    verdicts.push(`passed: ${adminsLeft}; wandb:minAdmins is ${settings.minAdmins}`);
  }
  const liveAdmins = outside === undefined ? undefined : liveAdminsAfterDeactivations(who, lostAdmins, deactivating, outside.live, settings);
  if (liveAdmins !== undefined) refusals.push(liveAdmins);
  judgeRequiredAdmins(who, after, deactivating, { refusals, verdicts });

  // The identity the provider acts as.
  const self = settings.self;
  const selfExpired = (after.expiries ?? []).filter((expiry) => expiry.expired && sameIdentity("userName", expiry.user, self));
  if (self !== undefined && settings.protectSelf && selfExpired.length > 0) {
    // Whatever it would end, a grant of the acting user never expires by itself: said once, with each grant.
    const grants = selfExpired.map((expiry) => `${grantWords(expiry)}, expired on ${expiry.expires} (${expiry.at})`).join("; ");
    refusals.push(
      `${who}: this change takes away access of ${self}, the user the provider acts as (wandb:username), whose grants expired: ${grants}. ` +
        `The acting user's access never expires by itself: the run could lose its own access. Remove the expiry (or the grant) from the roster. ${letThrough("protectSelf")}`,
    );
    verdicts.push(`refused: an expiry takes access away from ${self}, the user the provider acts as`);
  } else if (self === undefined && settings.selfUnknown) {
    const judged = unknownSelfJudgement(who, lostAdmins, outside, settings);
    if (judged.refusal !== undefined) refusals.push(judged.refusal);
    verdicts.push(judged.verdict);
  } else if (self === undefined) {
    verdicts.push("passed: the provider acts with a key that names no user (service account): no user to keep");
  } else if (!settings.protectSelf) {
    verdicts.push(`not judged: wandb:protectSelf is false, so the user the provider acts as (${self}) is not protected`);
  } else {
    const removed = before !== undefined && includes(before.users, self) && !includes(after.users, self);
    const demoted = includes(after.users, self) && !includes(after.admins, self);
    if (removed || demoted) {
      refusals.push(
        `${who}: this change ${removed ? "removes" : "demotes"} ${self}, the user the provider acts as (wandb:username): ` +
          `the run would lose its own access. ${removed ? "Keep the user in the roster" : "Keep its organizationRole admin"}. ${letThrough("protectSelf")}`,
      );
      verdicts.push(`refused: ${removed ? "removes" : "demotes"} ${self}, the user the provider acts as`);
    } else {
      verdicts.push(`passed: ${self}, the user the provider acts as, is ${includes(after.users, self) ? "kept as an admin" : "not managed by the roster"}`);
    }
  }

  // Removals: of the roster's users, and of each team's members; and, when `outsideCode.users:
  // deactivate` has users to deactivate, those with the roster's as the writes count them: against
  // the users W&B lists.
  let judgedRemovals = 0;
  const judgeFraction = (count: string, fraction: number, keep = "") => {
    judgedRemovals += 1;
    const limit = percent(settings.maxRemovalFraction);
    if (fraction > settings.maxRemovalFraction) {
      refusals.push(`${who}: this change removes ${count}; more than wandb:maxRemovalFraction (${limit}) allows. ${keep}${letThrough("maxRemovalFraction")}`);
      verdicts.push(`refused: removes ${count}; more than wandb:maxRemovalFraction (${limit})`);
    } else {
      verdicts.push(`passed: removes ${count}; wandb:maxRemovalFraction is ${limit}`);
    }
  };
  const removalsOf = (what: string, from: readonly string[], to: readonly string[]) => {
    const gone = missing(from, to);
    if (from.length === 0 || gone.length === 0) return;
    judgeFraction(`${gone.length} of ${from.length} ${what} (${percent(gone.length / from.length)}): ${listed(gone)}`, gone.length / from.length);
  };
  const kept = [...after.users, ...leftInWandb];
  removalsOf("users", before?.users ?? [], kept);
  const dropped = missing(before?.users ?? [], kept);
  const undeclared = (outside?.deactivating ?? []).map((user) => user.userName).filter((name) => !includes(dropped, name));
  const inactive = (outside?.inactive?.users ?? []).map((user) => user.userName).filter((name) => !includes(dropped, name) && !includes(undeclared, name));
  if (outside !== undefined && undeclared.length + inactive.length > 0) {
    const total = dropped.length + undeclared.length + inactive.length;
    const fraction = outside.live.users === 0 ? 1 : total / outside.live.users;
    const whose = [
      ...(dropped.length > 0 ? [`${listed(dropped)}, dropped from the roster`] : []),
      ...(undeclared.length > 0 ? [`${listed(undeclared)}, who the roster does not declare (outsideCode.users: deactivate)`] : []),
      ...(inactive.length > 0 ? [`${listed(inactive)}, not active in ${outside.inactive?.days} days (deactivateInactiveAfterDays)`] : []),
    ];
    const keep = inactive.length > 0 ? KEEP_INACTIVE : KEEP_UNDECLARED;
    judgeFraction(`${total} of the ${outside.live.users} users W&B lists (${percent(fraction)}): ${whose.join("; ")}`, fraction, `${keep} `);
  }
  for (const [team, members] of Object.entries(before?.teams ?? {})) removalsOf(`members of team ${team}`, members, after.teams[team] ?? []);
  if (judgedRemovals === 0) {
    verdicts.push(`passed: removes nobody; wandb:maxRemovalFraction is ${percent(settings.maxRemovalFraction)}`);
  }
  // No guard rail counts custom roles (a CustomRole the roster drops is deleted unguarded too): a
  // deleted role removes no one from the organization. The review names each one all the same.
  const roles = outside?.deletingRoles ?? [];
  if (roles.length > 0) {
    verdicts.push(
      `not judged: deletes the custom role${roles.length === 1 ? "" : "s"} ${listed(roles)}, which the roster does not declare ` +
        "(outsideCode.customRoles: delete); no guard rail counts custom roles: each holder falls back to the role it inherits from",
    );
  }
  return { refusals, verdicts };
}

/**
 * Each of the roster's `requiredAdmins` stays an organization admin: declared one after the change,
 * active, and not deactivated by the run (for inactivity). Refused otherwise, naming them and why.
 */
function judgeRequiredAdmins(who: string, after: JudgedRoster, deactivating: readonly UndeclaredUser[], judged: { refusals: string[]; verdicts: string[] }): void {
  const required = after.requiredAdmins ?? [];
  if (required.length === 0) return;
  const lost = required.flatMap((name) => {
    if (!includes(after.users, name)) return [`${name} (no longer an active user of the roster)`];
    if (!includes(after.admins, name)) return [`${name} (no longer an admin in the roster)`];
    return deactivating.some((user) => sameIdentity("userName", user.userName, name)) ? [`${name} (deactivated by this run)`] : [];
  });
  if (lost.length === 0) {
    judged.verdicts.push(`passed: the required admins (requiredAdmins) stay organization admins: ${listed(required)}`);
    return;
  }
  judged.refusals.push(
    `${who}: this change demotes or deactivates ${listed(lost)}, listed in requiredAdmins: each must stay an active organization admin. ` +
      "Keep them admins, match them with outsideCode.ignore where deactivateInactiveAfterDays would take them, or remove them from requiredAdmins first.",
  );
  judged.verdicts.push(`refused: takes organization admin away from required admins: ${listed(lost)}`);
}

/** How to tell the provider whose bearer key it acts with, so that it keeps that user. */
const TELL_SELF =
  "Set wandb:username (WANDB_USERNAME) to the key's owner (with a bearer key it is not sent: it tells the provider which user to keep), " +
  "or act with an organization service account's key.";

/** Whether `role` (as held; undefined where W&B does not show it) may be an organization admin's: the one a key that calls SCIM belongs to. */
const mayBeAdmin = (role: string | undefined) => role === undefined || identityOf("organizationRole", role) === "admin";

/**
 * The acting user's guard rail where the key's owner cannot be told (a bearer key with no
 * wandb:username): a change that removes or demotes an admin of the roster, or deactivates users
 * who may be admins (`deactivateInactiveAfterDays`, `outsideCode.users: deactivate`; every one where
 * W&B shows no roles), could lock the provider out, and is refused unless wandb:protectSelf is false.
 */
function unknownSelfJudgement(who: string, lostAdmins: readonly string[], outside: OutsideRemovals | undefined, settings: GuardRailSettings): { refusal?: string; verdict: string } {
  const named = (users: readonly UndeclaredUser[] | undefined) => (users ?? []).filter((user) => mayBeAdmin(user.organizationRole)).map((user) => user.userName);
  const inactive = named(outside?.inactive?.users);
  const undeclared = named(outside?.deactivating).filter((name) => !includes(inactive, name));
  const risks = [
    ...(lostAdmins.length > 0 ? [`removes or demotes the admin${lostAdmins.length === 1 ? "" : "s"} ${listed(lostAdmins)}`] : []),
    ...(inactive.length > 0 ? [`deactivates ${listed(inactive)}, not active in ${outside?.inactive?.days} days (deactivateInactiveAfterDays)`] : []),
    ...(undeclared.length > 0 ? [`deactivates ${listed(undeclared)}, who the roster does not declare (outsideCode.users: deactivate)`] : []),
  ];
  const unknown = "the user the provider acts as (a bearer key's owner, no wandb:username) cannot be told";
  if (risks.length === 0) return { verdict: `passed: ${unknown}, and this change removes, deactivates or demotes no one who may be an admin` };
  if (!settings.protectSelf) return { verdict: `not judged: wandb:protectSelf is false, and ${unknown}` };
  return {
    refusal:
      `${who}: this change ${risks.join("; ")}; the provider cannot tell which user its bearer key belongs to, so it could take away ` +
      `the access of the user it acts as and lock itself out. ${TELL_SELF} ${letThrough("protectSelf")}`,
    verdict: `refused: ${unknown}, and this change may take away its access`,
  };
}

const KEEP_UNDECLARED = "Declare the ones to keep in the roster, or match them with outsideCode.ignore.";
const KEEP_INACTIVE = "Match the ones to keep with outsideCode.ignore, raise deactivateInactiveAfterDays, or deactivate fewer at a time.";

/**
 * Where the service shows roles: why the admins the roster takes away and those `outsideCode.users:
 * deactivate` deactivates, together, must not go, leaving fewer than wandb:minAdmins of the admins W&B
 * listed; undefined when they may, or when no admin is deactivated.
 */
function liveAdminsAfterDeactivations(
  who: string,
  lostAdmins: readonly string[],
  deactivating: readonly UndeclaredUser[],
  live: LiveCount,
  settings: GuardRailSettings,
): string | undefined {
  const admins = deactivating.filter((user) => user.organizationRole !== undefined && identityOf("organizationRole", user.organizationRole) === "admin");
  if (admins.length === 0 || live.admins === undefined || settings.minAdmins === 0) return undefined;
  const gone = [...lostAdmins, ...admins.map((user) => user.userName).filter((name) => !includes(lostAdmins, name))];
  const left = live.admins - gone.length;
  if (left >= settings.minAdmins) return undefined;
  return (
    `${who}: this change removes or deactivates the admin${gone.length === 1 ? "" : "s"} ${listed(gone)}, ` +
    `leaving ${left} of the ${live.admins} organization admins W&B lists, fewer than wandb:minAdmins (${settings.minAdmins}). ` +
    `${KEEP_UNDECLARED} ${letThrough("minAdmins")}`
  );
}

/**
 * Why a resource must not delete, deactivate or demote `userName`, unless wandb:protectSelf is false:
 * it is the user the provider acts as (`wandb:username` with a user key); or the key's owner cannot
 * be told (a bearer key with no wandb:username) and the user may be it, holding `heldRole` admin or
 * a role W&B does not show (undefined). Undefined when it may.
 */
export function actingUserRefusal(userName: string, action: "delete" | "deactivate" | "demote", heldRole: string | undefined, settings: GuardRailSettings): string | undefined {
  if (!settings.protectSelf) return undefined;
  if (settings.self === undefined && settings.selfUnknown && mayBeAdmin(heldRole)) {
    return (
      `this would ${action} ${userName}, ${heldRole === undefined ? "whose organization role W&B does not show" : "an organization admin"}, and the provider ` +
      `cannot tell which user its bearer key belongs to: if it is this one, the run would lose its own access. ${TELL_SELF} ${letThrough("protectSelf")}`
    );
  }
  if (!sameIdentity("userName", settings.self, userName)) return undefined;
  return (
    `this would ${action} ${userName}, the user the provider acts as (wandb:username): the run would lose its own access. ` +
    `Act with another admin's key, or an organization service account's. ${letThrough("protectSelf")}`
  );
}

/** A user as the service lists it, for counting live admins; `organizationRole` undefined where the service does not show roles. */
export interface LiveUser {
  readonly userName: string;
  readonly active: boolean;
  readonly organizationRole?: string;
}

/**
 * Where the service shows roles, the admins the organization would have once the roster is applied:
 * the live admins it does not manage, and those it declares. Why the change must not be applied,
 * when it takes admins away (removed or demoted, declared or live) and leaves fewer than
 * wandb:minAdmins; undefined when it may, or when the service shows no roles (then the roster's
 * count, judged at preview, is all there is).
 */
export function liveAdminsRefusal(
  organization: string,
  before: RosterAccess | undefined,
  after: RosterAccess,
  live: readonly LiveUser[],
  settings: GuardRailSettings,
): string | undefined {
  if (settings.minAdmins === 0 || live.some((user) => user.organizationRole === undefined)) return undefined;
  const liveAdmins = live.filter((user) => user.active && user.organizationRole === "admin").map((user) => user.userName);
  const outside = liveAdmins.filter((userName) => !includes(after.users, userName));
  const remaining = [...outside, ...after.admins];
  const demoted = liveAdmins.filter((userName) => includes(after.users, userName) && !includes(after.admins, userName));
  const lost = [...new Set([...missing(before?.admins ?? [], after.admins), ...demoted])];
  if (lost.length === 0 || remaining.length >= settings.minAdmins) return undefined;
  return (
    `Organization "${organization}": this change removes or demotes the admin${lost.length === 1 ? "" : "s"} ${listed(lost)}, leaving ` +
    `${remaining.length} organization admin${remaining.length === 1 ? "" : "s"} in the organization as W&B lists it (${listed(remaining) || "none"}), ` +
    `fewer than wandb:minAdmins (${settings.minAdmins}). Nothing was written. ${letThrough("minAdmins")}`
  );
}

/** What one run has removed of an organization so far, or removes in one wave of writes: userNames. */
export interface RunRemovals {
  /** Users deleted or deactivated. */
  readonly users: readonly string[];
  /** Admins deleted, deactivated or demoted. */
  readonly admins: readonly string[];
}

/** The organization as W&B listed it when the run first removed someone: `admins` undefined where the service shows no roles. */
export interface LiveCount {
  readonly users: number;
  readonly admins?: number;
}

/** The active users W&B lists, and its active admins where every user shows a role. */
export function liveCountOf(users: readonly LiveUser[]): LiveCount {
  const active = users.filter((user) => user.active);
  const rolesShown = active.every((user) => user.organizationRole !== undefined);
  return {
    users: active.length,
    ...(rolesShown ? { admins: active.filter((user) => user.organizationRole === "admin").length } : {}),
  };
}

/**
 * Why a wave of writes of one run must not be made: together with what the run removed before
 * (`done`), it removes more than wandb:maxRemovalFraction of the users W&B listed when the run first
 * removed someone, or leaves fewer than wandb:minAdmins of the admins it listed. Judged at the
 * writes themselves, so that no way of invoking the run (`--target`, `--exclude`,
 * `--continue-on-error`, a state without a guard record) skips it; undefined when they may be made.
 */
export function runRemovalsRefusal(
  organizations: readonly string[],
  done: RunRemovals,
  wave: RunRemovals,
  live: LiveCount,
  settings: GuardRailSettings,
): string | undefined {
  const who = organizations.map((organization) => `Organization "${organization}"`).join(", ");
  const after = { users: [...done.users, ...wave.users].sort(), admins: [...done.admins, ...wave.admins].sort() };
  const earlier = (names: readonly string[]) => (names.length === 0 ? "" : ` (${names.length} of them removed earlier in this run)`);
  const however = "The guard rails judge each removal at its own write, however the run is invoked; nothing more is removed in this run.";
  const fraction = live.users === 0 ? 0 : after.users.length / live.users;
  if (wave.users.length > 0 && fraction > settings.maxRemovalFraction) {
    return (
      `${who}: this run removes ${after.users.length} of the ${live.users} users W&B lists (${percent(fraction)})${earlier(done.users)}: ` +
      `${listed(after.users)}; more than wandb:maxRemovalFraction (${percent(settings.maxRemovalFraction)}) allows in one run. ${however} ` +
      letThrough("maxRemovalFraction", eitherRun("maxRemovalFraction"))
    );
  }
  if (wave.admins.length > 0 && live.admins !== undefined && settings.minAdmins > 0 && live.admins - after.admins.length < settings.minAdmins) {
    const left = live.admins - after.admins.length;
    return (
      `${who}: this run removes or demotes the admin${after.admins.length === 1 ? "" : "s"} ${listed(after.admins)}${earlier(done.admins)}, ` +
      `leaving ${left} of the ${live.admins} organization admins W&B lists, fewer than wandb:minAdmins (${settings.minAdmins}). ${however} ` +
      letThrough("minAdmins", eitherRun("minAdmins"))
    );
  }
  return undefined;
}

/**
 * Why a change of a team's members must not be made: it removes more than wandb:maxRemovalFraction
 * of the members it had (by reference, as the resource recorded them); undefined when it may.
 */
export function teamRemovalRefusal(team: string, organization: string, before: readonly string[], after: readonly string[], settings: GuardRailSettings): string | undefined {
  if (before.length === 0) return undefined;
  const kept = new Set(after.map((member) => identityOf("userReference", member)));
  const gone = before.filter((member) => !kept.has(identityOf("userReference", member)));
  const fraction = gone.length / before.length;
  if (fraction <= settings.maxRemovalFraction) return undefined;
  return (
    `Organization "${organization}": this change removes ${gone.length} of ${before.length} members of team ${team} (${percent(fraction)})` +
    `${gone.length === before.length ? ", emptying it" : ""}; more than wandb:maxRemovalFraction (${percent(settings.maxRemovalFraction)}) allows. ` +
    `The team judges it itself, however the run is invoked. ${letThrough("maxRemovalFraction", eitherRun("maxRemovalFraction"))}`
  );
}
