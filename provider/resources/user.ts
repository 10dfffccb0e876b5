import type * as pulumi from "@pulumi/pulumi";
import type { PatchOperation, ScimUser } from "../../service";
import { identityOf, sameIdentity } from "../../model/identity";
import {
  changedFieldsOf,
  changedOutsidePulumi,
  convergeGuardedByEtag,
  recordRead,
  SETTLED,
  setReading,
  writeGuardedByEtag,
  type FieldReading,
} from "../kit/conflict";
import { isStatus, ResourceInitError } from "../kit/errors";
import { createOrTakeOver, leftAsItIs, takenOver, type Claim } from "../kit/takeover";
import { detailed, propertyChanges } from "../kit/difference";
import { type ResourceImplementation } from "../kit/implementation";
import { checkInputs, failure } from "../kit/inputs";
import { recordedBeforeVersioning, storedState } from "../kit/state";
import { changeTeamMemberships, currentTeams, teamsFromGroups, teamsOf } from "../membership/user-teams";
import { liveUser } from "../membership/users";
import { withSeatsCounted } from "../membership/seats";
import { actingUserRefusal } from "../../model/guard-rails";
import { accountNotManaged, capabilitiesOf, deactivationNotOffered, REACTIVATION_NOT_OFFERED, USERS_JOIN_THROUGH_TEAMS, type Capabilities } from "../../model/deployments";
import { declaredActivity, heldEmailRefusal, userFields, userInputs, userOutputs, userWarnings, type UserInputs, type UserOutputs } from "../../model/shapes/user";
import { ownedFields, programFields, programRule, settingFields, valuesOf, withoutActivity, type OwnedField, type SettingField } from "../../model/shapes/fields";
import { fieldChanges, fieldReadings } from "../kit/field-changes";
import type { Operation } from "../operation";

export type { UserInputs, UserOutputs };


/** The fields whose changes outside Pulumi a write must not overwrite, as the table says. */
type OwnedUserField = OwnedField<typeof userFields>;
type Owned = Pick<UserOutputs, OwnedUserField>;

const OWNED = ownedFields(userFields) as readonly OwnedUserField[];
const SETTINGS = settingFields(userFields) as readonly SettingField<typeof userFields>[];
/** Managed only when declared: the table's optional fields. */
const isOptional = (field: string): boolean => programRule(userFields, field).optional === true;

/** Predefined role names compare case-insensitively and are stored in lower case; custom role names are kept as they are. */
function orgRoleOf(user: ScimUser): string | undefined {
  return user.organizationRole === undefined ? undefined : identityOf("organizationRole", user.organizationRole);
}

/**
 * What is known of the user besides its representation: the organization role and teams as last
 * seen (or just written, or read through /Groups), and the read-only views as last seen. The
 * documented GET body and list items carry neither organizationRole nor teamRoles nor
 * registryRoles; such an absence means "unknown", never "none".
 */
interface Known extends Partial<Owned> {
  /** The organization role was recorded as declared at a takeover, W&B not showing it (and has not shown it since). */
  organizationRoleUnverified?: boolean;
  views?: Pick<UserOutputs, "teamRoles" | "registryRoles" | "daysActive" | "lastActiveAt">;
}

/**
 * How the user shows the owned fields its representation does not carry as the state records them:
 * where it may leave one out, it is as known (last seen, or just written). Any other owned field is
 * the representation's attribute of its name.
 */
const LIVE_READERS: { readonly [F in OwnedUserField]?: (user: ScimUser, known: Known) => Owned[F] | undefined } = {
  // An unset display name is recorded as "", so that declaring one is a change.
  displayName: (user) => user.displayName ?? "",
  organizationRole: (user, known) => orgRoleOf(user) ?? known.organizationRole,
  modelsSeat: (user, known) => user.modelsSeat ?? known.modelsSeat,
  weaveRole: (user, known) => user.weaveRole ?? known.weaveRole,
  teams: (user, known) => teamsOf(user) ?? known.teams,
};

