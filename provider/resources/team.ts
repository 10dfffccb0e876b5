// A W&B team (SCIM group): its name, and optionally its exact set of user members.
import { z } from "zod";
import { membershipOperations, type ScimTeam, type ScimUser } from "../../api/client";
import { isEmailReference, memberReferenceKey } from "../../api/vocabulary";
import { sameSet } from "../kit/compare";
import { writeGuardedByEtag } from "../kit/conflict";
import { isStatus, ResourceInitError } from "../kit/errors";
import { type ResourceImplementation } from "../kit/implementation";
import { adoptExisting, userReference } from "../kit/input-schemas";
import { checkInputs, failure } from "../kit/inputs";
import { recordedBeforeVersioning, storedState } from "../kit/state";
import { lookupUser } from "../membership/users";
import { clients } from "../runtime";

export const deletionPolicies = ["empty", "retain", "fail"] as const;

export const teamInputs = z
  .object({
    name: z
      .string({ error: 'name is required: the team\'s name, e.g. "ml-platform"' })
      .trim()
      .min(1, 'name must not be empty: give the team a name, e.g. "ml-platform"'),
    members: z
      .array(userReference, { error: "members must be a list of user ids or email addresses (leave it out to not manage membership)" })
      // A set: the first spelling of each member is kept; emails compare ignoring case.
      .transform((refs) => {
        const seen = new Set<string>();
        return refs.filter((ref) => !seen.has(memberReferenceKey(ref)) && seen.add(memberReferenceKey(ref)));
      })
      .optional(),
    adoptExisting,
    importId: z
      .string({ error: "importId must be the SCIM id of an existing team" })
      .trim()
      .min(1, "importId must not be empty: give the SCIM id of the team to adopt, or leave importId out")
      .optional(),
    deletionPolicy: z
      .enum(deletionPolicies, {
        error: 'deletionPolicy must be "empty" (remove the members; delete the team in the web app), "retain" (leave it) or "fail" (refuse to destroy)',
      })
      .default("empty"),
  })
  .strict();

export type TeamInputs = z.output<typeof teamInputs>;

export const teamOutputs = z.object({
  name: z.string(),
  /** As declared; absent when membership is not managed by this resource. */
  members: z.array(z.string()).optional(),
  /** Ids of the team's user members (never service accounts) as last seen. */
  memberIds: z.array(z.string()),
  /** Each member reference of `members` (emails in lower case) → the user id it resolved to. */
  memberIdsByReference: z.record(z.string(), z.string()),
  /** Organization service accounts in the team: never drift, never removed. */
  serviceAccountIds: z.array(z.string()),
  adoptExisting: z.boolean(),
  importId: z.string().optional(),
  deletionPolicy: z.enum(deletionPolicies),
  etag: z.string(),
});

export type TeamOutputs = z.output<typeof teamOutputs>;

/** What we know of the live team: its users and service accounts, as of `etag`. */
interface TeamState {
  name: string;
  etag: string | undefined;
  userIds: string[];
  serviceAccountIds: string[];
  /** Users fetched while classifying members, by id (for their email). */
  fetched: Map<string, ScimUser>;
}

const unique = (ids: Iterable<string>): string[] => [...new Set(ids)];

/**
 * Splits a team's members into users and organization service accounts. GET /Users never returns
 * service accounts, so a member we have not seen before is a user if GET /Users/{id} finds it and
 * a service account if it answers 404.
 */
async function classify(team: ScimTeam, knownUsers: Iterable<string>, knownServiceAccounts: Iterable<string>): Promise<TeamState> {
  const users = new Set(knownUsers);
  const serviceAccounts = new Set(knownServiceAccounts);
  const memberIds = unique(team.members.map((m) => m.id));
  const unknown = memberIds.filter((id) => !users.has(id) && !serviceAccounts.has(id));
  const fetched = new Map<string, ScimUser>();
  const scim = clients().scim;
  await Promise.all(
    unknown.map(async (id) => {
      const result = await scim.getUser(id);
      if (result.status === "found") {
        users.add(id);
        fetched.set(id, result.user);
      } else serviceAccounts.add(id);
    }),
  );
  return {
    name: team.name,
    etag: team.etag,
    userIds: memberIds.filter((id) => users.has(id)),
    serviceAccountIds: memberIds.filter((id) => serviceAccounts.has(id)),
    fetched,
  };
}

