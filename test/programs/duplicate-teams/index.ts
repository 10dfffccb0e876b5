import * as wandb from "pulumi-wandb";

new wandb.Team("research-a", { name: "research" });
new wandb.Team("research-b", { name: "research" });
