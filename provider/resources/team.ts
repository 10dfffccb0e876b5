// A W&B team (SCIM group): its name, and optionally its exact set of user members.
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { membershipOperations, type ScimTeam } from "../../service";
import { identityOf, userIdentities } from "../../model/identity";
import { isEmailReference } from "../../model/vocabulary";
import { sameSet } from "../kit/compare";
import { convergeGuardedByEtag, recordRead, SETTLED, setReading, valueReading, writeGuardedByEtag, type FieldReading } from "../kit/conflict";
import { isStatus, requireFound, ResourceInitError } from "../kit/errors";
import { createOrTakeOver, leftAsItIs, takenOver, type Claim } from "../kit/takeover";
import { type ResourceImplementation } from "../kit/implementation";
import { checkInputs, failure } from "../kit/inputs";
import { detailed, propertyChanges } from "../kit/difference";
import { reportSetChange, setChange } from "../kit/set-change";
import { UNKNOWN_VALUE } from "../../model/unknown-value";
import { engineRecord, recordedBeforeVersioning, storedState, type Migration } from "../kit/state";
import type { Users } from "../membership/directory";
import { classifyMembers, confirmedUserMembers } from "../membership/members";
import { listedUser, resolveUsers, usersForCheck } from "../membership/users";
import type { Operation } from "../operation";
import { membersLeftToIdentityProvider, teamFields, teamInputs, teamOutputs, type TeamInputs, type TeamOutputs } from "../../model/shapes/team";
import { sameOf } from "../../model/shapes/fields";
import { fieldChanges } from "../kit/field-changes";
import { teamRemovalRefusal } from "../../model/guard-rails";

export type { TeamInputs, TeamOutputs };


/** What we know of the live team: its users and service accounts, as of `etag`. */
interface TeamState {
  name: string;
  etag: string | undefined;
  /** Every user member, those that left the organization included. */
  userIds: string[];
  /** Users the team still lists that the organization no longer has: drift, never service accounts. */
  departedIds: string[];
  serviceAccountIds: string[];
}

const unique = (ids: Iterable<string>): string[] => [...new Set(ids)];

const WITHOUT_MEMBERS = "/without-members";

/**
 * A team read from its id alone (import, static get): `<teamId>` reads its members as the Team's
 * own, as emails; `<teamId>/without-members` leaves them out, for a Team whose members are
 * TeamMember resources. Team ids may hold "/" themselves: only the suffix counts.
 */
function teamFromImportId(id: string): { teamId: string; membersManaged: boolean } {
  return id.endsWith(WITHOUT_MEMBERS) ? { teamId: id.slice(0, -WITHOUT_MEMBERS.length), membersManaged: false } : { teamId: id, membersManaged: true };
}

/** The team as the one member classifier sees it; `recordedUsers` are the ids ever recorded as its users. */
async function stateOf(operation: Operation, team: ScimTeam, recordedUsers: Iterable<string>): Promise<TeamState> {
  const members = await classifyMembers(operation, team.members, recordedUsers);
  const users = new Set([...members.userIds, ...members.departedIds]);
  return {
    name: team.name,
    etag: team.etag,
    userIds: unique(team.members.map((m) => m.id)).filter((id) => users.has(id)),
    departedIds: members.departedIds,
    serviceAccountIds: members.serviceAccountIds,
  };
}

/** The team as it is now, read directly. */
function liveTeam(operation: Operation, id: string): Promise<ScimTeam | undefined> {
  return operation.directory().teamNow(id);
}

/** Resolves member references to user ids, looking up only those not in `known` (key → id). */
async function resolveMembers(
  operation: Operation,
  refs: readonly string[],
  known: Readonly<Record<string, string>>,
): Promise<Record<string, string>> {
  const unknown = refs.filter((ref) => known[identityOf("userReference", ref)] === undefined);
  const users = await resolveUsers(operation, "members", unknown);
  const mapping: Record<string, string> = {};
  for (const ref of refs) {
    const key = identityOf("userReference", ref);
    const id = known[key] ?? users.get(key)?.id;
    if (id !== undefined) mapping[key] = id;
  }
  return mapping;
}

