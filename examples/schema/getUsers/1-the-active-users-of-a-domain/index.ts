import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const colleaguesVar = wandb.getUsersOutput({
    filter: {
        emailDomain: "example.com",
        active: true,
    },
}).userNames;
export const colleagues = colleaguesVar;
