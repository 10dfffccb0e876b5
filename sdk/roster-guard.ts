import * as pulumi from "@pulumi/pulumi";
import { rosterGuardOutputs } from "../model/shapes/roster-guard";
import { everyOutput } from "./outputs";
import { providerShim } from "./provider-shim";
import { DYNAMIC_MODULE } from "../model/tokens";
import type { RosterGuardArgs, RosterGuardOutputs } from "./types/resources";

export type { RosterGuardArgs };

/** Its outputs: every property of its state. */
export interface RosterGuard extends RosterGuardOutputs {}

/**
 * The `Organization` component's record of who its roster declared at the last applied run. Its
 * check holds the guard rails (`wandb:minAdmins`, `wandb:maxRemovalFraction`, `wandb:protectSelf`)
 * at preview; the component's other children wait for it. It writes nothing to W&B; where the
 * service shows roles, its create and update count the live admins too, before any other child is
 * written. Declared by the component; not meant to be declared by hand.
 */
export class RosterGuard extends pulumi.dynamic.Resource {
  constructor(name: string, args: RosterGuardArgs, opts?: pulumi.CustomResourceOptions) {
    super(providerShim("RosterGuard", name, args), name, everyOutput(rosterGuardOutputs, args), opts, DYNAMIC_MODULE, "RosterGuard");
  }
}