/** Every reference state can resolve without a request: those declared, and each recorded user's email. */
function knownReferences(olds: Pick<TeamOutputs, "memberIdsByReference" | "memberEmails">): Record<string, string> {
  const byEmail = Object.fromEntries(Object.entries(olds.memberEmails).map(([id, email]) => [identityOf("userReference", email), id]));
  return { ...byEmail, ...olds.memberIdsByReference };
}

function idsOf(refs: readonly string[], mapping: Readonly<Record<string, string>>): string[] {
  return unique(refs.map((ref) => mapping[identityOf("userReference", ref)]).filter((id): id is string => id !== undefined));
}

/** The emails of these users, by id, as the operation's directory knows them (users that left have none). */
async function emailsOf(operation: Operation, ids: Iterable<string>): Promise<Record<string, string>> {
  const users = await operation.directory().users();
  const emails: Record<string, string> = {};
  for (const id of ids) {
    const email = users.byId(id)?.email;
    if (email) emails[id] = identityOf("email", email);
  }
  return emails;
}

function outputsOf(
  state: TeamState,
  inputs: Pick<TeamInputs, "members" | "storageBucket" | "adoptExisting" | "importId" | "deletionPolicy" | "membersFrom" | "guardedBy">,
  mapping: Record<string, string>,
  memberEmails: Record<string, string>,
): TeamOutputs {
  return {
    name: state.name,
    ...(inputs.members === undefined ? {} : { members: [...inputs.members] }),
    memberIds: [...state.userIds],
    memberIdsByReference: inputs.members === undefined ? {} : mapping,
    memberEmails,
    serviceAccountIds: [...state.serviceAccountIds],
    // W&B never shows it: as declared.
    ...(inputs.storageBucket === undefined ? {} : { storageBucket: inputs.storageBucket }),
    adoptExisting: inputs.adoptExisting ?? false,
    ...(inputs.importId === undefined ? {} : { importId: inputs.importId }),
    deletionPolicy: inputs.deletionPolicy,
    ...(inputs.membersFrom === undefined ? {} : { membersFrom: inputs.membersFrom }),
    ...(inputs.guardedBy === undefined ? {} : { guardedBy: inputs.guardedBy }),
    etag: state.etag ?? "",
  };
}

/** The fields this resource owns, live, beside what we last saw and what is declared (undefined members: not managed). */
function ownedFieldReadings(seen: TeamState, live: TeamState, name: string, desiredIds: string[] | undefined): FieldReading[] {
  return [
    valueReading("name", { seen: seen.name, declared: name, live: live.name }, sameOf(teamFields.name)),
    ...(desiredIds === undefined ? [] : [setReading("members", { seen: seen.userIds, declared: desiredIds, live: live.userIds })]),
  ];
}

/**
 * Brings the team from `base` to the declared name and (when managed) the declared user ids.
 * A rename goes by PUT (the documented way to set displayName), restating every member we keep,
 * service accounts included; membership alone goes by PATCH add/remove of the difference. Both
 * carry If-Match; on 412 the team is read again and the write recomputed from it when only
 * fields we do not own moved.
 */
