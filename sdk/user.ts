import * as pulumi from "@pulumi/pulumi";
import { everyOutput } from "./outputs";
import { providerShim } from "./provider-shim";

/** Predefined role names, case-insensitive; `viewer` is deprecated (the service assigns `member`). */
export type OrganizationRoleName = "admin" | "member" | "viewer";

export interface UserArgs {
  /**
   * The user's W&B username. W&B treats usernames case-insensitively; it cannot be changed in
   * place, so a change replaces the user (the old one is removed first).
   */
  userName: pulumi.Input<string>;
  /** The user's primary email address (compared case-insensitively). */
  email: pulumi.Input<string>;
  /**
   * The name shown for the user. When omitted, it is not managed by this resource.
   * Cannot be changed on the multi-tenant cloud (`saas`) once the user exists.
   */
  displayName?: pulumi.Input<string>;
  /**
   * Whether the user is active. `false` deactivates the user (dedicated cloud and self-managed;
   * not offered on the multi-tenant cloud, where deactivation removes the user for good).
   * @default true
   */
  active?: pulumi.Input<boolean>;
  /**
   * The user's organization role: `admin` or `member` (case-insensitive). `viewer` is accepted but
   * deprecated: W&B assigns `member` instead, which is what is stored. When omitted, the
   * organization role is not managed by this resource (e.g. leave it to an `OrganizationRoleAssignment`).
   */
  organizationRole?: pulumi.Input<OrganizationRoleName | (string & {})>;
  /**
   * Names of the teams the user is in: exactly these, the user is added to and removed from teams
   * to match. Required (at least one) to create a user on the multi-tenant cloud (`saas`), where
   * users join the organization through teams. When omitted, team membership is not managed by
   * this resource. The user's role in each team is left to `TeamRoleAssignment`.
   */
  teams?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * When a user with this userName already exists: `false` fails with a hint, `true` takes it over
   * and converges it to this definition. With `importId`, one of the ways to bring existing users
   * under code (`pulumi import` does not work for dynamic resources).
   * @default false
   */
  adoptExisting?: pulumi.Input<boolean>;
  /**
   * The SCIM id of an existing user to adopt (and converge) instead of creating one; its userName
   * must match `userName`. Find ids with `getUser`/`getUsers`.
   */
  importId?: pulumi.Input<string>;
  /**
   * What removing the resource does: `delete` deletes the user from the organization,
   * `deactivate` keeps the user but deactivates it (dedicated cloud and self-managed only).
   * @default "delete"
   */
  deletionPolicy?: pulumi.Input<"delete" | "deactivate">;
}

/** Every output of the resource, in the order of its declarations. */
const OUTPUTS = ["userName", "email", "displayName", "active", "organizationRole", "teams", "adoptExisting", "importId", "deletionPolicy", "etag", "createdAt", "teamRoles", "registryRoles"] as const;

/**
 * A user of the W&B organization (SCIM `/Users`), with its primary email, display name,
 * active state, organization role and team membership. Roles in teams and registries are
 * shown read-only (`teamRoles`, `registryRoles`) and managed with the role assignment resources.
 *
 * @example
 * const jane = new wandb.User("jane", {
 *   userName: "jdoe",
 *   email: "jane.doe@example.com",
 *   displayName: "Jane Doe",
 *   organizationRole: "member",
 *   teams: ["ml-research"],
 * });
 * export const janeId = jane.id;
 */
export class User extends pulumi.dynamic.Resource {
  /** The W&B username, as W&B spells it. */
  declare readonly userName: pulumi.Output<string>;
  /** The primary email, as W&B stores it. */
  declare readonly email: pulumi.Output<string>;
  /** The display name; undefined when not managed by this resource. */
  declare readonly displayName: pulumi.Output<string | undefined>;
  /** @default true */
  declare readonly active: pulumi.Output<boolean>;
  /** The organization role (`admin`, `member`, or a custom role set elsewhere); undefined when not managed. */
  declare readonly organizationRole: pulumi.Output<string | undefined>;
  /** The teams the user is in, sorted; undefined when membership is not managed by this resource. */
  declare readonly teams: pulumi.Output<string[] | undefined>;
  /** @default false */
  declare readonly adoptExisting: pulumi.Output<boolean>;
  /** The SCIM id the user was adopted from, if any. */
  declare readonly importId: pulumi.Output<string | undefined>;
  /** @default "delete" */
  declare readonly deletionPolicy: pulumi.Output<"delete" | "deactivate">;
  /** The ETag of the user as last read; the next write is conditional on it. */
  declare readonly etag: pulumi.Output<string>;
  /** When the user was created (ISO 8601, from `meta.created`); "" when unknown. */
  declare readonly createdAt: pulumi.Output<string>;
  /** Read-only: the user's teams and its role in each. Never causes a diff. */
  declare readonly teamRoles: pulumi.Output<{ teamName: string; roleName: string }[]>;
  /** Read-only: the user's registry roles. Never causes a diff. */
  declare readonly registryRoles: pulumi.Output<{ registryName: string; roleName: string }[]>;

  constructor(name: string, args: UserArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      providerShim("User", name, args),
      name,
      everyOutput(OUTPUTS, args),
      opts,
      "wandb",
      "User",
    );
    const role = args?.organizationRole;
    if (typeof role === "string" && role.trim().toLowerCase() === "viewer") {
      pulumi.log.warn(
        `organizationRole "viewer" is deprecated: W&B assigns "member" instead, which is what this User stores. Set organizationRole: "member".`,
        this,
      );
    }
  }

  /** Reads an existing user by its SCIM id, without managing it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): User {
    return new User(name, {} as UserArgs, { ...opts, id });
  }
}
