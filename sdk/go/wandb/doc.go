// Fixture for SDK generation: one of each kind of member the real wandb schema has.
package wandb
