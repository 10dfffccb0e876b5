import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const margaret = new wandb.User("margaret", {
    userName: "margaret",
    email: "margaret@example.com",
});
const runStopper = new wandb.CustomRole("runStopper", {
    name: "Run stopper",
    inheritedFrom: "member",
    permissions: ["run:stop"],
});
const margaretRunStopper = new wandb.OrganizationRoleAssignment("margaretRunStopper", {
    user: margaret.id,
    role: runStopper.name,
});
