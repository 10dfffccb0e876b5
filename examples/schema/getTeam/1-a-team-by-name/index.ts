import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const infrastructure = wandb.getTeamOutput({
    name: "infrastructure",
});
export const infrastructureId = infrastructure.id;
export const infrastructureMemberIds = infrastructure.memberIds;