async function liveTeam(id: string): Promise<ScimTeam> {
  const result = await clients().scim.getTeam(id);
  if (result.status !== "found") {
    throw new Error(`team ${id} no longer exists in W&B: run \`pulumi refresh\`, then \`pulumi up\` to recreate it`);
  }
  return result.team;
}

/**
 * Resolves member references to user ids, looking up only those not in `known` (key → id).
 * Every reference that names no user is reported at once, with what to do.
 */
async function resolveMembers(refs: readonly string[], known: Readonly<Record<string, string>>): Promise<Record<string, string>> {
  const resolved: Record<string, string> = {};
  const problems: string[] = [];
  await Promise.all(
    refs.map(async (ref) => {
      const key = memberReferenceKey(ref);
      const id = known[key];
      if (id !== undefined) {
        resolved[key] = id;
        return;
      }
      const user = await lookupUser(ref);
      if (user) resolved[key] = user.id;
      else if (isEmailReference(ref)) {
        problems.push(`"${ref}" is not the email of a user of the organization: add the user first (e.g. with a User resource), or fix the address`);
      } else {
        problems.push(
          `"${ref}" is not the id of a user of the organization: use the user's SCIM id or email address ` +
            "(organization service accounts join every team on their own and must not be listed)",
        );
      }
    }),
  );
  if (problems.length > 0) throw new Error(`members: ${problems.join("; ")}`);
  return resolved;
}

function idsOf(refs: readonly string[], mapping: Readonly<Record<string, string>>): string[] {
  return unique(refs.map((ref) => mapping[memberReferenceKey(ref)]).filter((id): id is string => id !== undefined));
}

function outputsOf(state: TeamState, inputs: Pick<TeamInputs, "members" | "adoptExisting" | "importId" | "deletionPolicy">, mapping: Record<string, string>): TeamOutputs {
  return {
    name: state.name,
    ...(inputs.members === undefined ? {} : { members: [...inputs.members] }),
    memberIds: [...state.userIds],
    memberIdsByReference: inputs.members === undefined ? {} : mapping,
    serviceAccountIds: [...state.serviceAccountIds],
    adoptExisting: inputs.adoptExisting ?? false,
    ...(inputs.importId === undefined ? {} : { importId: inputs.importId }),
    deletionPolicy: inputs.deletionPolicy ?? "empty",
    etag: state.etag ?? "",
  };
}

/** The fields this resource owns that differ between what we last saw and the live team. */
function ownedFieldsChanged(seen: TeamState, live: TeamState, membersManaged: boolean): string[] {
  const changed: string[] = [];
  if (seen.name !== live.name) changed.push("name");
  if (membersManaged && !sameSet(seen.userIds, live.userIds)) changed.push("members");
  return changed;
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
  const write = async (ifMatch: string | undefined): Promise<ScimTeam | undefined> => {
    const userIds = desiredIds ?? current.userIds;
    if (current.name !== name) {
      return scim.replaceTeam(id, { name, memberIds: unique([...userIds, ...current.serviceAccountIds]) }, { ifMatch });
    }
    const add = userIds.filter((user) => !current.userIds.includes(user));
    const remove = current.userIds.filter((user) => !userIds.includes(user));
    const operations = membershipOperations({ add, remove });
    if (operations.length === 0) return undefined;
    return scim.patchTeam(id, operations, { ifMatch });
  };
  let team: ScimTeam | undefined;
  try {
    team = await writeGuardedByEtag({
      what: `team "${base.name}"`,
      etag: base.etag || undefined,
      write,
      reread: async () => {
        const fresh = await classify(await liveTeam(id), [...current.userIds, ...(desiredIds ?? [])], current.serviceAccountIds);
        const changedFields = ownedFieldsChanged(current, fresh, desiredIds !== undefined);
        current = fresh;
        return { etag: fresh.etag, changedFields };
      },
    });
  } catch (error) {
    if (isStatus(error, 409)) {
      throw new Error(`cannot rename team "${current.name}" to "${name}": another team already has that name. Choose another name. (${error.message})`);
    }
    throw error;
  }
  if (!team) return current;
  return classify(team, [...current.userIds, ...(desiredIds ?? [])], current.serviceAccountIds);
}

