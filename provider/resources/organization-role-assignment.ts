import { z } from "zod";
import type { ScimUser } from "../client";
import { checkInputs, type ResourceImplementation } from "../resource-kit";
import { clients } from "../runtime";
import {
  canonicalRole,
  namesRecordedUser,
  parseAssignmentId,
  releaseRole,
  resolveUser,
  type RoleSlot,
  roleNameInput,
  sameRole,
  sameUserReference,
  userReferenceInput,
  writeRole,
} from "./user-reference";

const PREDEFINED = ["admin", "member", "viewer"] as const;
const ROLE_HINT = '"admin", "member" or the name of a custom role of the organization';

export const organizationRoleAssignmentInputs = z
  .object({
    user: userReferenceInput,
    // `viewer` is deprecated as an organization role: the service assigns `member`, so that is what is stored.
    role: roleNameInput("role", ROLE_HINT).transform((name) => {
      const role = canonicalRole(name, PREDEFINED);
      return role === "viewer" ? "member" : role;
    }),
  })
  .strict();

export type OrganizationRoleAssignmentInputs = z.output<typeof organizationRoleAssignmentInputs>;

export interface OrganizationRoleAssignmentOutputs extends OrganizationRoleAssignmentInputs {
  /** The SCIM id the user reference resolved to at create. */
  userId: string;
  /** The user's ETag as last read; the next write is conditional on it. */
  etag: string;
}

const SUFFIX = "/organization";

export const organizationAssignmentId = (userId: string) => `${userId}${SUFFIX}`;

function userIdOf(id: string): string {
  return parseAssignmentId(id, "OrganizationRoleAssignment", SUFFIX, "<user SCIM id>/organization").userId;
}

function slotOf(userId: string): RoleSlot {
  return {
    what: `the organization role of user ${userId}`,
    field: "role",
    live: (user) => user.organizationRole,
    // A user representation without organizationRole tells nothing: it counts as unchanged.
    same: (live, expected) => live === undefined || sameRole(live, expected, PREDEFINED),
  };
}

function patchRole(userId: string, role: string) {
  return (ifMatch: string | undefined) =>
    clients().scim.patchUser(userId, [{ op: "replace", path: "organizationRole", value: role }], { ifMatch });
}

function outputsOf(inputs: OrganizationRoleAssignmentInputs, user: Pick<ScimUser, "id" | "etag">): OrganizationRoleAssignmentOutputs {
  return { user: inputs.user, role: inputs.role, userId: user.id, etag: user.etag ?? "" };
}

export const organizationRoleAssignment: ResourceImplementation<OrganizationRoleAssignmentInputs, OrganizationRoleAssignmentOutputs> = {
  async check(_olds, news) {
    return checkInputs(organizationRoleAssignmentInputs, news);
  },

  async diff(_id, olds, news) {
    // Another user replaces; the delete goes first so that two references to one user never end with `member`.
    const replaces = namesRecordedUser(news.user, olds) ? [] : ["user"];
    const changes = replaces.length > 0 || !sameUserReference(news.user, olds.user) || !sameRole(olds.role, news.role, PREDEFINED);
    return { changes, replaces, deleteBeforeReplace: replaces.length > 0 };
  },

  async create(inputs) {
    const user = await resolveUser(inputs.user);
    const slot = slotOf(user.id);
    if (user.organizationRole !== undefined && sameRole(user.organizationRole, inputs.role, PREDEFINED)) {
      return { id: organizationAssignmentId(user.id), outs: outputsOf(inputs, user) };
    }
    // Nothing of ours is on the user yet: the 412 rule guards the role as first read.
    const written = await writeRole(slot, user.id, user.etag, user.organizationRole, patchRole(user.id, inputs.role));
    return { id: organizationAssignmentId(user.id), outs: outputsOf(inputs, written) };
  },

  async read(id, props) {
    const userId = userIdOf(id);
    const result = await clients().scim.getUser(userId, { ifNoneMatch: props.etag || undefined });
    if (result.status === "not-modified") return { id, props };
    if (result.status === "not-found") return {};
    const live = result.user.organizationRole;
    const declared = props.role;
    const role =
      live === undefined ? (declared ?? "member") : declared !== undefined && sameRole(live, declared, PREDEFINED) ? declared : canonicalRole(live, PREDEFINED);
    const inputs = { user: props.user ?? userId, role };
    return { id, props: outputsOf(inputs, result.user), inputs };
  },

  async update(id, olds, news) {
    const userId = olds.userId || userIdOf(id);
    if (sameRole(olds.role, news.role, PREDEFINED)) {
      // Only the form of the user reference changed (e.g. email to id of the same user): nothing to send.
      return { outs: { ...olds, user: news.user, role: news.role, userId } };
    }
    const written = await writeRole(slotOf(userId), userId, olds.etag, olds.role, patchRole(userId, news.role));
    return { outs: outputsOf(news, written) };
  },

  async delete(id, props) {
    const userId = props.userId || userIdOf(id);
    await releaseRole(
      slotOf(userId),
      userId,
      props.etag,
      props.role,
      (user) => sameRole(user.organizationRole, "member", PREDEFINED),
      patchRole(userId, "member"),
    );
  },
};
