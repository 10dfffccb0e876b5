"""A user, a team and a custom role that a person may have made already, a crew of users whose
size the config sets, and, when the config asks, a lookup of a user who does not exist."""

import pulumi
import pulumi_wandb as wandb

config = pulumi.Config()

wandb.User("hand", user_name="hand", email="hand@example.com", display_name="Hand Made")
wandb.Team("research", name="research")
wandb.CustomRole(
    "operator",
    name="Operator",
    description="Members who may stop runs",
    inherited_from="member",
    permissions=config.get_object("permissions") or ["run:stop"],
)

for index in range(config.get_int("crew") or 0):
    name = f"crew{index:02d}"
    wandb.User(name, user_name=name, email=f"{name}@example.com")

if config.get_bool("lookUpNobody"):
    wandb.get_user(user_name="nobody")
