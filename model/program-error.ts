/**
 * An error in what the program declared, which Pulumi shows as its message alone, without a stack
 * trace. It is recognised as `pulumi.RunError` is (`RunError.isInstance` reads this marker), without
 * extending it: the `pulumi-wandb` command throws it too, and must not load `@pulumi/pulumi`.
 */
export class ProgramError extends Error {
  /** The marker `RunError.isInstance` looks for. */
  readonly __pulumiRunError = true;
}
