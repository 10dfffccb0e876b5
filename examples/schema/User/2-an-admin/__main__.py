import pulumi
import pulumi_wandb as wandb

grace = wandb.User("grace",
    user_name="grace",
    email="grace@example.com",
    display_name="Grace Hopper",
    organization_role="admin")
pulumi.export("graceRole", grace.organization_role)
