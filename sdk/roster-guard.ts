import * as pulumi from "@pulumi/pulumi";
import { everyOutput } from "./outputs";
import { providerShim } from "./provider-shim";

export interface RosterGuardArgs {
  /** The Organization component's name, for the messages. */
  organization: pulumi.Input<string>;
  /** The roster's userNames. */
  users: pulumi.Input<pulumi.Input<string>[]>;
  /** The userNames whose organization role is admin. */
  admins: pulumi.Input<pulumi.Input<string>[]>;
  /** Each team's members, by userName. */
  teams: pulumi.Input<Record<string, pulumi.Input<pulumi.Input<string>[]>>>;
}

/** Every output of the resource, in the order of its declarations. */
const OUTPUTS = ["organization", "users", "admins", "teams", "verdicts"] as const;

/**
 * The `Organization` component's record of who its roster declared at the last applied run. Its
 * check holds the guard rails (`wandb:minAdmins`, `wandb:maxRemovalFraction`, `wandb:protectSelf`)
 * at preview; the component's other children wait for it. It writes nothing to W&B; where the
 * service shows roles, its create and update count the live admins too, before any other child is
 * written. Declared by the component; not meant to be declared by hand.
 */
export class RosterGuard extends pulumi.dynamic.Resource {
  declare readonly organization: pulumi.Output<string>;
  declare readonly users: pulumi.Output<string[]>;
  declare readonly admins: pulumi.Output<string[]>;
  declare readonly teams: pulumi.Output<Record<string, string[]>>;
  /** What each guard rail found at the last check. */
  declare readonly verdicts: pulumi.Output<string[] | undefined>;

  constructor(name: string, args: RosterGuardArgs, opts?: pulumi.CustomResourceOptions) {
    super(providerShim("RosterGuard", name, args), name, everyOutput(OUTPUTS, args), opts, "wandb", "RosterGuard");
  }
}
