// The CustomRole resource: what it is for, the inputs a program passes (as `check` judges them) and its state.
import { z } from "zod";
import { createSetting, serviceField, type FieldTable } from "./fields";
import { isPredefinedRole, RESERVED_ROLE_NAMES } from "../vocabulary";
import { adoptExisting, adoptedAtCheck, permissionName, predefinedBaseRole, printable } from "./pieces";

export const customRoleDescription =
  "A custom role of the organization (SCIM `/Roles`). Assign it with `OrganizationRoleAssignment` or `TeamRoleAssignment`. " +
  "Deleting it moves every holder to the role it inherits from.";

/** How an existing one is brought under Pulumi: `pulumi import` and its id. */
export const customRoleImport =
  "An existing custom role, by its SCIM id (`getCustomRole` finds it).\n\n" +
  "```sh\n$ pulumi import wandb:index:CustomRole run-operator <roleId>\n```";

export const customRoleInputs = z
  .object({
    name: z
      .string({ error: 'name is required: the custom role\'s name, e.g. "Run operator"' })
      .trim()
      .min(1, 'name must not be empty: give the custom role a name, e.g. "Run operator"')
      .refine(...printable("name"))
      .refine(
        (name) => !isPredefinedRole(name, RESERVED_ROLE_NAMES),
        `name must not be that of a predefined role (${RESERVED_ROLE_NAMES.join(", ")}, in any case): predefined roles cannot be redefined; choose another name for the custom role, e.g. "Run operator"`,
      )
      .meta({ description: "The role's name, unique in the organization. Custom role names are case-sensitive." }),
    description: z
      .string({ error: "description must be a string" })
      .default("")
      .meta({ description: "What the role is for. Defaults to the empty string." }),
    inheritedFrom: predefinedBaseRole,
    permissions: z
      .array(permissionName, { error: 'permissions must be a list of "<object>:<operation>" names, e.g. ["run:stop"]' })
      .transform((names) => [...new Set(names)].sort())
      .meta({
        description:
          "Permissions added to the inherited ones, as `<object>:<operation>` names such as `run:stop`. A set: order and " +
          "duplicates do not matter. A name W&B does not document is warned about at preview (W&B publishes no complete " +
          "list); the service refuses one that does not exist.",
      }),
    adoptExisting: adoptExisting.meta({
      description:
        "When a role with this name already exists: `false` fails with a hint, `true` takes it over and converges it to " +
        "this definition. Defaults to `false`.",
    }),
    adopted: adoptedAtCheck("custom role", "name"),
  })
  .strict();

export type CustomRoleInputs = z.output<typeof customRoleInputs>;

export const customRoleOutputs = z.object({
  name: z.string(),
  description: z.string(),
  /** As the service reports it: a role made outside Pulumi may name another base. */
  inheritedFrom: z.string(),
  permissions: z.array(z.string()),
  /** Permissions the role has from `inheritedFrom`, as the service reports them. */
  inheritedPermissions: z.array(z.string()).meta({ description: "Permissions the role has from `inheritedFrom`, sorted." }),
  adoptExisting: z.boolean(),
  etag: z.string().meta({ description: "The ETag of the role as last read; the next write is conditional on it." }),
});

export type CustomRoleOutputs = z.output<typeof customRoleOutputs>;

export const customRoleFields = {
  name: { owner: "program", compare: "customRoleName", write: "put", replaces: false, naturalKey: true },
  description: { owner: "program", compare: "exact", write: "put", replaces: false },
  inheritedFrom: { owner: "program", compare: "baseRole", write: "put", replaces: false },
  // Those the role carries itself: the provider leaves out the ones its base role grants.
  permissions: { owner: "program", compare: { set: "exact" }, write: { patch: "add", path: "permissions" }, replaces: false },
  adoptExisting: createSetting,
  inheritedPermissions: serviceField,
  etag: serviceField,
} as const satisfies FieldTable<keyof CustomRoleOutputs>;
