// The skeleton the three role assignments share: a user reference resolved at create, one role
// slot of that user (the organization role, the role in a team, the role in a registry) read,
// written and given back under the 412 rule. Each resource file supplies its inputs, its state, its id
// and how to reach its slot.
import type { z } from "zod";
import type { ScimUser } from "../../service";
import type { ResourceKind } from "../../model/resource-kinds";
import type { AssignmentOutputs } from "../../model/shapes/assignment";
import { identityOf } from "../../model/identity";
import { comparable, programRule, sameValue, valueRule, type FieldTable } from "../../model/shapes/fields";
import { fieldChanges } from "../kit/field-changes";
import { changedFieldsOf, convergeGuardedByEtag, recordRead, SETTLED, valueReading, writeGuardedByEtag, type FieldReading } from "../kit/conflict";
import { isStatus } from "../kit/errors";
import { type ResourceImplementation } from "../kit/implementation";
import { checkInputs } from "../kit/inputs";
import { issuesOf } from "../kit/issues";
import { idScheme } from "../kit/pair-id";
import { storedState, type Migration } from "../kit/state";
import { listedUser, liveUser, resolveUser } from "../membership/users";
import type { Operation } from "../operation";

/** One user's role slot as an assignment reaches it. */
export interface SlotAccess {
  /** For messages, e.g. `the organization role of user abc`. */
  what: string;
  /** The role the user holds in this slot, undefined when they hold none. */
  live(user: ScimUser): string | undefined;
  /** The slot's rule for "unchanged outside Pulumi" on a 412; by default the role case rule. */
  same?(live: string | undefined, expected: string | undefined): boolean;
  /**
   * Whether the user's representation carries the slot (the documented GET body carries no
   * organizationRole, teamRoles or registryRoles; PATCH responses do). When it does not, the role is
   * unknown: a read keeps the recorded one, and a 412 does not count it as changed. Default: always.
   */
  known?(user: ScimUser): boolean;
  /** The write that puts `role` into the slot. */
  grant(role: string): (ifMatch: string | undefined) => Promise<ScimUser>;
  /**
   * Whether the user is still within the slot's scope, from what another listing shows (a team's
   * members, a "no" confirmed by a direct read): a user who left the team holds no role there, even
   * when their representation says nothing and their ETag did not move. Default: always within it.
   */
  inScope?(userId: string): Promise<boolean>;
  /**
   * Whether the user held this place before the operation, beyond being a user it did not create
   * (e.g. a member of the team it did not add): only such a place is adopted as it is. Default: yes.
   */
  heldBefore?(user: ScimUser): Promise<boolean>;
  /** Whether the slot is already given back (destroy has nothing left to do). */
  released: (user: ScimUser) => boolean | Promise<boolean>;
  /** The write that gives the slot back. */
  release: (ifMatch: string | undefined) => Promise<ScimUser>;
}

/** A slot as the skeleton writes it: its access, the input property holding the role, its case rule, and the place it names. */
interface Slot extends SlotAccess {
  field: string;
  same(live: string | undefined, expected: string | undefined): boolean;
  /** The one role place of one user the slot is, e.g. `TeamRoleAssignment/<userId>/research`: what this operation wrote of it. */
  place: string;
}

const show = (role: string | undefined) => (role === undefined ? "none" : `"${role}"`);

/** "No role" as a value the conflict rule compares (no role name is empty). */
const NO_ROLE = "";
const held = (role: string | undefined) => role ?? NO_ROLE;

/**
 * The slot, live, beside the role Pulumi last saw (`expected`) and the one it declares (`declared`;
 * undefined when giving the slot back). A role the representation does not carry is unknown:
 * never changed outside Pulumi, never as declared.
 */
function slotReading(slot: Slot, user: ScimUser, expected: string | undefined, declared: string | undefined): FieldReading {
  if (slot.known?.(user) === false) return { field: slot.field, changedOutside: false, asDeclared: false };
  const live = slot.live(user);
  return valueReading(
    `${slot.field} is now ${show(live)}, Pulumi last saw ${show(expected)}`,
    { seen: held(expected), declared: declared === undefined ? undefined : held(declared), live: held(live) },
    (a, b) => slot.same(a || undefined, b || undefined),
  );
}

