// OrganizationMembers: many users in one resource, each person handled by the User's own
// implementation (its check, diff, create or takeover, update under the ETag rule, read, delete
// under the guard rails), so that a person in the set is what a User resource would be, and the
// engine counts one resource. A write that fails for some people records the others as written.
import { randomUUID } from "node:crypto";
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { firstNames } from "../../model/first-names";
import { identityOf, sameIdentity } from "../../model/identity";
import {
  organizationMembersFields,
  organizationMembersInputs,
  organizationMembersOutputs,
  memberInputs,
  memberKeyProblems,
  heldByTheSet,
  type FIELDS_THE_SET_HOLDS,
  type MemberInputs,
  type MemberState,
  type OrganizationMembersInputs,
  type OrganizationMembersOutputs,
} from "../../model/shapes/organization-members";
import { actingUserRefusal } from "../../model/guard-rails";
import { ResourceInitError, withPulumiAdvice } from "../kit/errors";
import { detailed, propertyChanges, type PropertyChangeKind } from "../kit/difference";
import { fieldChanges } from "../kit/field-changes";
import type { ResourceImplementation } from "../kit/implementation";
import { checkInputs, declarableInputs, failure } from "../kit/inputs";
import { heldEmailRefusal, userFields, userInputs } from "../../model/shapes/user";
import { engineRecord, recordedBeforeVersioning, storedState } from "../kit/state";
import type { Operation } from "../operation";
import { inputsOfState, removalRefusal, user, type UserInputs, type UserOutputs } from "./user";
import { usersForCheck } from "../membership/users";

/** The settings the set holds once for every person, as its state records them. */
type Settings = Pick<OrganizationMembersOutputs, "adoptExisting" | "deletionPolicy" | "protectAdmins" | "guardedBy">;

/** A person's property as the engine's paths name it: `members["ana"].organizationRole`. */
const personPath = (userName: string, property = ""): string => `members[${JSON.stringify(userName)}]${property === "" ? "" : property.startsWith("[") ? property : `.${property}`}`;

/** What a program is told when members is no object of people. */
const membersError = 'members must be an object of people by userName, e.g. { ana: { email: "ana@example.com" } }';

/** The settings as the state records them: those left at their defaults left out, to keep the state small. */
const settingsOf = ({ adoptExisting, deletionPolicy, protectAdmins, guardedBy }: Settings): Settings => ({
  adoptExisting,
  deletionPolicy,
  ...(protectAdmins === true ? { protectAdmins } : {}),
  ...(guardedBy === undefined ? {} : { guardedBy }),
});

/** The settings a User of each person takes: the set's, but those only the set has. */
const userSettingsOf = ({ adoptExisting, deletionPolicy, guardedBy }: Settings) => ({ adoptExisting, deletionPolicy, ...(guardedBy === undefined ? {} : { guardedBy }) });

/** Whether a userName is among `userNames`, compared as W&B compares them; built once for a set of any size. */
function namedIn(userNames: readonly string[] | undefined): (userName: string) => boolean {
  const named = new Set((userNames ?? []).map((userName) => identityOf("userName", userName)));
  return (userName) => named.has(identityOf("userName", userName));
}

/**
 * The people moving between this set and a User of the stack in this run, as the Organization
 * names them: those it held as Users until now (`heldAsUsers`, taken over as adoptExisting would;
 * of them, `heldAsAdmins` recorded as admins), and its protected admins (`adminsAsUsers`), whom
 * the set lets go to their User rather than removes.
 */
function movesOf(inputs: Pick<OrganizationMembersInputs, "heldAsUsers" | "heldAsAdmins" | "adminsAsUsers">) {
  return { heldAsUser: namedIn(inputs.heldAsUsers), heldAsAdmin: namedIn(inputs.heldAsAdmins), adminAsUser: namedIn(inputs.adminsAsUsers) };
}
type Moves = ReturnType<typeof movesOf>;

