import * as pulumi from "@pulumi/pulumi";
import * as wandb from "pulumi-wandb";

const organization = new wandb.Organization("acme", { roster: new pulumi.Config().require("roster"), adoptExisting: true });

export const userIds = organization.userIds;
