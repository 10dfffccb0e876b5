// A W&B team (SCIM group): its name, and optionally its exact set of user members.
import { z } from "zod";
import { membershipOperations, type ScimTeam } from "../../api/client";
import { isEmailReference, memberReferenceKey } from "../../api/vocabulary";
import { sameSet } from "../kit/compare";
import { convergeGuardedByEtag, recordRead, SETTLED, setReading, valueReading, writeGuardedByEtag, type FieldReading } from "../kit/conflict";
import { isStatus, requireFound, ResourceInitError } from "../kit/errors";
import { createOrTakeOver, leftAsItIs, type Claim } from "../kit/takeover";
import { type ResourceImplementation } from "../kit/implementation";
import { adoptExisting, userReference } from "../kit/input-schemas";
import { checkInputs, failure } from "../kit/inputs";
import { reportSetChange, setChange } from "../kit/set-change";
import { engineRecord, recordedBeforeVersioning, storedState, type Migration } from "../kit/state";
import { directory, type Users } from "../membership/directory";
import { classifyMembers, confirmedUserMembers } from "../membership/members";
import { resolveUsers, userIdentities } from "../membership/users";
import { clients } from "../runtime";
import { tell } from "../kit/engine-output";

export const deletionPolicies = ["empty", "retain", "fail"] as const;

export const teamInputs = z
  .object({
    name: z
      .string({ error: 'name is required: the team\'s name, e.g. "ml-platform"' })
      .trim()
      .min(1, 'name must not be empty: give the team a name, e.g. "ml-platform"')
      .meta({
        description:
          "The team's name, unique in the organization (case-sensitive). Renaming changes the team in place: its id, " +
          "members and role assignments stay.",
      }),
    members: z
      .array(userReference("each entry of members"), { error: "members must be a list of user ids or email addresses (leave it out to not manage membership)" })
      // A set: the first spelling of each member is kept; emails compare ignoring case.
      .transform((refs) => {
        const seen = new Set<string>();
        return refs.filter((ref) => !seen.has(memberReferenceKey(ref)) && seen.add(memberReferenceKey(ref)));
      })
      .optional()
      .meta({
        description:
          "The team's user members, each as a SCIM user id or an email address (emails compare ignoring case). When given, " +
          "it is the exact set: members added elsewhere are removed by `pulumi up` (a refresh shows them as drift first). " +
          "Order and duplicates do not matter. When left out, membership is not managed at all (use `TeamMember` " +
          "resources, or manage it elsewhere). Organization service accounts, which W&B adds to every new team, are never " +
          "listed, never counted as drift and never removed.\n\n" +
          "After a refresh, a member added outside Pulumi shows as the user's email address.",
      }),
    adoptExisting: adoptExisting.meta({
      description:
        "When a team with this name already exists: `false` fails with a hint, `true` takes it over and converges it to " +
        "this definition (its members become exactly `members`, when given). Only consulted when the resource is created. " +
        "Defaults to `false`.",
    }),
    importId: z
      .string({ error: "importId must be the SCIM id of an existing team" })
      .trim()
      .min(1, "importId must not be empty: give the SCIM id of the team to adopt, or leave importId out")
      .optional()
      .meta({
        description:
          "The SCIM id of an existing team to adopt instead of creating one; it is converged to this definition (renamed " +
          "to `name`, members set to `members` when given). Only consulted when the resource is created. Not together " +
          "with `adoptExisting`.",
      }),
    deletionPolicy: z
      .enum(deletionPolicies, {
        error: 'deletionPolicy must be "empty" (remove the members; delete the team in the web app), "retain" (leave it) or "fail" (refuse to destroy)',
      })
      .default("empty")
      .meta({
        description:
          "What destroying this resource does; the W&B API cannot delete teams.\n" +
          "- `empty`: removes every member except organization service accounts, and asks you (in the deployment's " +
          "output) to delete the team in the W&B web application.\n" +
          "- `retain`: leaves the team untouched and says so.\n" +
          "- `fail`: refuses to destroy, explaining how to proceed (change the policy, or `pulumi state delete <urn>`).\n\n" +
          "Defaults to `empty`.",
      }),
  })
  .strict();

