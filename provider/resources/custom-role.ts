import type { PatchOperation, ScimRole } from "../../service";
import { sameSet } from "../kit/compare";
import { changedFieldsOf, convergeGuardedByEtag, recordRead, SETTLED, setReading, valueReading, writeGuardedByEtag, type FieldReading } from "../kit/conflict";
import { isStatus, requireFound, ResourceInitError } from "../kit/errors";
import { createOrTakeOver, leftAsItIs, takenOver, type Claim } from "../kit/takeover";
import { type ResourceImplementation } from "../kit/implementation";
import { predefinedBaseRole } from "../../model/shapes/pieces";
import { customRoleFields, customRoleInputs, customRoleOutputs, type CustomRoleInputs, type CustomRoleOutputs } from "../../model/shapes/custom-role";
import { sameOf } from "../../model/shapes/fields";
import { fieldChanges } from "../kit/field-changes";
import { checkInputs } from "../kit/inputs";
import { undocumentedPermissionWarnings } from "../../model/undocumented-permissions";
import { detailed, propertyChanges } from "../kit/difference";
import { reportSetChange, setChange, type SetChange } from "../kit/set-change";
import { recordedBeforeVersioning, storedState } from "../kit/state";
import type { Operation } from "../operation";

export type { CustomRoleInputs, CustomRoleOutputs };


function outputsOf(role: ScimRole, inputs: Partial<Pick<CustomRoleInputs, "adoptExisting">>): CustomRoleOutputs {
  return {
    name: role.name,
    description: role.description,
    inheritedFrom: role.inheritedFrom,
    permissions: [...role.permissions].sort(),
    inheritedPermissions: [...role.inheritedPermissions].sort(),
    adoptExisting: inputs.adoptExisting ?? false,
    etag: role.etag ?? "",
  };
}

type RoleDefinition = Pick<ScimRole, "name" | "description" | "inheritedFrom" | "permissions">;

/** What a refresh makes the inputs, so that the next preview shows drift field by field. */
function liveInputs(outs: CustomRoleOutputs): CustomRoleInputs {
  const { inheritedPermissions: _inherited, etag: _etag, ...declared } = outs;
  return { ...declared, inheritedFrom: predefinedBaseRole.parse(declared.inheritedFrom) };
}

/** The fields a PUT restates; the permissions change by PATCH. */
const DEFINITION_FIELDS = ["name", "description", "inheritedFrom"] as const;

function definitionFieldsChanged(seen: Omit<RoleDefinition, "permissions">, live: Omit<RoleDefinition, "permissions">): string[] {
  return fieldChanges(customRoleFields, seen, live, { only: DEFINITION_FIELDS }).changed;
}

function ownedFieldsChanged(seen: RoleDefinition, live: RoleDefinition): string[] {
  return fieldChanges(customRoleFields, seen, live).changed;
}

/**
 * The owned fields of the live role beside what we last saw and what is declared; declared
 * permissions are those the role carries itself (its base role grants the others).
 */
function ownedFieldReadings(seen: RoleDefinition, declared: CustomRoleInputs | undefined, live: ScimRole): FieldReading[] {
  return [
    ...DEFINITION_FIELDS.map((field) =>
      valueReading(field, { seen: seen[field], declared: declared?.[field], live: live[field] }, sameOf(customRoleFields[field])),
    ),
    setReading("permissions", {
      seen: seen.permissions,
      declared: declared && customPermissions(declared.permissions, live.inheritedPermissions),
      live: live.permissions,
    }),
  ];
}

async function liveRole(operation: Operation, id: string): Promise<ScimRole> {
  return requireFound(await operation.directory().roleNow(id), `custom role ${id}`);
}

/** The PATCH operations that add and remove the permissions `change` names. */
function permissionOperations({ added, removed }: SetChange): PatchOperation[] {
  const named = (permissions: string[]) => permissions.map((name) => ({ name }));
  return [
    ...(added.length > 0 ? [{ op: "add" as const, path: "permissions", value: named(added) }] : []),
    ...(removed.length > 0 ? [{ op: "remove" as const, path: "permissions", value: named(removed) }] : []),
  ];
}

/** The declared permissions the role must carry itself: those its base role does not grant. */
function customPermissions(declared: readonly string[], inherited: readonly string[]): string[] {
  return declared.filter((name) => !inherited.includes(name));
}

/**
 * Converges a role to the declared definition. Name, description and inheritedFrom change by PUT,
 * which restates the permissions; whatever PUT left different (the docs disagree on whether PUT
 * replaces permissions) is then set by PATCH add/remove of the difference, right under both readings.
 */
async function converge(
  operation: Operation,
  id: string,
  seen: CustomRoleOutputs,
  desired: CustomRoleInputs,
  /** The role as just listed, when the caller has it: returned as it is when nothing is written (saves a GET). */
  known?: ScimRole,
): Promise<ScimRole> {
  const guarded = (last: RoleDefinition, etag: string | undefined, write: (ifMatch: string | undefined) => Promise<ScimRole>) =>
    convergeGuardedByEtag({
      signal: operation.signal,
      what: `custom role "${last.name}"`,
      etag,
      write,
      reread: async () => {
        const live = await liveRole(operation, id);
        return { live, etag: live.etag, readings: ownedFieldReadings(last, desired, live) };
      },
    });
  let role: ScimRole | undefined;
  let live: RoleDefinition & Pick<ScimRole, "inheritedPermissions" | "etag"> = seen;
  if (definitionFieldsChanged(seen, desired).length > 0) {
    const definition = definitionOf(desired);
    role = await guarded(live, live.etag || undefined, (ifMatch) => operation.directory().replaceRole(id, definition, { ifMatch }));
    live = role;
  }
  const operations = permissionOperations(setChange(live.permissions, customPermissions(desired.permissions, live.inheritedPermissions)));
  if (operations.length) {
    role = await guarded(live, live.etag || undefined, (ifMatch) => operation.directory().patchRole(id, operations, { ifMatch }));
  }
  return role ?? known ?? (await liveRole(operation, id));
}