/** The owned field `field` as the user shows it, or as known where its representation may leave it out. */
function liveValue(field: string, user: ScimUser, known: Known): unknown {
  const reader = (LIVE_READERS as Readonly<Record<string, (user: ScimUser, known: Known) => unknown>>)[field];
  if (reader !== undefined) return reader(user, known);
  const attributes: Readonly<Record<string, unknown>> = { ...user };
  return attributes[field];
}

/** The owned fields as the user shows them: an optional one only when declared, and known. */
function ownedOf(user: ScimUser, declared: Partial<UserOutputs>, known: Known): Owned {
  const held: Readonly<Record<string, unknown>> = { ...declared };
  const owned = OWNED.flatMap((field) => {
    if (isOptional(field) && held[field] === undefined) return [];
    const value = liveValue(field, user, known);
    return value === undefined ? [] : [[field, value] as const];
  });
  // Every field that is not optional is one the representation always carries (userName, email, active).
  return Object.fromEntries(owned) as Owned;
}

/** Activity as the representation reports it (GET and list items do), else as last seen; a null lastActiveAt is never active. */
function activityOf(user: Pick<ScimUser, "daysActive" | "lastActiveAt">, seen: Known["views"]): Pick<UserOutputs, "daysActive" | "lastActiveAt"> {
  const daysActive = user.daysActive ?? seen?.daysActive;
  const lastActiveAt = user.lastActiveAt === undefined ? seen?.lastActiveAt : (user.lastActiveAt ?? undefined);
  return { ...(daysActive === undefined ? {} : { daysActive }), ...(lastActiveAt === undefined ? {} : { lastActiveAt }) };
}

/**
 * The user's state as outputs. Optional inputs that `declared` leaves out (displayName,
 * organizationRole, teams) are not managed by the resource and stay out of the outputs, so a
 * refresh never makes them inputs; the read-only views show the rest. A declared organization
 * role or team list the representation does not carry is taken from `known` (left out when
 * nothing is known).
 */
function outputsOf(user: ScimUser, declared: Partial<UserOutputs> & Pick<UserOutputs, "deletionPolicy">, known: Known = {}): UserOutputs {
  return {
    ...ownedOf(user, declared, known),
    // Verified once a representation shows the role.
    ...(declared.organizationRole !== undefined && known.organizationRoleUnverified === true && orgRoleOf(user) === undefined ? { organizationRoleUnverified: true } : {}),
    ...valuesOf(declared, SETTINGS),
    adoptExisting: declared.adoptExisting ?? false,
    deletionPolicy: declared.deletionPolicy,
    etag: user.etag ?? "",
    createdAt: user.created ?? "",
    // Read-only views (never compared): as last seen when the representation does not carry them, else [].
    teamRoles: (user.teamRoles ?? known.views?.teamRoles ?? []).map(({ teamName, roleName }) => ({ teamName, roleName })),
    registryRoles: (user.registryRoles ?? known.views?.registryRoles ?? []).map(({ registryName, roleName }) => ({ registryName, roleName })),
    ...activityOf(user, known.views),
  };
}

/** What a refresh makes the inputs: the managed fields as they are live, and the settings as they were. */
export function inputsOfState(outs: UserOutputs): UserInputs {
  // A custom organization role set outside Pulumi shows as such in the state, so the next preview names it.
  // No User declares one: the inputs the engine records leave it out (declarableInputs, kit/inputs).
  return valuesOf(outs, [...OWNED, ...SETTINGS]) as UserInputs;
}

/**
 * The inputs of a user read from its id alone (an import): its teams stay out. A membership is
 * declared once, by its Team (imported with its members); declared by both, each side would put
 * back what the other removed. `User.get` still shows the teams, in the outputs.
 */
function importedInputs(outs: UserOutputs): UserInputs {
  const { teams: _teams, ...inputs } = inputsOfState(outs);
  return inputs;
}

/** Owned fields of `desired` that differ from `seen`; optional fields `desired` does not declare are not compared. */
function ownedFieldsDiffering(seen: Partial<Owned>, desired: UserInputs): string[] {
  return fieldChanges(userFields, seen, desired, { only: OWNED }).changed;
}

