import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const automation = new wandb.Team("automation", {name: "automation"});
const ciBot = new wandb.ServiceAccount("ciBot", {
    name: "automation-ci",
    scope: "team",
    defaultTeam: automation.name,
});
