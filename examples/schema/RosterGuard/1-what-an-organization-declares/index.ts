import * as pulumi from "@pulumi/pulumi";
import * as wandb from "@pulumi-wandb/wandb";

const kernelGuard = new wandb.RosterGuard("kernelGuard", {
    organization: "kernel",
    users: [
        "linus",
        "ken",
    ],
    admins: ["linus"],
    teams: {
        kernel: [
            "linus",
            "ken",
        ],
    },
});
export const kernelVerdicts = kernelGuard.verdicts;