/**
 * Writes the slot with `If-Match: etag`. On 412 (or a lost answer) the user is read again: when
 * the slot already holds `role`, that is the result; when it still holds `expected` (another
 * resource touched the user, e.g. a User update or another assignment), the write is retried with
 * the fresh ETag; otherwise it fails naming the role changed outside Pulumi.
 */
function writeRole(operation: Operation, slot: Slot, userId: string, etag: string | undefined, expected: string | undefined, role: string): Promise<ScimUser> {
  operation.directory().roleWritten(slot.place);
  return convergeGuardedByEtag({
    signal: operation.signal,
    what: slot.what,
    etag,
    write: (ifMatch) => slot.grant(role)(ifMatch),
    reread: async () => {
      const user = await liveUser(operation, userId);
      return { live: user, etag: user.etag, readings: [slotReading(slot, user, expected, role)] };
    },
  });
}

/**
 * Gives the slot back (destroy) under the same rule. Success when the user is gone or the slot is
 * already released; a role changed outside Pulumi is never overwritten.
 */
async function releaseRole(
  operation: Operation,
  slot: Slot,
  userId: string,
  etag: string | undefined,
  expected: string | undefined,
  refuse: (user: ScimUser) => void,
): Promise<void> {
  const stillHeld = async (): Promise<ScimUser | undefined> => {
    const user = await operation.directory().userNow(userId);
    return user && !(await slot.released(user)) ? user : undefined;
  };
  // Looked at first: a release written blindly could put back what is gone (a team role's write
  // makes its user join the team again).
  const held = await stillHeld();
  if (!held) return;
  refuse(held);
  operation.directory().roleWritten(slot.place);
  await writeGuardedByEtag({
    signal: operation.signal,
    what: slot.what,
    etag,
    write: async (ifMatch) => {
      try {
        await slot.release(ifMatch);
      } catch (error) {
        if (!isStatus(error, 404)) throw error;
      }
    },
    reread: async () => {
      const user = await stillHeld();
      return user ? { etag: user.etag, changedFields: changedFieldsOf([slotReading(slot, user, expected, undefined)]) } : SETTLED;
    },
  });
}

/**
 * The refusal to guess a role no answer shows: read from its id alone (`static get`, import), an
 * assignment has no recorded role, and W&B's documented GET /Users/{id} carries none.
 */
function roleNotShown(slot: Slot, id: string): Error {
  return new Error(
    `${slot.what} cannot be read from the id "${id}" alone: this W&B service does not show roles when a user is read ` +
      "(its documented GET /Users/{id} has no organizationRole, teamRoles or registryRoles). Say the role in the id " +
      `("${id}/<role>", e.g. "${id}/admin"), or declare the assignment in your program: creating it takes over the ` +
      "role when the user already holds it.",
  );
}

/** Inputs are plain objects with a user reference. */
type Inputs = Record<string, unknown> & { user: string };

export interface RoleAssignmentSpec<I extends Inputs, O extends AssignmentOutputs> {
  /** The resource kind, for messages about its id and its state. */
  kind: ResourceKind;
  inputs: z.ZodType<I>;
  /** The state: `assignmentOutputs` extended with the scope and role properties. */
  state: z.ZodType<O>;
  /** `stateMigrations[v]` brings a state of version v to version v + 1. */
  stateMigrations: readonly Migration[];
  /** How ids look, e.g. "<userId>/teams/<teamName>": the user, then the scope named as its input property. */
  idShape: `<userId>/${string}`;
  /** The input property naming the team or registry; none for the organization role (its scope is ""). */
  scopeField?: Extract<keyof I, string>;
  /** The input property holding the role. */
  roleField: Extract<keyof I, string>;
  /** The kind's table: how the user, the scope and the role compare, and which of them replace the assignment. */
  fields: FieldTable;
  /**
   * The role read back when the user's representation shows none in the slot (the declared role is
   * kept, else this one); without it, such an assignment is gone.
   */
  unheldRole?: string;
  slot(operation: Operation, userId: string, scope: string): SlotAccess;
  /**
   * Why the slot of `user`, holding `held` (as recorded or shown; undefined: not known), must not be
   * given `role` (undefined: giving it back), e.g. a demotion of the user the provider acts as;
   * undefined when it may. Asked before every write of the slot.
   */
  refusal?(operation: Operation, user: ScimUser, role: string | undefined, held: string | undefined): string | undefined;
  /** What check tells the program of the inputs as written, through either front door. */
  warnings?(written: Record<string, unknown>): readonly string[];
}