/** The inputs last applied to a person, as a User's check takes them: none for a person new to the set. */
function userOldsOf(recordedKey: string | undefined, oldMembers: Readonly<Record<string, Record<string, unknown>>>): Record<string, unknown> {
  return recordedKey === undefined ? {} : { userName: recordedKey, ...oldMembers[recordedKey] };
}

/** A person's inputs as a User's. */
function userInputsOf(userName: string, member: MemberInputs, settings: Settings): UserInputs {
  return { userName, ...member, ...userSettingsOf(settings) };
}

/** A person's state as a User's: the set's settings, the key as userName, the empty views it leaves out. */
function userStateOf(userName: string, member: MemberState, settings: Settings): UserOutputs {
  const { id: _id, teamRoles = [], registryRoles = [], ...state } = member;
  return { userName, ...state, teamRoles, registryRoles, ...userSettingsOf(settings) };
}

/** A User's record without what the set holds once (FIELDS_THE_SET_HOLDS). */
function withoutSetFields<T extends object>(record: T): Omit<T, (typeof FIELDS_THE_SET_HOLDS)[number]> {
  return Object.fromEntries(Object.entries(record).filter(([field]) => !heldByTheSet(field))) as Omit<T, (typeof FIELDS_THE_SET_HOLDS)[number]>;
}

/** A User's state as a person's: what the set holds once (the key, the settings) and empty views left out. */
function memberStateOf(id: string, outs: Record<string, unknown>): MemberState {
  const { teamRoles, registryRoles, ...state } = withoutSetFields(outs);
  const views = {
    ...(Array.isArray(teamRoles) && teamRoles.length > 0 ? { teamRoles } : {}),
    ...(Array.isArray(registryRoles) && registryRoles.length > 0 ? { registryRoles } : {}),
  };
  return { id, ...(state as Omit<MemberState, "id">), ...views } as MemberState;
}

/**
 * A User's inputs, as a refresh reads them, as a person's: a field the User's check refuses (a custom
 * organization role, which a User does not declare) left out, as the engine's calls leave it out of a User's.
 */
function memberInputsOf(inputs: Partial<UserInputs>): Partial<MemberInputs> {
  const declarable = declarableInputs(userInputs, userFields, { ...inputs }) as Partial<UserInputs>;
  const { adopted: _adopted, ...member } = withoutSetFields(declarable);
  return member;
}

/**
 * The people of `news` beside those of `olds`, userNames compared ignoring case (as W&B compares
 * them): `kept` pairs each declared key with the recorded one naming the same user.
 */
function matched<N, O>(news: Readonly<Record<string, N>>, olds: Readonly<Record<string, O>>) {
  const recorded = new Map(Object.keys(olds).map((key) => [identityOf("userName", key), key]));
  const kept: { key: string; recordedKey: string }[] = [];
  const added: string[] = [];
  for (const key of Object.keys(news)) {
    const recordedKey = recorded.get(identityOf("userName", key));
    if (recordedKey === undefined) added.push(key);
    else {
      kept.push({ key, recordedKey });
      recorded.delete(identityOf("userName", key));
    }
  }
  return { kept, added, removed: [...recorded.values()] };
}

/** Each person's call, all at once (the client bounds the requests in flight), each settled on its own. */
async function eachPerson<T>(userNames: readonly string[], call: (userName: string) => Promise<T>): Promise<Map<string, PromiseSettledResult<T>>> {
  const settled = await Promise.allSettled(userNames.map(call));
  return new Map(userNames.map((userName, index) => [userName, settled[index]!]));
}

/** The people whose write failed, each named with its reason: the one error of a set's write. */
function failedPeople(failures: ReadonlyMap<string, unknown>, total: number): Error {
  const reasons = [...failures].map(([userName, error]) => {
    const shown = withPulumiAdvice(error);
    return `${personPath(userName)}: ${shown instanceof Error ? shown.message : String(shown)}`;
  });
  const others = failures.size === total ? "" : ` The other ${total - failures.size} were written, and are recorded as such.`;
  return new Error(`${failures.size} of ${total} people could not be written:${others}\n${reasons.join("\n")}`);
}

