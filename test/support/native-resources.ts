// The plugin's resources as a program declares them by type token, without any generated SDK:
// what the engine registers is exactly the token, the inputs and the options; and the two doors a
// test declares through.
import * as pulumi from "@pulumi/pulumi";
import { tokenOf } from "../../model/tokens";
import { installedPackage } from "../../scripts/engine";

/** A resource of the wandb plugin, with the named outputs readable as `outputs[name]`. */
export class NativeResource extends pulumi.CustomResource {
  readonly outputs: Record<string, pulumi.Output<unknown>>;

  constructor(kind: string, name: string, args: Record<string, pulumi.Input<unknown>>, outputNames: readonly string[], opts?: pulumi.CustomResourceOptions) {
    const props: Record<string, pulumi.Input<unknown> | undefined> = Object.fromEntries(outputNames.map((output) => [output, undefined]));
    super(tokenOf(kind), name, { ...props, ...args }, opts);
    const self = this as unknown as Record<string, pulumi.Output<unknown>>;
    this.outputs = Object.fromEntries(outputNames.map((output) => [output, self[output]!]));
  }
}

/** An explicit wandb provider: another organization, with its own settings. */
export function wandbProvider(name: string, settings: Record<string, pulumi.Input<string>>): pulumi.ProviderResource {
  return new (class extends pulumi.ProviderResource {
    constructor() {
      super("wandb", name, { ...settings, apiKey: pulumi.secret(settings["apiKey"]) });
    }
  })();
}

/** A component of the wandb plugin, built by the plugin (Construct), with the named outputs readable as `outputs[name]`. */
export class RemoteComponent extends pulumi.ComponentResource {
  readonly outputs: Record<string, pulumi.Output<unknown>>;

  constructor(kind: string, name: string, args: Record<string, pulumi.Input<unknown>>, outputNames: readonly string[], opts?: pulumi.ComponentResourceOptions) {
    const props: Record<string, pulumi.Input<unknown> | undefined> = Object.fromEntries(outputNames.map((output) => [output, undefined]));
    super(tokenOf(kind), name, { ...props, ...args }, opts, true);
    const self = this as unknown as Record<string, pulumi.Output<unknown>>;
    this.outputs = Object.fromEntries(outputNames.map((output) => [output, self[output]!]));
  }
}

/** The kinds a test declares through either door. */
export type DeclaredKind = "User" | "Team" | "CustomRole" | "Organization" | "OrganizationRoleAssignment" | "ServiceAccount";
/** Declares a resource through a door, its arguments and options as a user's program passes them. */
export type Declare = (kind: DeclaredKind, name: string, args: Record<string, unknown>, opts?: pulumi.ResourceOptions) => pulumi.Resource;

/**
 * The two front doors as a test declares through them: the dynamic resources of the installed
 * package, and the plugin's resources by token (the Organization built by the plugin); `plugins`
 * says whether the stack must be given the plugin.
 */
export const DOORS: Record<"dynamic" | "plugin", { declarer: () => Declare; plugins: boolean }> = {
  dynamic: {
    declarer: () => {
      const wandb = installedPackage();
      return (kind, name, args, opts) => new wandb[kind](name, args as never, opts);
    },
    plugins: false,
  },
  plugin: {
    declarer: () => (kind, name, args, opts) =>
      kind === "Organization" ? new RemoteComponent(kind, name, args, [], opts) : new NativeResource(kind, name, args, [], opts),
    plugins: true,
  },
};
