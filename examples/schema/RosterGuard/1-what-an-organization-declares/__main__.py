import pulumi
import pulumi_wandb as wandb

kernel_guard = wandb.RosterGuard("kernelGuard",
    organization="kernel",
    users=[
        "linus",
        "ken",
    ],
    admins=["linus"],
    teams={
        "kernel": [
            "linus",
            "ken",
        ],
    })
pulumi.export("kernelVerdicts", kernel_guard.verdicts)
