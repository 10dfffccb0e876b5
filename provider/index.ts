// What the engine's provider process loads: each resource kind's check/diff/create/read/update/delete,
// and `configure`, which hands it the stack config. The SDK's provider shim reaches it by package name.
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceKind } from "../api/resource-kinds";
import { ResourceInitError } from "./kit/errors";
import { customRole } from "./resources/custom-role";
import { organizationRoleAssignment } from "./resources/organization-role-assignment";
import { registryRoleAssignment } from "./resources/registry-role-assignment";
import { team } from "./resources/team";
import { teamMember } from "./resources/team-member";
import { teamRoleAssignment } from "./resources/team-role-assignment";
import { user } from "./resources/user";
import { configure } from "./runtime";

export { configure };

export const resources = {
  User: user,
  Team: team,
  TeamMember: teamMember,
  CustomRole: customRole,
  OrganizationRoleAssignment: organizationRoleAssignment,
  TeamRoleAssignment: teamRoleAssignment,
  RegistryRoleAssignment: registryRoleAssignment,
} satisfies Record<ResourceKind, object>;

/** The serialized provider shim, which the engine needs in a resource's outputs to act on it later. */
function providerShimOf(args: unknown[]): unknown {
  const inputs = args.findLast((arg): arg is Record<string, unknown> => typeof arg === "object" && arg !== null);
  return inputs?.["__provider"];
}

/** The single entry point of the serialized provider shim: `method` of `kind`, or `configure`. */
export async function dispatch(kind: ResourceKind, method: string, args: unknown[]): Promise<unknown> {
  if (method === "configure") return configure(args[0] as pulumi.dynamic.ConfigureRequest);
  const implementation = resources[kind] as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const handler = implementation[method];
  if (!handler) throw new Error(`pulumi-wandb: ${kind} has no ${method}; is the installed package older than the program?`);
  try {
    return await handler.apply(implementation, args);
  } catch (error) {
    // A half-made resource keeps the shim in its outputs, so that refresh and destroy can load it.
    if (error instanceof ResourceInitError) error.properties["__provider"] ??= providerShimOf(args);
    throw error;
  }
}