/** Fails naming every person whose removal the guard rails refuse, before any request. */
function refuseGuardedRemovals(operation: Operation, people: readonly [string, MemberState][], settings: Settings, protectAdmins: boolean): void {
  const refusals = people.flatMap(([userName, member]) => {
    const refusal = (protectAdmins ? protectedAdminRefusal(member) : undefined) ?? removalRefusal(operation, userStateOf(userName, member, settings));
    return refusal === undefined ? [] : [`${personPath(userName)}: ${refusal}`];
  });
  if (refusals.length > 0) throw new Error(`refused before any write: ${refusals.join("\n")}`);
}

/**
 * Removes each person as a User's delete would (its deletionPolicy, under its ETag and the guard
 * rails), but one another resource of this run holds (moved into a User in code), which stays in
 * W&B. Hands back each person whose removal failed, with why.
 */
async function removePeople(operation: Operation, people: readonly [string, MemberState][], settings: Settings, leftToUsers: (userName: string) => boolean = () => false): Promise<Map<string, unknown>> {
  const kept = (userName: string, member: MemberState) => operation.holdings().held("User", member.id) || leftToUsers(userName);
  const removed = people.filter(([userName, member]) => !kept(userName, member));
  const left = people.filter(([userName, member]) => kept(userName, member)).map(([userName]) => userName);
  if (left.length > 0) operation.warn(peopleLeftToTheirHolders(left));
  const stateOf = new Map(removed);
  const results = await eachPerson([...stateOf.keys()], (userName) => user.delete(operation, stateOf.get(userName)!.id, userStateOf(userName, stateOf.get(userName)!, settings)));
  return new Map([...results].flatMap(([userName, result]) => (result.status === "rejected" ? [[userName, result.reason] as const] : [])));
}

/** How many of the people a notice names before it counts the rest. */
const PEOPLE_NAMED = 10;

/** What the set says, once, of the people it lets go that another resource of the run holds: a move or rename in code. */
function peopleLeftToTheirHolders(userNames: readonly string[]): string {
  const named = firstNames(userNames, PEOPLE_NAMED);
  return (
    `${userNames.length === 1 ? "the user" : `${userNames.length} users`} with userName ${named} ${userNames.length === 1 ? "was" : "were"} left in W&B, as ` +
    `${userNames.length === 1 ? "it is" : "they are"}: another resource of this stack holds ${userNames.length === 1 ? "it" : "them"} in this run ` +
    "(a rename of the Organization, or a person moved to a User of their own), so this is a rename in code, not a removal. Nothing was removed."
  );
}

/** Why `protectAdmins` refuses removing the person `member` records: an admin. */
function protectedAdminRefusal(member: Pick<MemberState, "organizationRole">): string | undefined {
  if (member.organizationRole === undefined || !sameIdentity("organizationRole", member.organizationRole, "admin")) return undefined;
  return "an admin, and protectAdmins refuses to remove admins: declare their organizationRole `member` first (a run of its own), or set protectAdmins to false";
}

/**
 * Creates or takes over `userName` as a User would (one the stack held as a User until now taken
 * over as adoptExisting would); a user made but not finished is recorded with its state.
 */
async function createPerson(operation: Operation, userName: string, member: MemberInputs, inputs: OrganizationMembersInputs, moves: Moves): Promise<MemberState> {
  const settings = moves.heldAsUser(userName) ? { ...inputs, adoptExisting: true } : inputs;
  const declared = userInputsOf(userName, member, settings);
  const created = await user.create(operation, declared);
  // An admin demoted in the move: the takeover records the role W&B shows (or, where it shows none, the
  // declared one, unverified) without a write; the User recorded admin, so the demotion is written now.
  if (!moves.heldAsAdmin(userName) || member.organizationRole === undefined || member.organizationRole === "admin") return memberStateOf(created.id, created.outs);
  const demoted = await user.update(operation, created.id, { ...created.outs, organizationRole: "admin", organizationRoleUnverified: false } as UserOutputs, declared);
  return memberStateOf(created.id, demoted.outs);
}

