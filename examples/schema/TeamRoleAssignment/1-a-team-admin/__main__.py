import pulumi
import pulumi_wandb as wandb

katherine = wandb.User("katherine",
    user_name="katherine",
    email="katherine@example.com")
vision = wandb.Team("vision",
    name="vision",
    members=[katherine.id])
katherine_vision_admin = wandb.TeamRoleAssignment("katherineVisionAdmin",
    user=katherine.id,
    team_name=vision.name,
    role_name="admin")