/**
 * The owned fields of the live user, each beside what Pulumi last saw and what it declares (see
 * the conflict rule). An organization role the representation does not carry is unknown: never
 * changed outside, and as declared only when the declaration is what was last seen. Teams are read
 * through /Groups when the representation does not carry them.
 */
async function ownedFieldReadings(operation: Operation, seen: Partial<Owned>, declared: Partial<Owned>, live: ScimUser): Promise<FieldReading[]> {
  const judged = (field: OwnedUserField) => seen[field] !== undefined || declared[field] !== undefined;
  const known: Known = { ...seen, ...(judged("teams") ? { teams: await currentTeams(operation, live) } : {}) };
  return fieldReadings(userFields, OWNED, { seen, declared, live: (field) => liveValue(field, live, known) });
}

/** The PATCH of the user's own fields that differ, each written as its table says. */
function userOperations(seen: Partial<Owned>, desired: UserInputs): PatchOperation[] {
  const changed = ownedFieldsDiffering(seen, desired);
  const values: Readonly<Record<string, unknown>> = desired;
  return programFields(userFields).flatMap(([field, { write }]): PatchOperation[] => {
    if (!changed.includes(field) || typeof write !== "object") return [];
    // The primary email is the one entry of SCIM's multi-valued `emails`.
    const value = field === "email" ? [{ value: values[field], primary: true }] : values[field];
    return [write.path === undefined ? { op: write.patch, value: { [field]: value } } : { op: write.patch, path: write.path, value }];
  });
}

/**
 * Converges the user to `desired`: one conditional PATCH of the user's own fields, then team
 * membership through /Groups. `seen` is the user as last seen (its ETag guards the write; on 412
 * the owned fields decide between retrying and failing). Returns the user as it is afterwards,
 * with what is known of the fields its representation may not carry.
 */
async function converge(
  operation: Operation,
  id: string,
  seen: Partial<Owned> & { etag?: string },
  desired: UserInputs,
  /** The user as just read or created, when the caller has it: saves a GET. */
  known?: ScimUser,
): Promise<{ user: ScimUser; known: Known }> {
  const what = `user "${seen.userName ?? desired.userName}"`;
  const operations = userOperations(seen, desired);
  let user = known;
  if (operations.length > 0) {
    user = await convergeGuardedByEtag({
      signal: operation.signal,
      what,
      etag: recordedEtag(operation, id, seen.etag),
      write: (ifMatch) => operation.directory().patchUser(id, operations, { ifMatch }),
      reread: async () => {
        const live = await liveUser(operation, id);
        return { live, etag: live.etag, readings: await ownedFieldReadings(operation, seen, desired, live) };
      },
    });
  }
  if (desired.teams !== undefined && fieldChanges(userFields, seen, desired, { only: ["teams"] }).changed.length > 0) {
    user ??= await liveUser(operation, id);
    // Team writes go to the teams, each under its own ETag; the user's ETag need not move when its
    // teams change, so the teams as they are now are judged against those last seen and those declared.
    const liveTeams = await currentTeams(operation, user);
    if (setReading("teams", { seen: seen.teams, declared: desired.teams, live: liveTeams }).changedOutside) {
      throw changedOutsidePulumi(what, ["teams"]);
    }
    // Whether or not the service moved the user's ETag with its teams, the outputs carry the current one.
    if (await changeTeamMemberships(operation, id, liveTeams, desired.teams)) user = await liveUser(operation, id);
  }
  // Whatever the representation leaves out is as desired now (written, or already so), else as last seen.
  const after: Known = { ...seen, ...valuesOf(desired, OWNED) };
  return { user: user ?? (await liveUser(operation, id)), known: after };
}

/** What is known of a user the service just created, whatever its 201 shows. */
const CREATED: Known = { organizationRole: "member", views: { teamRoles: [], registryRoles: [], daysActive: 0 } };