async function converge(operation: Operation, id: string, base: TeamState, name: string, desiredIds: string[] | undefined): Promise<TeamState> {
  let current = base;
  const recorded = () => [...current.userIds, ...(desiredIds ?? [])];
  const write = async (ifMatch: string | undefined): Promise<ScimTeam | undefined> => {
    const userIds = desiredIds ?? current.userIds;
    const { added: add, removed: remove } = setChange(current.userIds, userIds);
    operation.directory().joining(id, add);
    if (current.name !== name) {
      const memberIds = unique([...userIds, ...current.serviceAccountIds]);
      return operation.directory().replaceTeam(id, { name, memberIds }, { ifMatch }, [...add, ...remove]);
    }
    const operations = membershipOperations({ add, remove });
    if (operations.length === 0) return undefined;
    return operation.directory().patchTeam(id, operations, { ifMatch }, [...add, ...remove]);
  };
  let team: ScimTeam | undefined;
  try {
    team = await convergeGuardedByEtag({
      signal: operation.signal,
      what: `team "${base.name}"`,
      etag: base.etag || undefined,
      write,
      reread: async () => {
        const found = requireFound(await liveTeam(operation, id), `team ${id}`);
        const fresh = await stateOf(operation, found, recorded());
        const readings = ownedFieldReadings(current, fresh, name, desiredIds);
        current = fresh;
        return { live: found, etag: fresh.etag, readings };
      },
    });
  } catch (error) {
    if (isStatus(error, 409)) {
      throw new Error(`cannot rename team "${current.name}" to "${name}": another team already has that name. Choose another name. (${error.message})`);
    }
    throw error;
  }
  return team ? stateOf(operation, team, recorded()) : current;
}

function needsConvergence(state: TeamState, name: string, desiredIds: string[] | undefined): boolean {
  return state.name !== name || (desiredIds !== undefined && !sameSet(state.userIds, desiredIds));
}

/**
 * Converges a team just created or adopted, classified with the users it was asked to hold as
 * recorded ones; a failure leaves it recorded (nothing orphaned).
 */
async function convergeNew(
  operation: Operation,
  team: ScimTeam,
  inputs: TeamInputs,
  mapping: Record<string, string>,
): Promise<{ id: string; outs: TeamOutputs }> {
  const desiredIds = inputs.members ? idsOf(inputs.members, mapping) : undefined;
  const state = await stateOf(operation, team, desiredIds ?? []);
  const emails = await emailsOf(operation, [...state.userIds, ...(desiredIds ?? [])]);
  if (!needsConvergence(state, inputs.name, desiredIds)) return { id: team.id, outs: outputsOf(state, inputs, mapping, emails) };
  try {
    const converged = await converge(operation, team.id, state, inputs.name, desiredIds);
    return { id: team.id, outs: outputsOf(converged, inputs, mapping, emails) };
  } catch (error) {
    throw new ResourceInitError(team.id, { ...outputsOf(state, inputs, mapping, emails) }, error);
  }
}

/**
 * Live members in the declared form where we know it (the declared reference that resolved to the
 * id), otherwise as the user's email address. Users that left the organization are not shown: they
 * are no longer members anyone can declare.
 */
function declaredForm(state: TeamState, declared: readonly string[], mapping: Readonly<Record<string, string>>, users: Users) {
  const departed = new Set(state.departedIds);
  const present = new Set(state.userIds.filter((id) => !departed.has(id)));
  const members: string[] = [];
  const nextMapping: Record<string, string> = {};
  const covered = new Set<string>();
  for (const ref of declared) {
    const id = mapping[identityOf("userReference", ref)];
    if (id !== undefined && present.has(id)) {
      members.push(ref);
      nextMapping[identityOf("userReference", ref)] = id;
      covered.add(id);
    }
  }
  const extra = [...present]
    .filter((id) => !covered.has(id))
    .map((id) => ({ id, ref: users.byId(id)?.email || id }))
    .sort((a, b) => a.ref.localeCompare(b.ref));
  for (const { id, ref } of extra) {
    members.push(ref);
    nextMapping[identityOf("userReference", ref)] = id;
  }
  return { members, mapping: nextMapping };
}

