// What the provider tells the user during an operation. A dynamic provider's process has no
// connection to the engine's log: the engine relays its standard output and error with the run's
// own output, so these are printed there.

/** A line of information, e.g. what a destroy left in W&B. */
export function tell(line: string): void {
  console.log(`wandb: ${line}`);
}

/** A warning, spelled as Pulumi's own are, so it reads as one in the run's output. */
export function warn(line: string): void {
  console.error(`warning: wandb: ${line}`);
}