/**
 * Converges a user the service just created (`created`: it holds the role `member`, whether or not
 * the 201 says so) or that is being adopted; a failure keeps it in state. A user taken over keeps
 * the organization role `takenOverRole` records: no role is written by a takeover that adopts.
 */
async function convergeNew(operation: Operation, user: ScimUser, inputs: UserInputs, created = false): Promise<{ id: string; outs: UserOutputs }> {
  // An adopted user's roles may be adopted with it, in this operation (role assignments with adoptExisting).
  if (!created && (inputs.adoptExisting || inputs.importId !== undefined)) operation.directory().adopted(user.id);
  // A created user holds the seats its POST asked for, whether or not the 201 shows them, and has never been active.
  const role = created ? { known: {} } : takenOverRole(operation, user, inputs);
  const known: Known = created ? { ...CREATED, modelsSeat: inputs.modelsSeat, weaveRole: inputs.weaveRole } : role.known;
  // The role W&B shows, kept: a custom one too (assigned outside this resource), which no declaration names.
  const desired: UserInputs = role.kept === undefined ? inputs : { ...inputs, organizationRole: role.kept as UserInputs["organizationRole"] };
  const seen = { ...outputsOf(user, { ...inputs, displayName: "", organizationRole: "member", teams: [] }, known), etag: user.etag ?? "" };
  try {
    const converged = await converge(operation, user.id, seen, desired, user);
    const after = { ...converged.known, views: known.views, organizationRoleUnverified: known.organizationRoleUnverified };
    return { id: user.id, outs: outputsOf(converged.user, desired, after) };
  } catch (error) {
    throw new ResourceInitError(user.id, { ...outputsOf(user, desired, known) }, error);
  }
}

/**
 * What is known of the organization role of a user taken over (adopted, imported, or found after a
 * lost answer). Where the service does not show it, the declared role is recorded as the role,
 * unverified, without a write: taking over never writes it. Written blind, `member` would demote an
 * admin (the key's own user among them, locking Pulumi out), and any other role would land in W&B's
 * audit log for every adopted person. The user the key acts as is known to be an admin (SCIM
 * answers no other user's key). Where the service shows another role than declared, an adoption
 * (adoptExisting, importId) records that one (`kept`), so that the next preview shows the declared
 * role as a change to review. A standalone User says so; an Organization's users are named by their
 * component, once per kind (guardedBy).
 */
function takenOverRole(operation: Operation, user: ScimUser, inputs: UserInputs): { known: Known; kept?: string } {
  const declared = inputs.organizationRole;
  if (declared === undefined) return { known: {} };
  const live = orgRoleOf(user);
  const standalone = inputs.guardedBy === undefined;
  if (live === undefined) {
    if (declared === "admin" && sameIdentity("userName", user.userName, operation.guardRailsForChecks().self ?? "")) return { known: { organizationRole: "admin" } };
    if (standalone) {
      operation.warn(
        `user "${user.userName}" taken over: W&B does not show its organization role, so organizationRole "${declared}" was recorded ` +
          "as declared, without a write. Check it against the web application's user list (`pulumi-wandb export --admins` writes the admins from it); " +
          "if it holds another, declare that one to adopt it: a later change of the declaration is written.",
      );
    }
    return { known: { organizationRole: declared, organizationRoleUnverified: true } };
  }
  const adopting = inputs.adoptExisting || inputs.importId !== undefined;
  if (!adopting || sameIdentity("organizationRole", live, declared)) return { known: {} };
  if (standalone) {
    operation.warn(
      `user "${user.userName}" adopted: W&B shows organization role "${live}", not the declared "${declared}", so "${live}" was recorded, ` +
        "without a write. The next preview shows the declared role as a change, for review.",
    );
  }
  return { known: {}, kept: live };
}

