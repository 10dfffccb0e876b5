import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const runCleaner = new wandb.CustomRole("runCleaner", {
    name: "Run cleaner",
    description: "Members who may delete any run",
    inheritedFrom: "member",
    permissions: ["run:delete"],
});
export const runCleanerPermissions = runCleaner.permissions;
