import * as pulumi from "@pulumi/pulumi";
import * as wandb from "pulumi-wandb";

const config = new pulumi.Config();
const role = new wandb.CustomRole("operator", {
  name: config.get("roleName") ?? "Smoke operator",
  inheritedFrom: "member",
  permissions: config.getObject<string[]>("permissions") ?? ["project:delete"],
});

export const roleId = role.id;
export const permissions = role.permissions;
