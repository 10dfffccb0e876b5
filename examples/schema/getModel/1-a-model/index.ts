import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const llama = wandb.getModelOutput({
    id: "meta-llama/Llama-3.1-8B-Instruct",
});
export const llamaOwner = llama.ownedBy;
