import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const peopleResource = new wandb.OrganizationMembers("people", {members: {
    frances: {
        email: "frances@example.com",
        displayName: "Frances Allen",
        organizationRole: "admin",
    },
    radia: {
        email: "radia@example.com",
        displayName: "Radia Perlman",
        modelsSeat: "viewer",
    },
}});
export const people = peopleResource.members;