export type TeamInputs = z.output<typeof teamInputs>;

export const teamOutputs = z.object({
  name: z.string(),
  /** As declared; absent when membership is not managed by this resource. */
  members: z.array(z.string()).optional(),
  /** Ids of the team's user members (never service accounts) as last seen, users that left the organization included. */
  memberIds: z
    .array(z.string())
    .meta({ description: "SCIM ids of the team's user members (never service accounts), as last seen." }),
  memberIdsByReference: z
    .record(z.string(), z.string())
    .meta({ description: "Each member reference (emails in lower case) → the user id it resolved to." }),
  /**
   * The email address of each user member and each declared member, by user id, as last seen: so
   * that `diff`, which sends no request, sees that an id and an email name the same user.
   */
  memberEmails: z.record(z.string(), z.string()).meta({
    description: "The email address (lower case) of each user member and declared member, by user id, as last seen.",
  }),
  serviceAccountIds: z
    .array(z.string())
    .meta({ description: "Organization service accounts in the team: ignored by diffs, never removed." }),
  adoptExisting: z.boolean(),
  importId: z.string().optional(),
  deletionPolicy: z.enum(deletionPolicies),
  etag: z.string().meta({ description: "The ETag of the team as last read; the next write is conditional on it." }),
});

export type TeamOutputs = z.output<typeof teamOutputs>;

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

/** The team as the one member classifier sees it; `recordedUsers` are the ids ever recorded as its users. */
async function stateOf(team: ScimTeam, recordedUsers: Iterable<string>): Promise<TeamState> {
  const members = await classifyMembers(team.members, recordedUsers);
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
function liveTeam(id: string): Promise<ScimTeam | undefined> {
  return directory().teamNow(id);
}

/** Resolves member references to user ids, looking up only those not in `known` (key → id). */
async function resolveMembers(refs: readonly string[], known: Readonly<Record<string, string>>): Promise<Record<string, string>> {
  const unknown = refs.filter((ref) => known[memberReferenceKey(ref)] === undefined);
  const users = await resolveUsers("members", unknown);
  const mapping: Record<string, string> = {};
  for (const ref of refs) {
    const key = memberReferenceKey(ref);
    const id = known[key] ?? users.get(key)?.id;
    if (id !== undefined) mapping[key] = id;
  }
  return mapping;
}

/** Every reference state can resolve without a request: those declared, and each recorded user's email. */
function knownReferences(olds: Pick<TeamOutputs, "memberIdsByReference" | "memberEmails">): Record<string, string> {
  const byEmail = Object.fromEntries(Object.entries(olds.memberEmails).map(([id, email]) => [memberReferenceKey(email), id]));
  return { ...byEmail, ...olds.memberIdsByReference };
}

function idsOf(refs: readonly string[], mapping: Readonly<Record<string, string>>): string[] {
  return unique(refs.map((ref) => mapping[memberReferenceKey(ref)]).filter((id): id is string => id !== undefined));
}

/** The emails of these users, by id, as the operation's directory knows them (users that left have none). */
async function emailsOf(ids: Iterable<string>): Promise<Record<string, string>> {
  const users = await directory().users();
  const emails: Record<string, string> = {};
  for (const id of ids) {
    const email = users.byId(id)?.email;
    if (email) emails[id] = email.toLowerCase();
  }
  return emails;
}

function outputsOf(
  state: TeamState,
  inputs: Pick<TeamInputs, "members" | "adoptExisting" | "importId" | "deletionPolicy">,
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
    adoptExisting: inputs.adoptExisting ?? false,
    ...(inputs.importId === undefined ? {} : { importId: inputs.importId }),
    deletionPolicy: inputs.deletionPolicy ?? "empty",
    etag: state.etag ?? "",
  };
}