function inputsOf(outs: TeamOutputs): TeamInputs {
  return {
    name: outs.name,
    ...(outs.members === undefined ? {} : { members: outs.members }),
    ...(outs.storageBucket === undefined ? {} : { storageBucket: outs.storageBucket }),
    adoptExisting: outs.adoptExisting,
    ...(outs.importId === undefined ? {} : { importId: outs.importId }),
    deletionPolicy: outs.deletionPolicy,
    ...(outs.membersFrom === undefined ? {} : { membersFrom: outs.membersFrom }),
    ...(outs.guardedBy === undefined ? {} : { guardedBy: outs.guardedBy }),
  };
}

const BUCKET_AT_CREATION = "W&B sets a team's storageBucket only when it creates the team, and never shows it";

/**
 * Why a team with a declared bucket cannot be the team of that name that exists: what remains of
 * the old team of a replacement (the API cannot delete teams), or another.
 */
function bucketOfExistingTeam(name: string, otherwise: string): Error {
  return new Error(
    `storageBucket: a team named "${name}" already exists, and ${BUCKET_AT_CREATION}. If it is the team this one replaces ` +
      `(emptied, as the W&B API cannot delete teams), delete it in the W&B web application (organization settings, Teams), then ` +
      `run \`pulumi up\` again to create the team with its bucket; otherwise choose another name, or remove storageBucket ${otherwise}.`,
  );
}

const recordedMembers = z.object({ members: z.array(z.string()) });

/**
 * A roster's team that loses more of its members than the guard rails allow refuses at its own
 * check, whether or not the Organization's guard record is part of the run.
 */
async function membersRemovedRefusal(operation: Operation, olds: Record<string, unknown>, inputs: TeamInputs): Promise<pulumi.dynamic.CheckFailure[]> {
  const before = recordedMembers.safeParse(olds);
  const { guardedBy, members } = inputs;
  if (guardedBy === undefined || members === undefined || !before.success) return [];
  const refusalOf = (recorded: readonly string[], declared: readonly string[]) => teamRemovalRefusal(inputs.name, guardedBy, recorded, declared, operation.guardRailsForChecks());
  if (refusalOf(before.data.members, members) === undefined) return [];
  // One user may be named by id and by email (an Organization's compact layout names a person by email until
  // the state records their id): compared by the user each names, from the operation's one listing, when it can be read.
  const users = await usersForCheck(operation);
  const userOf = (reference: string) => (users === undefined ? reference : (listedUser(users, reference)?.id ?? reference));
  const refusal = refusalOf(before.data.members.map(userOf), members.map(userOf));
  return refusal === undefined ? [] : [failure("members", refusal)];
}

/**
 * Removes every user member (service accounts stay), under the team's ETag from the read that
 * decided who to remove; on 412 the team is read again and who to remove recomputed from it.
 * Undefined when the team is gone.
 */
async function empty(operation: Operation, id: string, props: Partial<TeamOutputs>): Promise<{ name: string; removed: number } | undefined> {
  const recorded = [...(props.memberIds ?? []), ...Object.values(props.memberIdsByReference ?? {})];
  let state: TeamState | undefined;
  const emptied = await writeGuardedByEtag({
    signal: operation.signal,
    what: `team "${props.name ?? id}"`,
    // The state's ETag does not tell who to remove: the team is read first.
    etag: undefined,
    write: async (ifMatch) => {
      const remove = state?.userIds ?? [];
      try {
        await operation.directory().patchTeam(id, membershipOperations({ remove }), { ifMatch }, remove);
      } catch (error) {
        if (isStatus(error, 404)) return undefined;
        throw error;
      }
      return { name: state?.name ?? id, removed: remove.length };
    },
    reread: async () => {
      const found = await liveTeam(operation, id);
      if (!found) return SETTLED;
      state = await stateOf(operation, found, recorded);
      return state.userIds.length === 0 ? SETTLED : { etag: state.etag, changedFields: [] };
    },
  });
  if (emptied !== SETTLED) return emptied;
  return state && { name: state.name, removed: 0 };
}

