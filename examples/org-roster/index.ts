import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as wandb from "pulumi-wandb";

const config = new pulumi.Config();

// Users, custom roles, teams and every role assignment of roster.yaml, in dependency order.
// A mistake in the roster fails `pulumi preview` before anything is sent to W&B.
const org = new wandb.Organization("acme", {
  roster: path.join(__dirname, "roster.yaml"), // messages still name it `roster.yaml`
  // Removing an admin from the roster fails instead of deleting the account (see README: tearing down).
  protectAdmins: config.getBoolean("protectAdmins") ?? true,
});

/** SCIM user ids by userName. */
export const userIds = org.userIds;
/** SCIM team ids by team name. */
export const teamIds = org.teamIds;
/** The custom role's id. */
export const runOperatorRoleId = org.customRoles["Run operator"]?.id;
/** Members of ml-platform as W&B reports them (user ids). */
export const mlPlatformMemberIds = org.teams["ml-platform"]?.memberIds;
/** How membership was written: by the teams, or (saas) by the users. */
export const deployment = org.deployment ?? "unknown";
