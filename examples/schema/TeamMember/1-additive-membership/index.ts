import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const platformTeamId = wandb.getTeamOutput({
    name: "platform",
}).id;
const barbara = new wandb.User("barbara", {
    userName: "barbara",
    email: "barbara@example.com",
});
const barbaraInPlatform = new wandb.TeamMember("barbaraInPlatform", {
    teamId: platformTeamId,
    user: barbara.id,
});