/**
 * Version 2 records each member's email by id. A version 1 state knows the emails its members
 * were declared by; the others are recorded by the next update or refresh that reads the team.
 */
const withMemberEmails: Migration = (state) => {
  const declared = engineRecord.safeParse(state["memberIdsByReference"]).data ?? {};
  const memberEmails = Object.fromEntries(
    Object.entries(declared).flatMap(([reference, id]) => (isEmailReference(reference) && typeof id === "string" ? [[id, reference]] : [])),
  );
  return { ...state, memberEmails };
};

/**
 * How an existing team with the declared name stands to the declaration, given its user members
 * (service accounts aside, which the service adds): ours when they are exactly the declared ones,
 * left by our destroy when there are none (deletionPolicy "empty"), else someone else's.
 */
function claimOf(userMembers: readonly string[], desiredIds: readonly string[]): Claim {
  if (sameSet(userMembers, desiredIds)) {
    const members = userMembers.length === 0 ? "no user members" : `exactly the ${userMembers.length} declared user member${userMembers.length === 1 ? "" : "s"}`;
    return { kind: "as-declared", found: `with ${members} (the organization's service accounts aside)` };
  }
  if (userMembers.length === 0) {
    return { kind: "left-by-destroy", found: 'with no members but the organization\'s service accounts (what deletionPolicy "empty" leaves)' };
  }
  return { kind: "not-ours", differing: ["members"] };
}

/**
 * How an existing team stands to the declared members at preview, from the users listing alone: a
 * member not known yet (the id of a user this run creates, or takes over as a renamed resource) may
 * be any of the team's user members the known ones leave. Undefined when the listing cannot tell.
 */
async function plannedClaimOf(operation: Operation, existing: ScimTeam, members: readonly string[]): Promise<Claim | undefined> {
  const users = await operation.directory().users();
  const { userIds } = await classifyMembers(operation, existing.members, []);
  const known = members.filter((reference) => reference !== UNKNOWN_VALUE);
  const knownIds = known.map((reference) => listedUser(users, reference)?.id);
  if (!knownIds.every((id): id is string => id !== undefined)) return undefined;
  const pending = members.length - known.length;
  if (pending === 0) return claimOf(userIds, unique(knownIds));
  const others = userIds.filter((id) => !knownIds.includes(id));
  if (userIds.length === 0 || others.length > pending || knownIds.some((id) => !userIds.includes(id))) return undefined;
  return { kind: "as-declared", found: `with the declared user members as far as the preview can tell (${pending} not known before this run's creates)` };
}

/** A member as a person reads it in the preview: by email where the state knows it, never by the engine's unknown marker. */
const shownMember =
  (olds: Pick<TeamOutputs, "memberEmails">) =>
  (member: string): string =>
    member === UNKNOWN_VALUE ? "a user this run creates" : (olds.memberEmails[member] ?? member);

