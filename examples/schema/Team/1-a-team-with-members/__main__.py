import pulumi
import pulumi_wandb as wandb

alan = wandb.User("alan",
    user_name="alan",
    email="alan@example.com")
edsger = wandb.User("edsger",
    user_name="edsger",
    email="edsger@example.com")
research = wandb.Team("research",
    name="research",
    members=[
        alan.id,
        edsger.id,
    ])
pulumi.export("researchMemberIds", research.member_ids)
