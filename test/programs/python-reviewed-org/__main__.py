"""The Python twin of test/programs/reviewed-org, through the native plugin."""

import pulumi
import pulumi_wandb as wandb

config = pulumi.Config()
# Renaming the component (the `organization` config) renames every child: the review tells it from a removal.
org = wandb.Organization(config.get("organization") or "acme", roster="roster.yaml", adopt_existing=True)

# A team whose members are named by SCIM id, one of them a user that a run creates (its id unknown at preview).
# After the component: its record's report of what it does not declare is then the same on both doors.
lee = wandb.User("lee", user_name="lee", email="lee@example.com", opts=pulumi.ResourceOptions(depends_on=[org]))
members = [lee.id]
if config.get_bool("kim"):
    members.append(wandb.User("kim", user_name="kim", email="kim@example.com").id)
wandb.Team("solo", name="solo", members=members, opts=pulumi.ResourceOptions(depends_on=[org]))

# A lookup that fails the program: the review shows its message alone, not the traceback.
look_up = config.get("lookUp")
if look_up:
    wandb.get_user(user_name=look_up)