/** The user importId names, from the operation's listing of /Users (one it does not show is read directly). */
async function importUser(operation: Operation, inputs: UserInputs & { importId: string }): Promise<ScimUser> {
  const found = await operation.directory().userById(inputs.importId);
  if (!found) {
    throw new Error(`importId: no W&B user has the SCIM id "${inputs.importId}"; check the id (e.g. with getUser), or remove importId to create the user`);
  }
  if (!sameIdentity("userName", found.userName, inputs.userName)) {
    throw new Error(
      `importId: the user with SCIM id "${inputs.importId}" has userName "${found.userName}", not "${inputs.userName}"; ` +
        `set userName to "${found.userName}" to adopt it (a userName cannot be changed in place)`,
    );
  }
  return found;
}

/**
 * How an existing user with the declared userName stands to the declaration. Its email and (when
 * declared) display name must be as declared; an active user is what the create makes (it then
 * deactivates it when so declared), and a deactivated one is what deletionPolicy "deactivate"
 * leaves: it is reactivated, except on the multi-tenant cloud, which cannot.
 */
function claimOf(existing: ScimUser, inputs: UserInputs, capabilities: Capabilities): Claim {
  const { changed: differing } = fieldChanges(userFields, { email: existing.email, displayName: existing.displayName }, inputs, {
    only: ["email", "displayName"],
  });
  if (differing.length > 0) return { kind: "not-ours", differing };
  const matched = inputs.displayName === undefined ? "email" : "email and displayName";
  if (existing.active || !inputs.active) return { kind: "as-declared", found: `with the declared ${matched}, ${existing.active ? "active" : "deactivated"}` };
  if (!capabilities.keepsDeactivatedUsers) return { kind: "not-ours", differing: ["active"] };
  return { kind: "left-by-destroy", found: 'deactivated and otherwise as declared (what deletionPolicy "deactivate" leaves); it is reactivated' };
}

function alreadyExists(inputs: UserInputs, error: unknown, differing: readonly string[]): Error {
  const detail = isStatus(error, 409) && error.detail ? ` (${error.detail})` : "";
  const what = `a W&B user with userName "${inputs.userName}" or email "${inputs.email}" already exists${detail}.${leftAsItIs(differing)}`;
  if (inputs.adoptExisting) {
    // adoptExisting found no user with this userName: the email belongs to someone else.
    return new Error(
      `${what} adoptExisting takes over only a user with this userName; none exists, so the email belongs to another user. ` +
        'Use another email, or set `importId: "<SCIM id>"` to adopt that user (and its userName).',
    );
  }
  return new Error(
    `${what} To bring it under this program, set \`adoptExisting: true\` (takes over the user with this userName and converges it) ` +
      'or `importId: "<SCIM id>"` (adopts exactly that user); through the native plugin, `pulumi import wandb:index:User <name> <SCIM id>` also does (the dynamic resources cannot be imported).',
  );
}

/**
 * The user the provider acts as is never deactivated, demoted, or replaced (which deletes it); nor,
 * where the key's owner cannot be told, a user that may be it. A user this resource makes anew holds
 * no access to take away; one it holds, adopts or imports may be the provider's own.
 */
function actingUserRules(operation: Operation, olds: Record<string, unknown>, inputs: UserInputs): pulumi.dynamic.CheckFailure[] {
  const oldUserName = typeof olds["userName"] === "string" ? olds["userName"] : undefined;
  if (oldUserName === undefined && !inputs.adoptExisting && inputs.importId === undefined) return [];
  const settings = operation.guardRailsForChecks();
  const heldRole = typeof olds["organizationRole"] === "string" ? olds["organizationRole"] : undefined;
  const refusal = (property: string, action: "delete" | "deactivate" | "demote", userName: string) => {
    const reason = actingUserRefusal(userName, action, heldRole, settings);
    return reason === undefined ? [] : [failure(property, reason)];
  };
  const replaced = oldUserName !== undefined && !sameIdentity("userName", oldUserName, inputs.userName);
  return [
    ...(replaced ? refusal("userName", "delete", oldUserName) : []),
    ...(inputs.active || olds["active"] === false ? [] : refusal("active", "deactivate", inputs.userName)),
    ...(inputs.organizationRole === "member" ? refusal("organizationRole", "demote", inputs.userName) : []),
  ];
}

