import * as path from "node:path";
import * as wandb from "pulumi-wandb";

// Admins are protected: removing one from the roster fails `pulumi up` instead of deleting them.
// Taking an admin out for good is then a deliberate, two-step change (unprotect, then remove).
const org = new wandb.Organization("acme", {
  roster: path.join(__dirname, "roster.yaml"),
  protectAdmins: true,
});

export const users = org.userIds;
export const teams = Object.fromEntries(Object.entries(org.teams).map(([name, team]) => [name, team.id]));
