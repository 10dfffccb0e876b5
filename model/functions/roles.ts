// getCustomRole: one custom role of the organization, by name.
import { z } from "zod";
import type { ScimRole } from "../../service";
import { nonEmptyText } from "./arguments";
import { defineFunction } from "./define";
import { findByName, sortedBy } from "./match";

export const getCustomRoleArgsSchema = z.object({
  name: nonEmptyText("name").meta({ description: "The role's exact name. Custom role names are case-sensitive." }),
});

export const customRoleSchema = z
  .strictObject({
    id: z.string().meta({ description: "The SCIM id." }),
    name: z.string().meta({ description: "The role's name." }),
    description: z.string().meta({ description: "What the role is for." }),
    inheritedFrom: z.string().meta({ description: "The predefined role it extends: `member` or `viewer`." }),
    permissions: z.array(z.string()).meta({ description: "The permissions the role adds, sorted." }),
    inheritedPermissions: z.array(z.string()).meta({ description: "The permissions it has from `inheritedFrom`, sorted." }),
  })
  .meta({ id: "CustomRoleInfo", description: "A custom role of the organization." });

type CustomRole = z.output<typeof customRoleSchema>;

export const getCustomRoleFunction = defineFunction({
  name: "getCustomRole",
  description:
    "Finds one custom role of the organization by its exact, case-sensitive name. SCIM `/Roles` has no filter, so the roles " +
    "are listed and matched here. A name that matches only ignoring case is an error that says \"did you mean\"; more than one " +
    "match is an error, never a silent pick. Predefined roles (`admin`, `member`, `viewer`) are not custom roles and are not found.",
  args: getCustomRoleArgsSchema,
  result: customRoleSchema,
  lookup: async ({ name }, access) => {
    const { client, where } = await access.scim();
    const roles = await client.listRoles();
    const match = findByName(roles, {
      function: "getCustomRole",
      identity: "customRoleName",
      noun: "custom role",
      value: name,
      where,
      notFoundHint:
        "Predefined roles (admin, member, viewer) are not custom roles; custom roles are made with the CustomRole resource or in the W&B app.",
    });
    return toRole(match);
  },
});

function toRole(role: ScimRole): CustomRole {
  const sorted = (names: string[]) => sortedBy([...new Set(names)], (n) => n);
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    inheritedFrom: role.inheritedFrom,
    permissions: sorted(role.permissions),
    inheritedPermissions: sorted(role.inheritedPermissions),
  };
}