/** What the deployment cannot do to a user (model/deployments): each refused at check, naming the property. */
function deploymentRules(operation: Operation, olds: Record<string, unknown>, inputs: UserInputs): pulumi.dynamic.CheckFailure[] {
  const can = capabilitiesOf(operation.deploymentForChecks());
  const oldUserName = typeof olds["userName"] === "string" ? olds["userName"] : undefined;
  const exists = oldUserName !== undefined && sameIdentity("userName", oldUserName, inputs.userName);
  const failures: pulumi.dynamic.CheckFailure[] = [];
  if (can.usersJoinThroughTeams && inputs.teams !== undefined && inputs.teams.length === 0) {
    failures.push(failure("teams", `${USERS_JOIN_THROUGH_TEAMS}: list at least one existing team`));
  } else if (can.usersJoinThroughTeams && inputs.teams === undefined && !exists && inputs.importId === undefined) {
    failures.push(failure("teams", `${USERS_JOIN_THROUGH_TEAMS}, so a user is created by adding them to teams: set teams to at least one existing team, e.g. teams: ["ml-research"]`));
  }
  const oldEmail = olds["email"];
  if (!can.managesAccounts && exists && typeof oldEmail === "string" && !sameIdentity("email", oldEmail, inputs.email)) {
    failures.push(failure("email", accountNotManaged("email")));
  }
  if (!can.managesAccounts && exists && inputs.displayName !== undefined && olds["displayName"] !== inputs.displayName) {
    failures.push(failure("displayName", accountNotManaged("displayName")));
  }
  if (can.keepsDeactivatedUsers) return failures;
  if (inputs.deletionPolicy === "deactivate") {
    failures.push(failure("deletionPolicy", `${deactivationNotOffered('deletionPolicy "deactivate"')}: use deletionPolicy "delete" (the default)`));
  }
  if (exists && olds["active"] === false && inputs.active) {
    failures.push(failure("active", `${REACTIVATION_NOT_OFFERED}: add the user again instead (a new User)`));
  }
  if (!inputs.active && olds["active"] !== false) {
    failures.push(failure("active", `${deactivationNotOffered("active: false")}: remove the User resource (deletionPolicy "delete") instead`));
  }
  if (inputs.deactivateInactiveAfterDays !== undefined) {
    failures.push(
      failure("deactivateInactiveAfterDays", `${deactivationNotOffered("deactivateInactiveAfterDays")}: remove it; \`pulumi-wandb review --drift --inactive-days 90\` lists who is not active`),
    );
  }
  return failures;
}

