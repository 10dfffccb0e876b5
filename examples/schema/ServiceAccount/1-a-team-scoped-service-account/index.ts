import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const platform = new wandb.Team("platform", {name: "platform"});
const ciBot = new wandb.ServiceAccount("ciBot", {
    name: "platform-ci",
    scope: "team",
    defaultTeam: platform.name,
});
