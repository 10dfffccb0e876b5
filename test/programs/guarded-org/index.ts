import * as wandb from "pulumi-wandb";

const org = new wandb.Organization("acme", { roster: "roster.yaml" });

export const userIds = org.userIds;
