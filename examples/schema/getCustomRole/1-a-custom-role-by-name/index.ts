import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const modelReviewer = wandb.getCustomRoleOutput({
    name: "Model reviewer",
});
export const modelReviewerPermissions = modelReviewer.permissions;