/**
 * Makes a person the set lets go to their protected admin's User an admin first (their promotion,
 * under their ETag and the guard rails at the write), so that the User takes them over as W&B then
 * holds them, in the same run.
 */
async function promote(operation: Operation, userName: string, member: MemberState, settings: Settings): Promise<void> {
  const recorded = userStateOf(userName, member, settings);
  if (recorded.organizationRole === "admin") return;
  await user.update(operation, member.id, recorded, { ...inputsOfState(recorded), organizationRole: "admin" });
}

/** The person a failed create still leaves in W&B (a user made, its setup unfinished), as the User would record it. */
function halfMade(error: unknown): MemberState | undefined {
  return error instanceof ResourceInitError ? memberStateOf(error.id, error.properties) : undefined;
}

/**
 * Each person's settled write into `members` (what was written) and `failures` (why not); a failed
 * person is recorded as `recordedAfterFailure` says (half made, or as last recorded), if at all.
 */
function recordSettled(
  results: ReadonlyMap<string, PromiseSettledResult<MemberState>>,
  members: Record<string, MemberState>,
  failures: Map<string, unknown>,
  recordedAfterFailure: (userName: string, reason: unknown) => MemberState | undefined,
): void {
  for (const [userName, result] of results) {
    if (result.status === "fulfilled") members[userName] = result.value;
    else {
      failures.set(userName, result.reason);
      const recorded = recordedAfterFailure(userName, result.reason);
      if (recorded !== undefined) members[userName] = recorded;
    }
  }
}

/** The set's state after a write: `members`, or, when some people failed, the error that records them as written. */
function written(
  operation: Operation,
  id: string,
  members: Record<string, MemberState>,
  settings: Settings,
  failures: ReadonlyMap<string, unknown>,
  total: number,
): OrganizationMembersOutputs {
  // Each user is this resource's in this run: another resource's delete of it (a person moved here from a User in code) leaves it.
  for (const member of Object.values(members)) operation.holdings().hold("User", member.id);
  const outs = { members, ...settingsOf(settings) };
  if (failures.size > 0) throw new ResourceInitError(id, outs, failedPeople(failures, total));
  return outs;
}

/**
 * Each person new to the set whose email W&B lists under another userName: refused at preview, as
 * W&B would refuse their create (409), before anything is written. Judged from the operation's one
 * listing of the users; nothing is judged where it cannot be read (the create still fails then).
 */
async function heldEmailFailures(
  operation: Operation,
  inputs: OrganizationMembersInputs,
  newcomers: readonly string[],
  /** The people the set removes first: a newcomer may take the email of one of them (a userName changed in code). */
  leaving: readonly string[],
): Promise<pulumi.dynamic.CheckFailure[]> {
  if (newcomers.length === 0 || operation.configurationProblems().length > 0) return [];
  const users = await usersForCheck(operation);
  if (users === undefined) return [];
  return newcomers.flatMap((userName) => {
    const { email } = inputs.members[userName]!;
    const wording = { declared: `OrganizationMembers person ${personPath(userName)}`, it: "this person", takeOver: () => "with adoptExisting: true on the OrganizationMembers" };
    const holder = users.byEmail(email);
    if (holder !== undefined && leaving.some((left) => sameIdentity("userName", left, holder.userName))) return [];
    const refusal = heldEmailRefusal(userName, { userName, email }, holder, wording);
    return refusal === undefined ? [] : [failure(personPath(userName, "email"), refusal)];
  });
}

/**
 * The checked inputs with `adopted` on each person new to the set whom it takes over (adoptExisting,
 * or held as a User until now): whether W&B holds them, from the operation's one listing, as a
 * User's check says it, for the access review to tell an adoption from a creation. Left out where
 * the listing cannot be read; one given by hand is dropped.
 */