export const user: ResourceImplementation<UserInputs, UserOutputs, Operation> = {
  inputs: userInputs,
  state: storedState({
    kind: "User",
    schema: userOutputs,
    migrations: [recordedBeforeVersioning],
    adoptAgain: (id) => `set \`importId: "${id}"\` on the User and run \`pulumi up\``,
  }),

  async check(operation, olds, news) {
    const checked = checkInputs(userInputs, news, (inputs) => [...actingUserRules(operation, olds, inputs), ...deploymentRules(operation, olds, inputs)]);
    // Told where the user reads the preview, through either front door (kit/engine-output).
    if (!checked.failures?.length) for (const warning of userWarnings(news)) operation.warn(warning);
    return checked;
  },

  async diff(_operation, id, olds, written) {
    const news = declaredActivity(olds, written, Date.now());
    const { changed, replaces, sets } = fieldChanges(userFields, olds, news, { id });
    return {
      changes: changed.length > 0,
      ...detailed(propertyChanges(olds, news, changed, sets)),
      replaces,
      // The new user would clash with the old one's email: the old one goes first.
      ...(replaces.length > 0 ? { deleteBeforeReplace: true } : {}),
    };
  },

  async create(operation, inputs) {
    if (inputs.importId !== undefined) {
      return convergeNew(operation, await importUser(operation, { ...inputs, importId: inputs.importId }), inputs);
    }
    if (inputs.adoptExisting) {
      // The user with this userName, in any case (userNames are not case-exact), from the operation's one listing of /Users.
      const existing = await operation.directory().userNamed(inputs.userName);
      if (existing) return convergeNew(operation, existing, inputs);
    }
    const capabilities = capabilitiesOf(operation.deploymentForChecks());
    // Where users join through teams they are created into them; elsewhere they join after the POST.
    const teams = capabilities.usersJoinThroughTeams ? inputs.teams : undefined;
    const made = await createOrTakeOver<ScimUser>(operation, {
      what: `user "${inputs.userName}"`,
      post: async () => {
        try {
          const definition = {
            userName: inputs.userName,
            email: inputs.email,
            ...(inputs.displayName === undefined ? {} : { displayName: inputs.displayName }),
            ...(inputs.modelsSeat === undefined ? {} : { modelsSeat: inputs.modelsSeat }),
            ...(inputs.weaveRole === undefined ? {} : { weaveRole: inputs.weaveRole }),
            ...(teams === undefined ? {} : { teams }),
          };
          return await operation.directory().createUser(definition);
        } catch (error) {
          throw await withSeatsCounted(operation, error);
        }
      },
      // Refused by a 409, so the listing may predate the holder: asked of the service.
      find: () => operation.directory().userNamedNow(inputs.userName),
      claim: (existing) => claimOf(existing, inputs, capabilities),
      refuse: (conflict, differing) => alreadyExists(inputs, conflict, differing),
    });
    if (made.created) operation.directory().created("user", made.object.id);
    return convergeNew(operation, made.object, inputs, made.created);
  },

  async takenOverAtCreate(operation, inputs) {
    if (inputs.importId !== undefined) return undefined;
    const existing = (await operation.directory().users()).byUserName(inputs.userName);
    return takenOver(existing, inputs.adoptExisting, (found) => claimOf(found, inputs, capabilitiesOf(operation.deploymentForChecks())));
  },

  async refusedAtCreate(operation, inputs, name) {
    return heldEmailRefusal(name, inputs, (await operation.directory().users()).byEmail(inputs.email));
  },

  async heldAtCreate(operation, inputs) {
    return (await operation.directory().users()).byUserName(inputs.userName) !== undefined;
  },

  async read(operation, id, props) {
    // From the operation's one listing of /Users; a user it does not show is read directly before it counts as gone.
    const live = await operation.directory().userById(id);
    if (!live) return {};
    // From the id alone (`User.get`), every field is shown as it is live.
    const declared =
      props ?? { displayName: "", organizationRole: "member", teams: [], deletionPolicy: userInputs.shape.deletionPolicy.parse(undefined) };
    // What the representation leaves out is unknown: the organization role and the views stay as
    // last seen, and declared teams are read through /Groups (so membership drift still shows; the
    // user's ETag need not move when its teams change).
    const known: Known = {
      ...(props === undefined ? {} : { ...valuesOf(props, OWNED), views: props }),
      ...(props?.organizationRoleUnverified === true ? { organizationRoleUnverified: true } : {}),
      ...(declared.teams !== undefined && live.teamRoles === undefined ? { teams: await teamsFromGroups(operation, id) } : {}),
    };
    const outs = outputsOf(live, declared, known);
    // Activity moves as people work: a read that finds nothing else changed is the recorded state with today's activity.
    const recorded = props === undefined ? undefined : { ...withoutActivity(userFields, props), ...activityOf({}, outs) };
    return recordRead(id, outs, recorded, props?.userName === undefined ? importedInputs : inputsOfState);
  },

  async update(operation, id, olds, written) {
    const news = declaredActivity(olds, written, Date.now());
    // Fields the program no longer declares are no longer owned: neither written nor guarded.
    const seen = managedSubset(olds, news);
    if (ownedFieldsDiffering(seen, news).length === 0) {
      // Only settings (deletionPolicy, adoptExisting, importId, guardedBy) changed: nothing to send.
      const { etag, createdAt, teamRoles, registryRoles } = olds;
      const unverified = seen.organizationRole !== undefined && olds.organizationRoleUnverified === true ? { organizationRoleUnverified: true } : {};
      const settings = { ...valuesOf(news, SETTINGS), adoptExisting: news.adoptExisting, deletionPolicy: news.deletionPolicy };
      return { outs: { ...seen, ...unverified, ...settings, etag, createdAt, teamRoles, registryRoles, ...activityOf({}, olds) } };
    }
    await admitRemoval(operation, news, {
      removesUser: olds.active && !news.active,
      demotesAdmin: olds.organizationRole === "admin" && news.organizationRole !== undefined && news.organizationRole !== "admin",
    });
    try {
      const converged = await converge(operation, id, { ...seen, etag: olds.etag }, news);
      // A role not written stays as unverified as it was.
      const unverified = olds.organizationRoleUnverified === true && sameIdentity("organizationRole", seen.organizationRole ?? "", news.organizationRole ?? "");
      return { outs: outputsOf(converged.user, news, { ...converged.known, views: olds, organizationRoleUnverified: unverified }) };
    } catch (error) {
      throw await withSeatsCounted(operation, error);
    }
  },

  async delete(operation, id, props) {
    // Refused before any request; where the engine shows it only now (a User removed from the program), the Organization
    // component refuses it at preview.
    const refusal = removalRefusal(operation, props);
    if (refusal !== undefined) throw new Error(`user "${props.userName}": ${refusal}`);
    await admitRemoval(operation, props, { removesUser: true, demotesAdmin: props.organizationRole === "admin" });
    const deactivate = props.deletionPolicy === "deactivate";
    // Under the rule of every write: a user changed outside Pulumi since it was last read is not removed.
    await writeGuardedByEtag({
      signal: operation.signal,
      what: `user "${props.userName ?? id}"`,
      etag: recordedEtag(operation, id, props.etag),
      write: async (ifMatch) => {
        if (!deactivate) return operation.directory().deleteUser(id, { ifMatch });
        try {
          await operation.directory().patchUser(id, [{ op: "replace", value: { active: false } }], { ifMatch });
        } catch (error) {
          if (!isStatus(error, 404)) throw error;
        }
      },
      reread: async () => {
        const live = await operation.directory().userNow(id);
        if (!live || (deactivate && !live.active)) return SETTLED;
        // A removal declares none of the fields: each is judged against what Pulumi last saw.
        return { etag: live.etag, changedFields: changedFieldsOf(await ownedFieldReadings(operation, props, {}, live)) };
      },
    });
  },
};

