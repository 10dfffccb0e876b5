import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const hedy = wandb.getUserOutput({
    userName: "hedy",
});
export const hedyId = hedy.id;
export const hedyEmail = hedy.email;
