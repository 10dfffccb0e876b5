// The plugin's resources as a program declares them by type token, without any generated SDK:
// what the engine registers is exactly the token, the inputs and the options.
import * as pulumi from "@pulumi/pulumi";
import { tokenOf } from "../../model/tokens";

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
