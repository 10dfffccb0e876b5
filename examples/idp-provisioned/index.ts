import * as pulumi from "@pulumi/pulumi";
import * as wandb from "pulumi-wandb";

const config = new pulumi.Config();

// Okta, Entra ID or another identity provider creates these users through SCIM; Pulumi never
// creates nor deletes them. It only manages what they may do.
const lead = wandb.getUserOutput({ email: config.require("leadEmail") });
const analyst = wandb.getUserOutput({ email: config.require("analystEmail") });
const team = wandb.getTeamOutput({ name: config.get("team") ?? "seed-team" });

new wandb.OrganizationRoleAssignment("lead-is-admin", { user: lead.id, role: "admin" });

new wandb.TeamRoleAssignment("lead-runs-the-team", {
  user: lead.id,
  teamName: team.name,
  roleName: "admin",
});

// Analysts join the team (without managing its other members) and see its runs read-only.
const analystMembership = new wandb.TeamMember("analyst-in-team", { teamId: team.id, user: analyst.id });
new wandb.TeamRoleAssignment("analyst-views-the-team", {
  user: analyst.id,
  teamName: team.name,
  roleName: "viewer",
}, { dependsOn: [analystMembership] });

new wandb.RegistryRoleAssignment("analyst-reads-models", {
  user: analyst.id,
  registryName: config.get("registry") ?? "models",
  roleName: "viewer",
});

// The models this team's applications may call, read at the same time.
const models = wandb.getModelsOutput({});

export const leadId = lead.id;
export const leadUserName = lead.userName;
export const analystId = analyst.id;
export const modelCount = models.ids.apply((ids) => ids.length);
