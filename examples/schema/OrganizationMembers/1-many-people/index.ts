import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const peopleResource = new wandb.OrganizationMembers("people", {members: {
    ada: {
        email: "ada@example.com",
        displayName: "Ada Lovelace",
        organizationRole: "admin",
    },
    grace: {
        email: "grace@example.com",
        displayName: "Grace Hopper",
        modelsSeat: "viewer",
    },
}});
export const people = peopleResource.members;
