import pulumi
import pulumi_wandb as wandb

colleagues_var = wandb.get_users_output(filter={
    "email_domain": "example.com",
    "active": True,
}).user_names
pulumi.export("colleagues", colleagues_var)
