import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const people = new wandb.OrganizationMembers("people", {members: {
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
export const graceId = people.members.grace.id;
