import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const grace = new wandb.User("grace", {
    userName: "grace",
    email: "grace@example.com",
    displayName: "Grace Hopper",
    organizationRole: "admin",
});
export const graceRole = grace.organizationRole;