/** The fields this resource owns, live, beside what we last saw and what is declared (undefined members: not managed). */
function ownedFieldReadings(seen: TeamState, live: TeamState, name: string, desiredIds: string[] | undefined): FieldReading[] {
  return [
    valueReading("name", { seen: seen.name, declared: name, live: live.name }),
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
async function converge(id: string, base: TeamState, name: string, desiredIds: string[] | undefined): Promise<TeamState> {
  const scim = clients().scim;
  let current = base;
  const recorded = () => [...current.userIds, ...(desiredIds ?? [])];
  const write = async (ifMatch: string | undefined): Promise<ScimTeam | undefined> => {
    const userIds = desiredIds ?? current.userIds;
    const { added: add, removed: remove } = setChange(current.userIds, userIds);
    if (current.name !== name) {
      const memberIds = unique([...userIds, ...current.serviceAccountIds]);
      return directory().teamWrite(() => scim.replaceTeam(id, { name, memberIds }, { ifMatch }), [...add, ...remove]);
    }
    const operations = membershipOperations({ add, remove });
    if (operations.length === 0) return undefined;
    return directory().teamWrite(() => scim.patchTeam(id, operations, { ifMatch }), [...add, ...remove]);
  };
  let team: ScimTeam | undefined;
  try {
    team = await convergeGuardedByEtag({
      what: `team "${base.name}"`,
      etag: base.etag || undefined,
      write,
      reread: async () => {
        const found = requireFound(await liveTeam(id), `team ${id}`);
        const fresh = await stateOf(found, recorded());
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
  return team ? stateOf(team, recorded()) : current;
}

function needsConvergence(state: TeamState, name: string, desiredIds: string[] | undefined): boolean {
  return state.name !== name || (desiredIds !== undefined && !sameSet(state.userIds, desiredIds));
}

/**
 * Converges a team just created or adopted, classified with the users it was asked to hold as
 * recorded ones; a failure leaves it recorded (nothing orphaned).
 */
async function convergeNew(team: ScimTeam, inputs: TeamInputs, mapping: Record<string, string>): Promise<{ id: string; outs: TeamOutputs }> {
  const desiredIds = inputs.members ? idsOf(inputs.members, mapping) : undefined;
  const state = await stateOf(team, desiredIds ?? []);
  const emails = await emailsOf([...state.userIds, ...(desiredIds ?? [])]);
  if (!needsConvergence(state, inputs.name, desiredIds)) return { id: team.id, outs: outputsOf(state, inputs, mapping, emails) };
  try {
    const converged = await converge(team.id, state, inputs.name, desiredIds);
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
    const id = mapping[memberReferenceKey(ref)];
    if (id !== undefined && present.has(id)) {
      members.push(ref);
      nextMapping[memberReferenceKey(ref)] = id;
      covered.add(id);
    }
  }
  const extra = [...present]
    .filter((id) => !covered.has(id))
    .map((id) => ({ id, ref: users.byId(id)?.email || id }))
    .sort((a, b) => a.ref.localeCompare(b.ref));
  for (const { id, ref } of extra) {
    members.push(ref);
    nextMapping[memberReferenceKey(ref)] = id;
  }
  return { members, mapping: nextMapping };
}

function inputsOf(outs: TeamOutputs): TeamInputs {
  return {
    name: outs.name,
    ...(outs.members === undefined ? {} : { members: outs.members }),
    adoptExisting: outs.adoptExisting,
    ...(outs.importId === undefined ? {} : { importId: outs.importId }),
    deletionPolicy: outs.deletionPolicy,
  };
}

/**
 * Removes every user member (service accounts stay), under the team's ETag from the read that
 * decided who to remove; on 412 the team is read again and who to remove recomputed from it.
 * Undefined when the team is gone.
 */
async function empty(id: string, props: Partial<TeamOutputs>): Promise<{ name: string; removed: number } | undefined> {
  const scim = clients().scim;
  const recorded = [...(props.memberIds ?? []), ...Object.values(props.memberIdsByReference ?? {})];
  let state: TeamState | undefined;
  const emptied = await writeGuardedByEtag({
    what: `team "${props.name ?? id}"`,
    // The state's ETag does not tell who to remove: the team is read first.
    etag: undefined,
    write: async (ifMatch) => {
      const remove = state?.userIds ?? [];
      try {
        await directory().teamWrite(() => scim.patchTeam(id, membershipOperations({ remove }), { ifMatch }), remove);
      } catch (error) {
        if (isStatus(error, 404)) return undefined;
        throw error;
      }
      return { name: state?.name ?? id, removed: remove.length };
    },
    reread: async () => {
      const found = await liveTeam(id);
      if (!found) return SETTLED;
      state = await stateOf(found, recorded);
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
 * How an existing team with the declared name stands to the declaration: ours when its user
 * members are exactly the declared ones (service accounts aside, which the service adds), left by
 * our destroy when it holds service accounts alone (deletionPolicy "empty"), else someone else's.
 */
async function claimOf(existing: ScimTeam, desiredIds: readonly string[]): Promise<Claim> {
  const users = await confirmedUserMembers(existing.members);
  if (sameSet(users, desiredIds)) {
    const members = users.length === 0 ? "no user members" : `exactly the ${users.length} declared user member${users.length === 1 ? "" : "s"}`;
    return { kind: "as-declared", found: `with ${members} (the organization's service accounts aside)` };
  }
  if (users.length === 0) {
    return { kind: "left-by-destroy", found: 'with no members but the organization\'s service accounts (what deletionPolicy "empty" leaves)' };
  }
  return { kind: "not-ours", differing: ["members"] };
}

export const team: ResourceImplementation<TeamInputs, TeamOutputs> = {
  inputs: teamInputs,
  state: storedState({
    kind: "Team",
    schema: teamOutputs,
    migrations: [recordedBeforeVersioning, withMemberEmails],
    adoptAgain: (id) => `set \`importId: "${id}"\` on the Team and run \`pulumi up\``,
  }),

  async check(_olds, news) {
    return checkInputs(teamInputs, news, (inputs) =>
      inputs.importId !== undefined && inputs.adoptExisting
        ? [failure("importId", "set either importId (adopt the team with this id) or adoptExisting (adopt the team with this name), not both")]
        : [],
    );
  },

  async diff(_id, olds, news) {
    // No request: member references compare as sets of users against the state.
    // adoptExisting and importId only matter when the resource is created.
    // Members compare by the user they name: an id and an email of the same user are one member.
    const identity = userIdentities({ emailsById: olds.memberEmails, idsByReference: olds.memberIdsByReference });
    const membersChanged =
      olds.members === undefined || news.members === undefined
        ? olds.members !== news.members
        : !sameSet(olds.members.map(identity), news.members.map(identity));
    if (olds.members !== undefined && news.members !== undefined) {
      reportSetChange("members", `team "${olds.name}"`, setChange(olds.members, news.members, identity));
    }
    const changes = olds.name !== news.name || membersChanged || (olds.deletionPolicy ?? "empty") !== news.deletionPolicy;
    return { changes };
  },

  async create(inputs) {
    const scim = clients().scim;
    // Resolve first: a bad member reference fails before anything is written or adopted.
    const mapping = inputs.members ? await resolveMembers(inputs.members, {}) : {};
    if (inputs.importId !== undefined) {
      const found = await liveTeam(inputs.importId);
      if (!found) {
        throw new Error(`importId: there is no team with id "${inputs.importId}" in the organization; check the id (getTeam finds it by name) or leave importId out to create the team`);
      }
      return convergeNew(found, inputs, mapping);
    }
    if (inputs.adoptExisting) {
      const existing = await directory().team(inputs.name);
      if (existing) return convergeNew(existing, inputs, mapping);
    }
    const desiredIds = inputs.members ? idsOf(inputs.members, mapping) : [];
    const made = await createOrTakeOver<ScimTeam>({
      what: `team "${inputs.name}"`,
      post: () => directory().teamWrite(() => scim.createTeam({ name: inputs.name, memberIds: desiredIds }), desiredIds),
      find: () => scim.findTeamByName(inputs.name),
      claim: (existing) => claimOf(existing, desiredIds),
      refuse: (_conflict, differing) =>
        new Error(
          `a team named "${inputs.name}" already exists: set adoptExisting: true to take it over (or importId to adopt a team by id), ` +
            `or choose another name.${leftAsItIs(differing)}`,
        ),
    });
    return convergeNew(made.object, inputs, mapping);
  },

  async read(id, props) {
    const known = props ?? ({} as Partial<TeamOutputs>);
    // From the operation's one listing of /Groups; a team it does not show is read directly before it counts as gone.
    const found = await directory().teamById(id);
    if (!found) return {};
    // From the id alone (static get, import) membership is read as managed: members as emails.
    const fromIdOnly = known.name === undefined;
    const managed = fromIdOnly || known.members !== undefined;
    const mapping = known.memberIdsByReference ?? {};
    const state = await stateOf(found, [...(known.memberIds ?? []), ...Object.values(mapping)]);
    const live = managed ? declaredForm(state, known.members ?? [], mapping, await directory().users()) : undefined;
    const outs = outputsOf(
      state,
      {
        members: live?.members,
        adoptExisting: known.adoptExisting ?? false,
        importId: known.importId,
        deletionPolicy: known.deletionPolicy ?? "empty",
      },
      live?.mapping ?? {},
      await emailsOf(state.userIds),
    );
    return recordRead(id, outs, props, inputsOf);
  },

  async update(id, olds, news) {
    const mapping = news.members ? await resolveMembers(news.members, knownReferences(olds)) : {};
    const desiredIds = news.members ? idsOf(news.members, mapping) : undefined;
    const seen: TeamState = {
      name: olds.name,
      etag: olds.etag,
      userIds: olds.memberIds ?? [],
      departedIds: [],
      serviceAccountIds: olds.serviceAccountIds ?? [],
    };
    // A change of deletionPolicy, or of how members are spelled, needs no request.
    if (!needsConvergence(seen, news.name, desiredIds)) return { outs: outputsOf(seen, news, mapping, olds.memberEmails) };
    const state = await converge(id, seen, news.name, desiredIds);
    return { outs: outputsOf(state, news, mapping, await emailsOf([...state.userIds, ...(desiredIds ?? [])])) };
  },

  async delete(id, props) {
    const name = props.name ?? id;
    const policy = props.deletionPolicy ?? "empty";
    if (policy === "fail") {
      throw new Error(
        `team "${name}" (id ${id}) has deletionPolicy "fail", and the W&B API cannot delete teams. To proceed, either set ` +
          'deletionPolicy to "empty" (its members are removed; you then delete the team in the W&B web application) or "retain" ' +
          "(it is left as it is), run `pulumi up`, and destroy again; or drop it from the stack without touching W&B with " +
          "`pulumi state delete <urn>` (`pulumi stack --show-urns` lists the URNs).",
      );
    }
    if (policy === "retain") {
      tell(
        `team "${name}" (id ${id}) was left in W&B unchanged (deletionPolicy "retain"); it is no longer managed by Pulumi. ` +
          "The W&B API cannot delete teams: delete it in the W&B web application if it is no longer needed.",
      );
      return;
    }
    const emptied = await empty(id, props);
    if (!emptied) return; // already gone
    tell(
      `team "${emptied.name}" (id ${id}) was emptied: ${emptied.removed} member(s) removed, organization service ` +
        "accounts kept. The W&B API cannot delete teams: delete it in the W&B web application (organization settings, Teams).",
    );
  },
};
