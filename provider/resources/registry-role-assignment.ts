import { z } from "zod";
import { valuePath, type ScimUser } from "../client";
import { checkInputs, isStatus, type ResourceImplementation } from "../resource-kit";
import { clients } from "../runtime";
import {
  canonicalRole,
  namesRecordedUser,
  parseAssignmentId,
  releaseRole,
  resolveUser,
  type RoleSlot,
  sameRole,
  sameUserReference,
  userReferenceInput,
  writeRole,
} from "./user-reference";

/** Registry roles are all predefined, so they all compare case-insensitively. */
export const REGISTRY_ROLES = ["admin", "member", "viewer", "restricted viewer"] as const;
const ROLE_HINT = '"admin", "member", "viewer" or "restricted viewer"';

export const registryRoleAssignmentInputs = z
  .object({
    user: userReferenceInput,
    registryName: z
      .string({ error: "registryName is required: the name of the registry, e.g. \"models\"" })
      .trim()
      .min(1, "registryName must not be empty: give the name of the registry"),
    roleName: z
      .string({ error: `roleName is required: ${ROLE_HINT}` })
      .transform((name) => canonicalRole(name, REGISTRY_ROLES))
      .pipe(z.enum(REGISTRY_ROLES, { error: `roleName must be ${ROLE_HINT} (case-insensitive)` })),
  })
  .strict();

export type RegistryRoleAssignmentInputs = z.output<typeof registryRoleAssignmentInputs>;

export interface RegistryRoleAssignmentOutputs extends Omit<RegistryRoleAssignmentInputs, "roleName"> {
  /** As the service reports it, in lower case. */
  roleName: string;
  /** The SCIM id the user reference resolved to at create. */
  userId: string;
  /** The user's ETag as last read; the next write is conditional on it. */
  etag: string;
}

const SEPARATOR = "/registries/";

export const registryAssignmentId = (userId: string, registryName: string) => `${userId}${SEPARATOR}${registryName}`;

function parseId(id: string): { userId: string; registryName: string } {
  const { userId, scope } = parseAssignmentId(id, "RegistryRoleAssignment", SEPARATOR, "<user SCIM id>/registries/<registry name>");
  return { userId, registryName: scope };
}

const roleIn = (user: ScimUser, registryName: string) =>
  user.registryRoles.find((entry) => entry.registryName === registryName)?.roleName;

function slotOf(userId: string, registryName: string): RoleSlot {
  return {
    what: `the role of user ${userId} in registry "${registryName}"`,
    field: "roleName",
    live: (user) => roleIn(user, registryName),
    same: (live, expected) => sameRole(live, expected, REGISTRY_ROLES),
  };
}

/**
 * The docs name both `add` (parameter list) and `replace` (sample body) for granting a registry
 * role. `add` goes first; a 400 to it is answered by trying `replace` once.
 */
function grant(userId: string, registryName: string, roleName: string) {
  return async (ifMatch: string | undefined) => {
    const scim = clients().scim;
    const value = [{ roleName, registryName }];
    try {
      return await scim.patchUser(userId, [{ op: "add", path: "registryRoles", value }], { ifMatch });
    } catch (error) {
      if (!isStatus(error, 400)) throw error;
      return scim.patchUser(userId, [{ op: "replace", path: "registryRoles", value }], { ifMatch });
    }
  };
}

function revoke(userId: string, registryName: string) {
  return (ifMatch: string | undefined) =>
    clients().scim.patchUser(userId, [{ op: "remove", path: valuePath("registryRoles", "registryName", registryName) }], { ifMatch });
}

function outputsOf(
  inputs: Pick<RegistryRoleAssignmentOutputs, "user" | "registryName" | "roleName">,
  user: Pick<ScimUser, "id" | "etag">,
): RegistryRoleAssignmentOutputs {
  return { user: inputs.user, registryName: inputs.registryName, roleName: inputs.roleName, userId: user.id, etag: user.etag ?? "" };
}

export const registryRoleAssignment: ResourceImplementation<RegistryRoleAssignmentInputs, RegistryRoleAssignmentOutputs> = {
  async check(_olds, news) {
    return checkInputs(registryRoleAssignmentInputs, news);
  },

  async diff(_id, olds, news) {
    const replaces = [
      ...(namesRecordedUser(news.user, olds) ? [] : ["user"]),
      ...(news.registryName === olds.registryName ? [] : ["registryName"]),
    ];
    const changes =
      replaces.length > 0 || !sameUserReference(news.user, olds.user) || !sameRole(olds.roleName, news.roleName, REGISTRY_ROLES);
    return { changes, replaces, deleteBeforeReplace: replaces.length > 0 };
  },

  async create(inputs) {
    const user = await resolveUser(inputs.user);
    const id = registryAssignmentId(user.id, inputs.registryName);
    const current = roleIn(user, inputs.registryName);
    if (sameRole(current, inputs.roleName, REGISTRY_ROLES)) return { id, outs: outputsOf(inputs, user) };
    const slot = slotOf(user.id, inputs.registryName);
    const written = await writeRole(slot, user.id, user.etag, current, grant(user.id, inputs.registryName, inputs.roleName));
    return { id, outs: outputsOf(inputs, written) };
  },

  async read(id, props) {
    const { userId, registryName } = parseId(id);
    const result = await clients().scim.getUser(userId, { ifNoneMatch: props.etag || undefined });
    if (result.status === "not-modified") return { id, props };
    if (result.status === "not-found") return {};
    const live = roleIn(result.user, registryName);
    // The user was removed from the registry: the assignment is gone, and `up` grants the role again.
    if (live === undefined) return {};
    const declared = props.roleName;
    const roleName = declared !== undefined && sameRole(live, declared, REGISTRY_ROLES) ? declared : canonicalRole(live, REGISTRY_ROLES);
    const outs = outputsOf({ user: props.user ?? userId, registryName, roleName }, result.user);
    return { id, props: outs, inputs: { user: outs.user, registryName, roleName: roleName as RegistryRoleAssignmentInputs["roleName"] } };
  },

  async update(id, olds, news) {
    const userId = olds.userId || parseId(id).userId;
    if (sameRole(olds.roleName, news.roleName, REGISTRY_ROLES)) {
      return { outs: { ...olds, user: news.user, roleName: news.roleName, userId } };
    }
    const slot = slotOf(userId, olds.registryName);
    const written = await writeRole(slot, userId, olds.etag, olds.roleName, grant(userId, olds.registryName, news.roleName));
    return { outs: outputsOf(news, written) };
  },

  async delete(id, props) {
    const parsed = parseId(id);
    const userId = props.userId || parsed.userId;
    const registryName = props.registryName ?? parsed.registryName;
    await releaseRole(
      slotOf(userId, registryName),
      userId,
      props.etag,
      props.roleName,
      (user) => roleIn(user, registryName) === undefined,
      revoke(userId, registryName),
    );
  },
};
