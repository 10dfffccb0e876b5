import * as pulumi from "@pulumi/pulumi";
import { organizationMembersOutputs } from "../model/shapes/organization-members";
import { everyOutput } from "./outputs";
import { providerShim } from "./provider-shim";
import { DYNAMIC_MODULE } from "../model/tokens";
import type { OrganizationMembersArgs, OrganizationMembersOutputs } from "./types/resources";

export type { OrganizationMembersArgs };

/** Its outputs: every property of its state. */
export interface OrganizationMembers extends OrganizationMembersOutputs {}

/**
 * Many users of the W&B organization in one resource, keyed by userName: each person declares
 * what a `User` does and is created, updated, adopted and removed as a `User` would be, under its
 * own ETag. The engine counts one resource whatever the number of people. Declare each person once:
 * here or as a `User`, not both.
 *
 * @example
 * const people = new wandb.OrganizationMembers("people", {
 *   members: {
 *     jdoe: { email: "jane.doe@example.com", displayName: "Jane Doe", organizationRole: "member" },
 *     ana: { email: "ana@example.com", organizationRole: "admin", teams: ["ml-research"] },
 *   },
 * });
 * export const janeId = people.members.apply((members) => members["jdoe"]?.id);
 */
export class OrganizationMembers extends pulumi.dynamic.Resource {
  constructor(name: string, args: OrganizationMembersArgs, opts?: pulumi.CustomResourceOptions) {
    super(providerShim("OrganizationMembers", name, args), name, everyOutput(organizationMembersOutputs, args), opts, DYNAMIC_MODULE, "OrganizationMembers");
  }

  /** Reads existing people by their userNames, comma-separated (e.g. `"ana,bo"`), without managing them. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): OrganizationMembers {
    return new OrganizationMembers(name, {} as OrganizationMembersArgs, { ...opts, id });
  }
}