export function roleAssignment<I extends Inputs, O extends AssignmentOutputs>(spec: RoleAssignmentSpec<I, O>): ResourceImplementation<I, O, Operation> {
  const { scopeField, roleField, fields } = spec;
  // The role's rule (model/identity): predefined roles canonical, a custom role's name exactly.
  const roleRule = valueRule(programRule(fields, roleField).compare);
  const field = (values: object, key: string | undefined) => (key === undefined ? undefined : (values as Record<string, string | undefined>)[key]);
  const roleOf = (values: object) => field(values, roleField);
  const scopeOf = (values: object) => field(values, scopeField) ?? "";
  const same = (a: string | undefined, b: string | undefined) => sameValue(roleRule, a, b);

  const ids = idScheme(spec.kind, spec.idShape);
  const idOf = (userId: string, scope: string) => ids.join({ userId, ...(scopeField === undefined ? {} : { [scopeField]: scope }) });
  const parseId = (id: string) => {
    const values: Record<string, string | undefined> = ids.split(id);
    return { userId: values["userId"] ?? "", scope: scopeField === undefined ? "" : (values[scopeField] ?? "") };
  };

  // W&B's documented GET shows no roles, so an import id may say the role itself: `<id>/<role>`.
  const idsWithRole = idScheme(spec.kind, `${spec.idShape}/<importedRole>`);
  /** The assignment an import id names, with the role it says when it says one. */
  const imported = (id: string): { id: string; role?: string } => {
    try {
      const values: Record<string, string | undefined> = idsWithRole.split(id);
      const scope = scopeField === undefined ? "" : (values[scopeField] ?? "");
      return { id: idOf(values["userId"] ?? "", scope), role: values["importedRole"] ?? "" };
    } catch {
      return { id };
    }
  };

  /** The role an import id says, as `check` would record it (e.g. "Admin" as "admin"). */
  const claimedRole = (userId: string, scope: string, role: string, id: string): string => {
    const parsed = spec.inputs.safeParse(assignment(userId, scope, role));
    if (!parsed.success) throw new Error(`"${id}" is not a ${spec.kind} import id: its role: ${issuesOf(parsed.error)}`);
    return roleOf(parsed.data) ?? role;
  };

  /** Fails, before the write, when the spec refuses to give the slot of `user` that role. */
  function refuseWrite(operation: Operation, slot: Slot, user: ScimUser, role: string | undefined, held: string | undefined): void {
    const refusal = spec.refusal?.(operation, user, role, held);
    if (refusal !== undefined) throw new Error(`${slot.what} (${user.userName}): ${refusal}`);
  }

  function slotOf(operation: Operation, userId: string, scope: string): Slot {
    const access = spec.slot(operation, userId, scope);
    return { ...access, field: roleField, same: access.same ?? same, place: `${spec.kind}/${userId}/${scope}` };
  }

  /**
   * Whether the slot comes with its user's adoption: the user was taken over as W&B holds it in this
   * operation (a User with adoptExisting or importId), and held the place before it (a place this
   * operation neither made nor wrote). Any other create is a declaration of a role, written.
   */
  async function adoptedWithUser(operation: Operation, slot: Slot, user: ScimUser): Promise<boolean> {
    const directory = operation.directory();
    if (!directory.adoptedHere(user.id) || !directory.untouched({ userId: user.id, place: slot.place })) return false;
    return (await slot.heldBefore?.(user)) ?? true;
  }

  /**
   * The slot the user held before, taken over as W&B holds it, without a write: where W&B does not
   * show the role, the declared one, unverified; where it shows another, that one (the next preview
   * shows the declared role as a change). Undefined where the user holds no role there: a grant, written.
   */
  function adopted(inputs: I, user: ScimUser, slot: Slot): O | undefined {
    if (slot.known?.(user) === false) return outputsOf(inputs, user, true);
    const live = slot.live(user);
    if (live === undefined) return undefined;
    return outputsOf(same(live, roleOf(inputs)) ? inputs : { ...inputs, [roleField]: comparable(roleRule, live) }, user);
  }

  /** The assignment's properties in the order of its inputs: user, scope, role. */
  function assignment(user: string, scope: string, role: string): { user: string } & Record<string, string> {
    return { user, ...(scopeField === undefined ? {} : { [scopeField]: scope }), [roleField]: role };
  }

  /** The state: the assignment, the user it resolved to, whether it adopts, and whether its role is unverified (adopted unseen). */
  function outputsOf(inputs: { user: string; adoptExisting?: unknown }, user: Pick<ScimUser, "id" | "etag" | "email">, unverified = false): O {
    return spec.state.parse({
      ...assignment(inputs.user, scopeOf(inputs), roleOf(inputs)!),
      userId: user.id,
      userEmail: identityOf("email", user.email),
      etag: user.etag ?? "",
      ...(inputs.adoptExisting === true ? { adoptExisting: true } : {}),
      ...(unverified ? { roleUnverified: true } : {}),
    });
  }

  /** Where a recorded assignment is: the user and scope in its state, else those in its id (static get). */
  function recorded(id: string, props: Partial<O>): { userId: string; scope: string } {
    const scope = scopeField === undefined ? "" : field(props, scopeField);
    return props.userId && scope !== undefined ? { userId: props.userId, scope } : parseId(id);
  }

  return {
    inputs: spec.inputs,
    state: storedState({
      kind: spec.kind,
      schema: spec.state,
      migrations: spec.stateMigrations,
      adoptAgain: () => "run `pulumi up`, which assigns the role again (a role the user already holds is taken over)",
    }),

    async check(operation, _olds, news) {
      const checked = checkInputs(spec.inputs, news);
      if (!checked.failures?.length) for (const warning of spec.warnings?.(news) ?? []) operation.warn(warning);
      return checked;
    },

    async diff(_operation, _id, olds, news) {
      // Another user (or scope) replaces; the delete goes first so that two references to one user never end with `member`.
      // The same user named another way (email or id) is no change: the reference names the user, nothing is sent.
      const { changed, replaces } = fieldChanges(fields, olds, news);
      return { changes: changed.length > 0, replaces, deleteBeforeReplace: replaces.length > 0 };
    },

    async create(operation, inputs) {
      const listed = await resolveUser(operation, "user", inputs.user);
      const scope = scopeOf(inputs);
      const id = idOf(listed.id, scope);
      const slot = slotOf(operation, listed.id, scope);
      // Adopted with its user, a place the user held before sends no write: a role W&B does not show is recorded as declared.
      const taken = inputs["adoptExisting"] === true && (await adoptedWithUser(operation, slot, listed)) ? adopted(inputs, listed, slot) : undefined;
      if (taken !== undefined) return { id, outs: taken };
      // A role the operation's listing shows as declared is taken over as it is, as every adoption is (by
      // equality, no write). Any other role decides a write: the user is then read as it is now.
      const shownAsDeclared = slot.known?.(listed) !== false && same(slot.live(listed), roleOf(inputs));
      const user = shownAsDeclared ? listed : await liveUser(operation, listed.id);
      // An unknown role is written (the write is idempotent); the 412 rule then compares only what is shown.
      const shown = slot.known?.(user) !== false;
      const current = shown ? slot.live(user) : undefined;
      if (shown && same(current, roleOf(inputs))) return { id, outs: outputsOf(inputs, user) };
      refuseWrite(operation, slot, user, roleOf(inputs), current);
      // Nothing of ours is on the user yet: the 412 rule guards the role as first read.
      const written = await writeRole(operation, slot, user.id, user.etag, current, roleOf(inputs)!);
      return { id, outs: outputsOf(inputs, written) };
    },

    async takenOverAtCreate(operation, inputs) {
      const role = roleOf(inputs);
      // The role every user holds unassigned: an assignment of it holds nothing a delete could take away.
      if (spec.unheldRole !== undefined && same(role, spec.unheldRole)) return undefined;
      const user = listedUser(await operation.directory().users(), inputs.user);
      if (user === undefined) return undefined;
      const slot = slotOf(operation, user.id, scopeOf(inputs));
      // As its create judges it from the same listing: a role shown as declared is taken over as it is.
      return slot.known?.(user) !== false && same(slot.live(user), role) ? `${slot.what} (${user.userName}) is already ${role}` : undefined;
    },

    async read(operation, givenId, props) {
      // Only an id typed by a person (import, static get) may carry a role; a recorded id never does.
      const claim = props?.userId === undefined ? imported(givenId) : { id: givenId };
      const id = claim.id;
      const { userId, scope } = recorded(id, props ?? {});
      const slot = slotOf(operation, userId, scope);
      const declared = roleOf(props ?? {}) ?? (claim.role === undefined ? undefined : claimedRole(userId, scope, claim.role, givenId));
      /** The role `user` shows the slot holds; undefined when the assignment is gone. */
      const held = async (user: ScimUser | undefined): Promise<string | undefined> => {
        if (!user) return undefined;
        if (slot.known?.(user) === false) {
          // Leaving the scope need not move the user's ETag, nor show in its representation.
          if (slot.inScope && !(await slot.inScope(userId))) return undefined;
          if (declared === undefined) throw roleNotShown(slot, id);
          // The representation does not carry the role: unknown, so unchanged.
          return declared;
        }
        const live = slot.live(user);
        // The user left the team (or the registry): the assignment is gone, and `up` assigns the role again.
        if (live === undefined) return spec.unheldRole === undefined ? undefined : (declared ?? spec.unheldRole);
        return declared !== undefined && same(live, declared) ? declared : comparable(roleRule, live);
      };
      // From the operation's listings, trusted for what they show: an assignment they show gone is
      // looked for again in the user read directly (and a scope they say it left, in the team read directly).
      let user = await operation.directory().userById(userId);
      let role = await held(user);
      if (role === undefined) {
        user = await operation.directory().confirmedUser(userId);
        role = await held(user);
      }
      if (user === undefined || role === undefined) return {};
      const inputs = { ...assignment(props?.user ?? userId, scope, role), ...(props?.adoptExisting === true ? { adoptExisting: true } : {}) };
      // An adopted role stays unverified until a read shows it.
      const unverified = props?.roleUnverified === true && slot.known?.(user) === false;
      return recordRead(id, outputsOf(inputs, user, unverified), props, () => inputs as unknown as I);
    },

    async update(operation, id, olds, news) {
      const { userId, scope } = recorded(id, olds);
      if (same(roleOf(olds), roleOf(news))) {
        // Only the form of the user reference changed (e.g. email to id of the same user): nothing to send.
        return { outs: { ...olds, user: news.user, [roleField]: roleOf(news), userId } };
      }
      const slot = slotOf(operation, userId, scope);
      const user = await operation.directory().userById(userId);
      if (user) refuseWrite(operation, slot, user, roleOf(news), roleOf(olds));
      const written = await writeRole(operation, slot, userId, olds.etag, roleOf(olds), roleOf(news)!);
      return { outs: outputsOf(news, written) };
    },

    async delete(operation, id, props) {
      const { userId, scope } = recorded(id, props);
      const slot = slotOf(operation, userId, scope);
      await releaseRole(operation, slot, userId, props.etag, roleOf(props), (user) => refuseWrite(operation, slot, user, undefined, roleOf(props)));
    },
  };
}