async function withPeopleFound(operation: Operation, inputs: OrganizationMembersInputs, newcomers: readonly string[]): Promise<OrganizationMembersInputs> {
  const members: Record<string, MemberInputs> = Object.fromEntries(Object.entries(inputs.members).map(([userName, { adopted: _given, ...member }]) => [userName, member]));
  const { heldAsUser } = movesOf(inputs);
  const adopting = newcomers.filter((userName) => inputs.adoptExisting || heldAsUser(userName));
  const users = adopting.length === 0 || operation.configurationProblems().length > 0 ? undefined : await usersForCheck(operation);
  if (users !== undefined) for (const userName of adopting) members[userName] = { ...members[userName]!, adopted: users.byUserName(userName) !== undefined };
  return { ...inputs, members };
}

/** The guard rails that removing a person from the set meets at preview: the user the provider acts as stays, and with protectAdmins the admins. */
function removedPersonRules(operation: Operation, olds: Record<string, unknown>, inputs: OrganizationMembersInputs): pulumi.dynamic.CheckFailure[] {
  const recorded = organizationMembersInputs.shape.members.safeParse(olds["members"]);
  if (!recorded.success) return [];
  const settings = operation.guardRailsForChecks();
  // A person promoted to a protected admin's User is let go to it, not removed.
  const adminAsUser = namedIn(inputs.adminsAsUsers);
  return matched(inputs.members, recorded.data).removed.filter((userName) => !adminAsUser(userName)).flatMap((userName) => {
    const before = recorded.data[userName];
    const refusal =
      (inputs.protectAdmins ? protectedAdminRefusal(before ?? {}) : undefined) ??
      actingUserRefusal(userName, inputs.deletionPolicy === "deactivate" ? "deactivate" : "delete", before?.organizationRole, settings);
    return refusal === undefined ? [] : [failure(personPath(userName), refusal)];
  });
}

