// Pulumi provider for Weights & Biases organizations: users, teams, custom roles and role assignments over SCIM, and the inference model catalogue.
package wandb
