import * as pulumi from "@pulumi/pulumi";
import * as wandb from "pulumi-wandb";

const config = new pulumi.Config();
// A prefix keeps these demo accounts apart from real people when run against a real organization.
const prefix = config.get("userPrefix") ?? "";
const domain = config.get("emailDomain") ?? "example.com";

// A custom role: members who may also stop and delete runs.
const runOperator = new wandb.CustomRole("run-operator", {
  name: `${prefix}Run operator`,
  description: "Members who may stop and delete any run",
  inheritedFrom: "member",
  permissions: ["run:delete", "project:update"],
});

const person = (name: string, displayName: string, organizationRole?: "admin" | "member") =>
  new wandb.User(name, {
    userName: `${prefix}${name}`,
    email: `${prefix}${name}@${domain}`,
    displayName,
    organizationRole,
  });

const alice = person("alice", "Alice Ng", "admin");
const bob = person("bob", "Bob Stone", "member");
const carol = person("carol", "Carol Diaz");

// The team's membership is authoritative: exactly these users (service accounts aside).
const platform = new wandb.Team("ml-platform", {
  name: `${prefix}ml-platform`,
  members: [alice.id, bob.id, carol.id],
});

new wandb.TeamRoleAssignment("bob-leads-ml-platform", {
  user: bob.id,
  teamName: platform.name,
  roleName: "admin",
}, { dependsOn: [platform] });

new wandb.OrganizationRoleAssignment("carol-run-operator", {
  user: carol.id,
  role: runOperator.name,
});

new wandb.RegistryRoleAssignment("alice-models-admin", {
  user: alice.id,
  registryName: config.get("registry") ?? "models",
  roleName: "admin",
});

const models = wandb.getModelsOutput({});

export const userIds = { alice: alice.id, bob: bob.id, carol: carol.id };
export const teamId = platform.id;
export const teamMembers = platform.memberIds;
export const runOperatorPermissions = runOperator.permissions;
export const inferenceModels = models.ids;