export const organizationMembers: ResourceImplementation<OrganizationMembersInputs, OrganizationMembersOutputs, Operation> = {
  inputs: organizationMembersInputs,
  state: storedState({
    kind: "OrganizationMembers",
    schema: organizationMembersOutputs,
    // Like every kind's, a state without a version key reads as the first version's.
    migrations: [recordedBeforeVersioning],
    adoptAgain: () => "declare its people again with `adoptExisting: true` and run `pulumi up`",
  }),

  async check(operation, olds, news) {
    // The set's own properties first, each person's as unknown: a person's mistakes are named by person below.
    const shallow = checkInputs(organizationMembersInputs.extend({ members: z.record(z.string(), z.unknown(), { error: membersError }) }), news);
    if (shallow.failures?.length || shallow.inputs === undefined) return { inputs: news as OrganizationMembersInputs, failures: shallow.failures ?? [] };
    const { members: written, ...settings } = shallow.inputs;
    const recorded = z.record(z.string(), z.record(z.string(), z.unknown())).safeParse(olds["members"]);
    const oldMembers = recorded.success ? recorded.data : {};
    const recordedKeyOf = new Map(matched(written, oldMembers).kept.map(({ key, recordedKey }) => [key, recordedKey]));
    const keyProblems = memberKeyProblems(Object.keys(written));
    const keyFailures = keyProblems.map(({ key, reason }) => failure(personPath(key), reason));
    const misnamed = new Set(keyProblems.map(({ key }) => key));
    // Each person as a User checks it: its own inputs, its rules (the deployment's, the acting user's), its warnings.
    const personFailures = await Promise.all(
      Object.entries(written).map(async ([userName, member]) => {
        if (misnamed.has(userName)) return [];
        // A person's own properties first (a User takes more, which a person may not declare), then the User's rules.
        const own = checkInputs(memberInputs, engineRecord.safeParse(member).data ?? {}).failures ?? [];
        const failures = own.length > 0 ? own : ((await user.check(operation, userOldsOf(recordedKeyOf.get(userName), oldMembers), { ...engineRecord.parse(member), userName, ...userSettingsOf(settings) })).failures ?? []);
        return failures.map(({ property, reason }) => failure(property === "userName" || property === "(inputs)" ? personPath(userName) : personPath(userName, property), reason));
      }),
    );
    const failures = [...keyFailures, ...personFailures.flat()];
    if (failures.length > 0) return { inputs: news as OrganizationMembersInputs, failures };
    const result = checkInputs(organizationMembersInputs, news, (inputs) => removedPersonRules(operation, olds, inputs));
    if (result.failures?.length || result.inputs === undefined) return result;
    const { added, removed } = matched(result.inputs.members, oldMembers);
    const heldEmails = await heldEmailFailures(operation, result.inputs, added, removed);
    if (heldEmails.length > 0) return { ...result, failures: heldEmails };
    return { inputs: await withPeopleFound(operation, result.inputs, added) };
  },

  async diff(operation, id, olds, news) {
    const settingsChanged = fieldChanges(organizationMembersFields, olds, news, { id, only: ["deletionPolicy"] }).changed;
    const changes: Record<string, PropertyChangeKind> = propertyChanges(olds, news, settingsChanged);
    const { kept, added, removed } = matched(news.members, olds.members);
    for (const userName of added) changes[personPath(userName)] = "add";
    for (const userName of removed) changes[personPath(userName)] = "delete";
    await Promise.all(
      kept.map(async ({ key, recordedKey }) => {
        const before = olds.members[recordedKey]!;
        const difference = await user.diff(operation, before.id, userStateOf(recordedKey, before, olds), userInputsOf(key, news.members[key]!, news));
        for (const [path, kind] of Object.entries(difference.detailedDiff ?? {})) {
          // The settings are the set's, told once above.
          if (path !== "deletionPolicy" && path !== "adoptExisting") changes[personPath(key, path)] = kind;
        }
      }),
    );
    return { changes: Object.keys(changes).length > 0, ...detailed(changes) };
  },

  async create(operation, inputs) {
    const id = `members-${randomUUID()}`;
    const people = Object.keys(inputs.members);
    const moves = movesOf(inputs);
    const results = await eachPerson(people, (userName) => createPerson(operation, userName, inputs.members[userName]!, inputs, moves));
    const members: Record<string, MemberState> = {};
    const failures = new Map<string, unknown>();
    recordSettled(results, members, failures, (_userName, reason) => halfMade(reason));
    // Nothing written: nothing to record; the next `up` creates the set anew (taking over what landed unseen).
    if (Object.keys(members).length === 0 && failures.size > 0) throw failedPeople(failures, people.length);
    return { id, outs: written(operation, id, members, inputs, failures, people.length) };
  },

  async read(operation, id, props) {
    if (props === undefined) return importedPeople(operation, id);
    const people = Object.keys(props.members);
    const results = await eachPerson(people, (userName) => user.read(operation, props.members[userName]!.id, userStateOf(userName, props.members[userName]!, props)));
    const members: Record<string, MemberState> = {};
    const inputs: Record<string, Partial<MemberInputs>> = {};
    let changed = false;
    for (const [userName, result] of results) {
      if (result.status === "rejected") throw result.reason;
      const read = result.value;
      // A person W&B no longer holds leaves the state: the next `up` makes them again, as it would a User.
      if (read.id === undefined || read.props === undefined) {
        changed = true;
        continue;
      }
      members[userName] = memberStateOf(read.id, read.props);
      // A person found as recorded keeps the inputs last applied, which the state records (a User's read tells none).
      changed ||= read.inputs !== undefined;
      inputs[userName] = memberInputsOf(read.inputs ?? inputsOfState(userStateOf(userName, props.members[userName]!, props)));
    }
    const settings = settingsOf(props);
    // Activity alone moved is no change: the state records it, the inputs stay.
    if (!changed) return { id, props: { members, ...settings } };
    return { id, props: { members, ...settings }, inputs: { members: inputs as Record<string, MemberInputs>, ...settings } };
  },

  async update(operation, id, olds, news) {
    const { kept, added, removed } = matched(news.members, olds.members);
    const moves = movesOf(news);
    const [promoted, leaving] = [removed.filter(moves.adminAsUser), removed.filter((userName) => !moves.adminAsUser(userName))];
    refuseGuardedRemovals(operation, leaving.map((userName) => [userName, olds.members[userName]!]), olds, news.protectAdmins === true);
    const members: Record<string, MemberState> = {};
    const failures = new Map<string, unknown>();
    // A person promoted to a protected admin's User leaves as one: made an admin here, then theirs.
    for (const [userName, result] of await eachPerson(promoted, (userName) => promote(operation, userName, olds.members[userName]!, olds))) {
      if (result.status === "fulfilled") continue;
      failures.set(userName, result.reason);
      members[userName] = olds.members[userName]!;
    }
    // Removals first: a person renamed in code (another userName, the same email) must be gone before the new one is made.
    for (const [userName, reason] of await removePeople(operation, removed.map((userName) => [userName, olds.members[userName]!]), olds, moves.adminAsUser)) {
      failures.set(userName, reason);
      members[userName] = olds.members[userName]!;
    }
    const recordedKeyOf = new Map(kept.map(({ key, recordedKey }) => [key, recordedKey]));
    const people = [...kept.map(({ key }) => key), ...added];
    const results = await eachPerson(people, async (userName) => {
      const recordedKey = recordedKeyOf.get(userName);
      if (recordedKey === undefined) return createPerson(operation, userName, news.members[userName]!, news, moves);
      const before = olds.members[recordedKey]!;
      const updated = await user.update(operation, before.id, userStateOf(recordedKey, before, olds), userInputsOf(userName, news.members[userName]!, news));
      return memberStateOf(before.id, updated.outs);
    });
    // A failed update leaves the person as last recorded (the User's rule); a half-made one is recorded as made.
    recordSettled(results, members, failures, (userName, reason) => {
      const recordedKey = recordedKeyOf.get(userName);
      return recordedKey === undefined ? halfMade(reason) : olds.members[recordedKey];
    });
    return { outs: written(operation, id, members, news, failures, removed.length + people.length) };
  },

  async delete(operation, _id, props) {
    const people = Object.entries(props.members);
    refuseGuardedRemovals(operation, people, props, props.protectAdmins === true);
    const failures = await removePeople(operation, people, props);
    // The engine keeps the set's state; the next run's delete finds those removed gone, and settles them.
    if (failures.size > 0) throw failedPeople(failures, people.length);
  },
};

