import pulumi
import pulumi_wandb as wandb

active_admins_var = wandb.get_users_output(filter={
    "organization_role": "admin",
    "active": True,
}).user_names
pulumi.export("activeAdmins", active_admins_var)
