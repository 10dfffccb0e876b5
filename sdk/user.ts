import * as pulumi from "@pulumi/pulumi";
import { userOutputs } from "../model/shapes/user";
import { everyOutput } from "./outputs";
import { providerShim } from "./provider-shim";
import { noticeRename } from "../program/rename-notice";
import { refuseHeldEmail } from "./held-email";
import { DYNAMIC_MODULE } from "../model/tokens";
import type { UserArgs, UserOutputs } from "./types/resources";

export type { UserArgs };

/** Its outputs: every property of its state. */
export interface User extends UserOutputs {}

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
  constructor(name: string, args: UserArgs, opts?: pulumi.CustomResourceOptions) {
    super(providerShim("User", name, args), name, everyOutput(userOutputs, args), opts, DYNAMIC_MODULE, "User");
    noticeRename(this, "User", args, opts);
    refuseHeldEmail(this, name, args, opts);
  }

  /** Reads an existing user by its SCIM id, without managing it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): User {
    return new User(name, {} as UserArgs, { ...opts, id });
  }
}
