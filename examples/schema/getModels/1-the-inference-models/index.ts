import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const inferenceModelIdsVar = wandb.getModelsOutput({}).ids;
export const inferenceModelIds = inferenceModelIdsVar;