function needsConvergence(state: TeamState, name: string, desiredIds: string[] | undefined): boolean {
  return state.name !== name || (desiredIds !== undefined && !sameSet(state.userIds, desiredIds));
}

/** Takes over an existing team and converges it; a failure after adoption leaves it recorded. */
async function adopt(team: ScimTeam, inputs: TeamInputs): Promise<{ id: string; outs: TeamOutputs }> {
  // Resolve first: a bad member reference fails before anything is written or adopted.
  const mapping = inputs.members ? await resolveMembers(inputs.members, {}) : {};
  const desiredIds = inputs.members ? idsOf(inputs.members, mapping) : undefined;
  const state = await classify(team, desiredIds ?? [], []);
  if (!needsConvergence(state, inputs.name, desiredIds)) return { id: team.id, outs: outputsOf(state, inputs, mapping) };
  try {
    const converged = await converge(team.id, state, inputs.name, desiredIds);
    return { id: team.id, outs: outputsOf(converged, inputs, mapping) };
  } catch (error) {
    throw new ResourceInitError(team.id, { ...outputsOf(state, inputs, mapping) }, error);
  }
}

/**
 * Live members in the declared form where we know it (the declared reference that resolved to the
 * id), otherwise as the user's email address (looked up while telling users from service accounts).
 */
