import * as pulumi from "@pulumi/pulumi";
import { serviceAccountOutputs } from "../model/shapes/service-account";
import { everyOutput } from "./outputs";
import { providerShim } from "./provider-shim";
import { noticeRename } from "../program/rename-notice";
import { DYNAMIC_MODULE } from "../model/tokens";
import type { ServiceAccountArgs, ServiceAccountOutputs } from "./types/resources";

export type { ServiceAccountArgs };

/** Its outputs: every property of its state. */
export interface ServiceAccount extends ServiceAccountOutputs {}

/**
 * A service account of the organization, team-scoped (a member of its default team only) or
 * organization-scoped (W&B also adds it to every team created later through SCIM). Every change
 * replaces it: W&B cannot change one. It has no API key output: keys are created, and rotated, in
 * the W&B App. Destroying it leaves the account in W&B (no documented SCIM request deletes one)
 * and says to delete it in the W&B App.
 *
 * @example
 * const ci = new wandb.ServiceAccount("ci-bot", {
 *   name: "ci-bot",
 *   scope: "team",
 *   defaultTeam: platform.name,
 * });
 */
export class ServiceAccount extends pulumi.dynamic.Resource {
  constructor(name: string, args: ServiceAccountArgs, opts?: pulumi.CustomResourceOptions) {
    super(providerShim("ServiceAccount", name, args), name, everyOutput(serviceAccountOutputs, args), opts, DYNAMIC_MODULE, "ServiceAccount");
    noticeRename(this, "ServiceAccount", args, opts);
  }

  /** Reads an existing service account by its SCIM id, without managing it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): ServiceAccount {
    return new ServiceAccount(name, {} as ServiceAccountArgs, { ...opts, id });
  }
}