/** Why the guard rails refuse the removal of the user `props` records (its deletionPolicy's), before any request; undefined when they let it through. */
export function removalRefusal(operation: Operation, props: Pick<UserOutputs, "userName" | "deletionPolicy" | "organizationRole">): string | undefined {
  return actingUserRefusal(props.userName, props.deletionPolicy === "deactivate" ? "deactivate" : "delete", props.organizationRole, operation.guardRailsForChecks());
}

/**
 * Waits for the guard rails to admit a write that removes the user or demotes an admin, when an
 * Organization declares the user: judged at the write, however the run is invoked.
 */
async function admitRemoval(
  operation: Operation,
  user: Pick<UserOutputs, "userName" | "guardedBy">,
  removal: { removesUser: boolean; demotesAdmin: boolean },
): Promise<void> {
  if (user.guardedBy === undefined || (!removal.removesUser && !removal.demotesAdmin)) return;
  await operation.removals().admit({ organization: user.guardedBy, userName: user.userName, ...removal });
}

/** The ETag a write may carry: none (so the user is read first) when a team write of ours has moved it since. */
function recordedEtag(operation: Operation, id: string, etag: string | undefined): string | undefined {
  return etag && !operation.directory().etagMovedByUs(id) ? etag : undefined;
}

/** The owned fields of the previous outputs, without the optional ones `news` no longer declares. */
function managedSubset(olds: UserOutputs, news: UserInputs): Owned {
  const declared: Readonly<Record<string, unknown>> = { ...news };
  // A state records every owned field that is not optional (userName, email, active).
  return valuesOf(olds, OWNED.filter((field) => !isOptional(field) || declared[field] !== undefined)) as Owned;
}