function definitionOf(inputs: CustomRoleInputs): RoleDefinition {
  return { name: inputs.name, description: inputs.description, inheritedFrom: inputs.inheritedFrom, permissions: inputs.permissions };
}

/** How an existing role with the declared name stands to the declaration: ours only when equal in every owned field. */
function claimOf(existing: ScimRole, inputs: CustomRoleInputs): Claim {
  const differing = ownedFieldsChanged(existing, { ...definitionOf(inputs), permissions: customPermissions(inputs.permissions, existing.inheritedPermissions) });
  return differing.length === 0 ? { kind: "as-declared", found: "with the declared description, base role and permissions" } : { kind: "not-ours", differing };
}

export const customRole: ResourceImplementation<CustomRoleInputs, CustomRoleOutputs, Operation> = {
  inputs: customRoleInputs,
  state: storedState({
    kind: "CustomRole",
    schema: customRoleOutputs,
    migrations: [recordedBeforeVersioning],
    adoptAgain: () => "set `adoptExisting: true` on the CustomRole (it adopts the role by its name) and run `pulumi up`",
  }),

  async check(operation, _olds, news) {
    const checked = checkInputs(customRoleInputs, news);
    // Told where the user reads the preview, through either front door (kit/engine-output).
    if (checked.failures?.length) return checked;
    for (const warning of undocumentedPermissionWarnings(checked.inputs?.permissions ?? [])) operation.warn(warning);
    return checked;
  },

  async diff(operation, _id, olds, news) {
    // Every field can change in place; custom role names compare case-sensitively.
    const declared = { ...news, permissions: customPermissions(news.permissions, olds.inheritedPermissions) };
    const { changed, sets } = fieldChanges(customRoleFields, olds, declared);
    if (sets.permissions !== undefined) reportSetChange(operation, "permissions", `custom role "${olds.name}"`, sets.permissions);
    return { changes: changed.length > 0, ...detailed(propertyChanges(olds, news, changed, sets)) };
  },

  async create(operation, inputs) {
    if (inputs.adoptExisting) {
      const existing = await operation.directory().roleNamed(inputs.name);
      if (existing) {
        const role = await converge(operation, existing.id, outputsOf(existing, inputs), inputs, existing);
        return { id: role.id, outs: outputsOf(role, inputs) };
      }
    }
    const { object: role } = await createOrTakeOver<ScimRole>(operation, {
      what: `custom role "${inputs.name}"`,
      post: () => operation.directory().createRole(definitionOf(inputs)),
      find: () => operation.directory().roleNamedNow(inputs.name),
      claim: (existing) => claimOf(existing, inputs),
      refuse: (conflict, differing) =>
        new Error(
          `${isStatus(conflict, 409) ? conflict.message : `A custom role named "${inputs.name}" already exists.`} ` +
            `Set \`adoptExisting: true\` to take it over, or choose another name.${leftAsItIs(differing)}`,
        ),
    });
    if (sameSet(role.permissions, customPermissions(inputs.permissions, role.inheritedPermissions))) {
      return { id: role.id, outs: outputsOf(role, inputs) };
    }
    try {
      const converged = await converge(operation, role.id, outputsOf(role, inputs), inputs);
      return { id: role.id, outs: outputsOf(converged, inputs) };
    } catch (error) {
      // The recorded outputs must carry the serialized provider, as the outputs of a successful create
      // do: the engine hands them back to read (refresh) and delete, which load the provider from them.
      throw new ResourceInitError(role.id, { ...outputsOf(role, inputs) }, error);
    }
  },

  async takenOverAtCreate(operation, inputs) {
    const existing = (await operation.directory().roles()).named(inputs.name);
    return takenOver(existing, inputs.adoptExisting, (found) => claimOf(found, inputs));
  },

  async heldAtCreate(operation, inputs) {
    return (await operation.directory().roles()).named(inputs.name) !== undefined;
  },

  async read(operation, id, props) {
    // From the operation's one listing of /Roles; a role it does not show is read directly before it counts as gone.
    const live = await operation.directory().role(id);
    if (!live) return {};
    return recordRead(id, outputsOf(live, props ?? {}), props, liveInputs);
  },

  async update(operation, id, olds, news) {
    const role = await converge(operation, id, olds, news);
    return { outs: outputsOf(role, news) };
  },

  async delete(operation, id, props) {
    // Under the rule of every write: a role changed outside Pulumi since it was last read is not deleted.
    await writeGuardedByEtag({
      signal: operation.signal,
      what: `custom role "${props.name ?? id}"`,
      etag: props.etag || undefined,
      write: (ifMatch) => operation.directory().deleteRole(id, { ifMatch }),
      reread: async () => {
        const live = await operation.directory().roleNow(id);
        if (!live) return SETTLED;
        // A removal declares none of the fields: each is judged against what Pulumi last saw.
        return { etag: live.etag, changedFields: changedFieldsOf(ownedFieldReadings(props, undefined, live)) };
      },
    });
  },
};