function declaredForm(state: TeamState, declared: readonly string[], mapping: Readonly<Record<string, string>>) {
  const members: string[] = [];
  const nextMapping: Record<string, string> = {};
  const covered = new Set<string>();
  for (const ref of declared) {
    const id = mapping[memberReferenceKey(ref)];
    if (id !== undefined && state.userIds.includes(id)) {
      members.push(ref);
      nextMapping[memberReferenceKey(ref)] = id;
      covered.add(id);
    }
  }
  const extra = state.userIds
    .filter((id) => !covered.has(id))
    .map((id) => ({ id, ref: state.fetched.get(id)?.email || id }))
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

/** Removes every user member (service accounts stay), re-reading on a concurrent change. */
async function empty(id: string, props: Partial<TeamOutputs>): Promise<{ name: string; removed: number } | undefined> {
  const scim = clients().scim;
  for (let attempt = 1; ; attempt++) {
    const result = await scim.getTeam(id);
    if (result.status !== "found") return undefined;
    const state = await classify(result.team, props.memberIds ?? [], props.serviceAccountIds ?? []);
    if (state.userIds.length === 0) return { name: state.name, removed: 0 };
    const operations = membershipOperations({ remove: state.userIds });
    try {
      await scim.patchTeam(id, operations, { ifMatch: state.etag });
      return { name: state.name, removed: state.userIds.length };
    } catch (error) {
      if (isStatus(error, 404)) return undefined;
      if (!isStatus(error, 412) || attempt >= 3) throw error;
    }
  }
}

export const team: ResourceImplementation<TeamInputs, TeamOutputs> = {
  inputs: teamInputs,
  state: storedState({
    kind: "Team",
    schema: teamOutputs,
    migrations: [recordedBeforeVersioning],
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
    // No request: member references compare as sets (emails ignoring case) against the state.
    // adoptExisting and importId only matter when the resource is created.
    const membersChanged =
      olds.members === undefined || news.members === undefined
        ? olds.members !== news.members
        : !sameSet(olds.members.map(memberReferenceKey), news.members.map(memberReferenceKey));
    const changes = olds.name !== news.name || membersChanged || (olds.deletionPolicy ?? "empty") !== news.deletionPolicy;
    return { changes };
  },

  async create(inputs) {
    const scim = clients().scim;
    if (inputs.importId !== undefined) {
      const result = await scim.getTeam(inputs.importId);
      if (result.status !== "found") {
        throw new Error(`importId: there is no team with id "${inputs.importId}" in the organization; check the id (getTeam finds it by name) or leave importId out to create the team`);
      }
      return adopt(result.team, inputs);
    }
    if (inputs.adoptExisting) {
      const existing = await scim.findTeamByName(inputs.name);
      if (existing) return adopt(existing, inputs);
    }
    const mapping = inputs.members ? await resolveMembers(inputs.members, {}) : {};
    const desiredIds = inputs.members ? idsOf(inputs.members, mapping) : undefined;
    let created: ScimTeam;
    try {
      created = await scim.createTeam({ name: inputs.name, memberIds: desiredIds ?? [] });
    } catch (error) {
      if (isStatus(error, 409)) {
        throw new Error(
          `a team named "${inputs.name}" already exists: set adoptExisting: true to take it over (or importId to adopt a team by id), or choose another name`,
        );
      }
      throw error;
    }
    // Members of the new team that were not requested are the organization service accounts.
    const requested = new Set(desiredIds ?? []);
    const live = unique(created.members.map((m) => m.id));
    const state: TeamState = {
      name: created.name,
      etag: created.etag,
      userIds: live.filter((id) => requested.has(id)),
      serviceAccountIds: live.filter((id) => !requested.has(id)),
      fetched: new Map(),
    };
    if (!needsConvergence(state, inputs.name, desiredIds)) return { id: created.id, outs: outputsOf(state, inputs, mapping) };
    try {
      const converged = await converge(created.id, state, inputs.name, desiredIds);
      return { id: created.id, outs: outputsOf(converged, inputs, mapping) };
    } catch (error) {
      throw new ResourceInitError(created.id, { ...outputsOf(state, inputs, mapping) }, error);
    }
  },

  async read(id, props) {
    const known = props ?? ({} as Partial<TeamOutputs>);
    const result = await clients().scim.getTeam(id, { ifNoneMatch: known.etag || undefined });
    if (result.status === "not-modified") return { id, props };
    if (result.status === "not-found") return {};
    // From the id alone (static get, import) membership is read as managed: members as emails.
    const fromIdOnly = known.name === undefined;
    const managed = fromIdOnly || known.members !== undefined;
    const mapping = known.memberIdsByReference ?? {};
    const knownUsers = managed ? Object.values(mapping) : (known.memberIds ?? []);
    const state = await classify(result.team, knownUsers, known.serviceAccountIds ?? []);
    const live = managed ? declaredForm(state, known.members ?? [], mapping) : undefined;
    const outs = outputsOf(
      state,
      {
        members: live?.members,
        adoptExisting: known.adoptExisting ?? false,
        importId: known.importId,
        deletionPolicy: known.deletionPolicy ?? "empty",
      },
      live?.mapping ?? {},
    );
    return { id, props: outs, inputs: inputsOf(outs) };
  },

  async update(id, olds, news) {
    const mapping = news.members ? await resolveMembers(news.members, olds.memberIdsByReference ?? {}) : {};
    const desiredIds = news.members ? idsOf(news.members, mapping) : undefined;
    const seen: TeamState = {
      name: olds.name,
      etag: olds.etag,
      userIds: olds.memberIds ?? [],
      serviceAccountIds: olds.serviceAccountIds ?? [],
      fetched: new Map(),
    };
    // A change of deletionPolicy, or of how members are spelled, needs no request.
    const state = needsConvergence(seen, news.name, desiredIds) ? await converge(id, seen, news.name, desiredIds) : seen;
    return { outs: outputsOf(state, news, mapping) };
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
      console.log(
        `wandb: team "${name}" (id ${id}) was left in W&B unchanged (deletionPolicy "retain"); it is no longer managed by Pulumi. ` +
          "The W&B API cannot delete teams: delete it in the W&B web application if it is no longer needed.",
      );
      return;
    }
    const emptied = await empty(id, props);
    if (!emptied) return; // already gone
    console.log(
      `wandb: team "${emptied.name}" (id ${id}) was emptied: ${emptied.removed} member(s) removed, organization service ` +
        "accounts kept. The W&B API cannot delete teams: delete it in the W&B web application (organization settings, Teams).",
    );
  },
};
