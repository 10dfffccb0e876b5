import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const katherine = new wandb.User("katherine", {
    userName: "katherine",
    email: "katherine@example.com",
});
const vision = new wandb.Team("vision", {
    name: "vision",
    members: [katherine.id],
});
const katherineVisionAdmin = new wandb.TeamRoleAssignment("katherineVisionAdmin", {
    user: katherine.id,
    teamName: vision.name,
    roleName: "admin",
});
