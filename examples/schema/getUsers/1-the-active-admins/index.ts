import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const activeAdminsVar = wandb.getUsersOutput({
    filter: {
        organizationRole: "admin",
        active: true,
    },
}).userNames;
export const activeAdmins = activeAdminsVar;
