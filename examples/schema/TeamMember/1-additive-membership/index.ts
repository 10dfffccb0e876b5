import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const platform = wandb.getTeamOutput({
    name: "platform",
});
const barbara = new wandb.User("barbara", {
    userName: "barbara",
    email: "barbara@example.com",
});
const barbaraInPlatform = new wandb.TeamMember("barbaraInPlatform", {
    teamId: platform.id,
    user: barbara.id,
});