/**
 * The set an import id names (`pulumi import`, `.get`): its people's userNames, comma-separated,
 * each read as a User's import reads it (its teams left to its Teams), from the one listing.
 */
async function importedPeople(operation: Operation, id: string): Promise<{ id: string; props: OrganizationMembersOutputs; inputs: OrganizationMembersInputs }> {
  const userNames = id.split(",").map((userName) => userName.trim());
  if (userNames.some((userName) => userName === "")) throw new Error(`OrganizationMembers "${id}": ${IMPORT_ID}`);
  const { members: _none, ...defaults } = organizationMembersInputs.parse({ members: {} });
  const settings = settingsOf(defaults);
  const members: Record<string, MemberState> = {};
  const inputs: Record<string, MemberInputs> = {};
  for (const [userName, result] of await eachPerson(userNames, async (userName) => {
    const found = await operation.directory().userNamed(userName);
    if (found === undefined) throw new Error(`no W&B user has the userName "${userName}"`);
    return user.read(operation, found.id, undefined);
  })) {
    if (result.status === "rejected") throw new Error(`OrganizationMembers "${id}": ${personPath(userName)}: ${result.reason instanceof Error ? result.reason.message : String(result.reason)}. ${IMPORT_ID}`);
    const read = result.value;
    if (read.id === undefined || read.props === undefined) throw new Error(`OrganizationMembers "${id}": ${personPath(userName)} is gone from W&B. ${IMPORT_ID}`);
    members[userName] = memberStateOf(read.id, read.props);
    inputs[userName] = memberInputsOf(read.inputs ?? inputsOfState(read.props as UserOutputs)) as MemberInputs;
  }
  return { id, props: { members, ...settings }, inputs: { members: inputs, ...defaults } };
}

/** What an import id of a set is. */
const IMPORT_ID = 'An OrganizationMembers is read from the id alone (`pulumi import`, `.get`) by its people\'s userNames, comma-separated, e.g. "ana,bo,cy"';