export const team: ResourceImplementation<TeamInputs, TeamOutputs, Operation> = {
  inputs: teamInputs,
  state: storedState({
    kind: "Team",
    schema: teamOutputs,
    migrations: [recordedBeforeVersioning, withMemberEmails],
    adoptAgain: (id) => `set \`importId: "${id}"\` on the Team and run \`pulumi up\``,
  }),

  async check(operation, olds, news) {
    const result = checkInputs(teamInputs, news, (inputs) => [
      ...(inputs.importId !== undefined && inputs.adoptExisting
        ? [failure("importId", "set either importId (adopt the team with this id) or adoptExisting (adopt the team with this name), not both")]
        : []),
      ...(inputs.importId !== undefined && inputs.storageBucket !== undefined
        ? [failure("storageBucket", `${BUCKET_AT_CREATION}: the team importId names exists, and keeps the bucket it has. Remove storageBucket`)]
        : []),
      ...(inputs.membersFrom === "idp" && inputs.members !== undefined
        ? [failure("members", 'membersFrom "idp" leaves the team\'s members to your identity provider, which writes them: leave members out, or set membersFrom "code"')]
        : []),
    ]);
    if (result.failures?.length || result.inputs === undefined) return result;
    return { ...result, failures: await membersRemovedRefusal(operation, olds, result.inputs) };
  },

  async diff(operation, _id, olds, news) {
    // No request: member references compare as sets of users against the state.
    // adoptExisting and importId only matter when the resource is created.
    // Members compare by the user they name: an id and an email of the same user are one member.
    const userOf = userIdentities({ emailsById: olds.memberEmails, idsByReference: olds.memberIdsByReference });
    const { changed, replaces, sets } = fieldChanges(teamFields, olds, news, { userOf });
    if (sets.members !== undefined) reportSetChange(operation, "members", `team "${olds.name}"`, { added: sets.members.added.map(shownMember(olds)), removed: sets.members.removed.map(shownMember(olds)) });
    return {
      changes: changed.length > 0,
      ...detailed(propertyChanges(olds, news, changed, sets)),
      // Team names are unique: the new team can be made only once the old one is gone.
      ...(replaces.length > 0 ? { replaces, deleteBeforeReplace: true } : {}),
    };
  },

  async create(operation, inputs) {
    // Resolve first: a bad member reference fails before anything is written or adopted.
    const mapping = inputs.members ? await resolveMembers(operation, inputs.members, {}) : {};
    if (inputs.importId !== undefined) {
      const found = await operation.directory().teamById(inputs.importId);
      if (!found) {
        throw new Error(`importId: there is no team with id "${inputs.importId}" in the organization; check the id (getTeam finds it by name) or leave importId out to create the team`);
      }
      return convergeNew(operation, found, inputs, mapping);
    }
    if (inputs.adoptExisting) {
      const existing = await operation.directory().team(inputs.name);
      if (existing && inputs.storageBucket !== undefined) throw bucketOfExistingTeam(inputs.name, "to adopt it as it is");
      if (existing) return convergeNew(operation, existing, inputs, mapping);
    }
    const desiredIds = inputs.members ? idsOf(inputs.members, mapping) : [];
    const { storageBucket } = inputs;
    const made = await createOrTakeOver<ScimTeam>(operation, {
      what: `team "${inputs.name}"`,
      post: () =>
        operation.directory().createTeam({ name: inputs.name, memberIds: desiredIds, ...(storageBucket === undefined ? {} : { storageBucket }) }),
      find: () => operation.directory().teamNamedNow(inputs.name),
      // A team found under the name cannot be told to hold the declared bucket: W&B never shows one.
      claim: async (existing) =>
        storageBucket === undefined ? claimOf(await confirmedUserMembers(operation, existing.members), desiredIds) : { kind: "not-ours", differing: [] },
      refuse: (_conflict, differing) =>
        storageBucket === undefined
          ? new Error(
              `a team named "${inputs.name}" already exists: set adoptExisting: true to take it over (or importId to adopt a team by id), ` +
                `or choose another name.${leftAsItIs(differing)}`,
            )
          : bucketOfExistingTeam(inputs.name, "to take it over as it is, with adoptExisting: true"),
    });
    if (made.created) operation.directory().created("team", made.object.id);
    return convergeNew(operation, made.object, inputs, mapping);
  },

  async takenOverAtCreate(operation, inputs) {
    // A declared bucket cannot be told apart on a team found by name: its create refuses one.
    if (inputs.importId !== undefined || inputs.storageBucket !== undefined) return undefined;
    const existing = (await operation.directory().teams()).named(inputs.name);
    return takenOver(existing, inputs.adoptExisting, (found) => plannedClaimOf(operation, found, inputs.members ?? []));
  },

  async heldAtCreate(operation, inputs) {
    return (await operation.directory().teams()).named(inputs.name) !== undefined;
  },

  async read(operation, requestedId, props) {
    const known = props ?? ({} as Partial<TeamOutputs>);
    const fromIdOnly = known.name === undefined;
    const { teamId: id, membersManaged: managed } = fromIdOnly ? teamFromImportId(requestedId) : { teamId: requestedId, membersManaged: known.members !== undefined };
    // From the operation's one listing of /Groups; a team it does not show is read directly before it counts as gone.
    const found = await operation.directory().teamById(id);
    if (!found) return {};
    const mapping = known.memberIdsByReference ?? {};
    const state = await stateOf(operation, found, [...(known.memberIds ?? []), ...Object.values(mapping)]);
    const live = managed ? declaredForm(state, known.members ?? [], mapping, await operation.directory().users()) : undefined;
    const outs = outputsOf(
      state,
      {
        members: live?.members,
        storageBucket: known.storageBucket,
        adoptExisting: known.adoptExisting ?? false,
        importId: known.importId,
        deletionPolicy: known.deletionPolicy ?? teamInputs.shape.deletionPolicy.parse(undefined),
        membersFrom: known.membersFrom,
        guardedBy: known.guardedBy,
      },
      live?.mapping ?? {},
      await emailsOf(operation, state.userIds),
    );
    return recordRead(id, outs, props, inputsOf);
  },

  async update(operation, id, olds, news) {
    const mapping = news.members ? await resolveMembers(operation, news.members, knownReferences(olds)) : {};
    const desiredIds = news.members ? idsOf(news.members, mapping) : undefined;
    const seen: TeamState = {
      name: olds.name,
      etag: olds.etag,
      userIds: olds.memberIds,
      departedIds: [],
      serviceAccountIds: olds.serviceAccountIds,
    };
    // A change of deletionPolicy or guardedBy, or of how members are spelled, needs no request.
    if (!needsConvergence(seen, news.name, desiredIds)) return { outs: outputsOf(seen, news, mapping, olds.memberEmails) };
    const state = await converge(operation, id, seen, news.name, desiredIds);
    return { outs: outputsOf(state, news, mapping, await emailsOf(operation, [...state.userIds, ...(desiredIds ?? [])])) };
  },

  async delete(operation, id, props) {
    const name = props.name ?? id;
    const policy = props.deletionPolicy;
    if (policy === "fail") {
      throw new Error(
        `team "${name}" (id ${id}) has deletionPolicy "fail", and the W&B API cannot delete teams. To proceed, either set ` +
          'deletionPolicy to "empty" (its members are removed; you then delete the team in the W&B web application) or "retain" ' +
          "(it is left as it is), run `pulumi up`, and destroy again; or drop it from the stack without touching W&B with " +
          "`pulumi state delete <urn>` (`pulumi stack --show-urns` lists the URNs).",
      );
    }
    const why =
      policy === "retain"
        ? '(deletionPolicy "retain")'
        : membersLeftToIdentityProvider(props, operation.deploymentForChecks())
          ? "with its members: they are the identity provider's (membersFrom: idp), never written by Pulumi"
          : undefined;
    if (why !== undefined) {
      operation.tell(
        `team "${name}" (id ${id}) was left in W&B unchanged ${why}; it is no longer managed by Pulumi. ` +
          "The W&B API cannot delete teams: delete it in the W&B web application if it is no longer needed.",
      );
      return;
    }
    if (props.guardedBy !== undefined) {
      const refusal = teamRemovalRefusal(name, props.guardedBy, props.memberIds, [], operation.guardRailsForChecks());
      if (refusal !== undefined) throw new Error(refusal);
    }
    const emptied = await empty(operation, id, props);
    if (!emptied) return; // already gone
    operation.tell(
      `team "${emptied.name}" (id ${id}) was emptied: ${emptied.removed} member(s) removed, organization service ` +
        "accounts kept. The W&B API cannot delete teams: delete it in the W&B web application (organization settings, Teams).",
    );
  },
};
