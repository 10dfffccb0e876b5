import pulumi
import pulumi_wandb as wandb

platform_team_id = wandb.get_team_output(name="platform").id
barbara = wandb.User("barbara",
    user_name="barbara",
    email="barbara@example.com")
barbara_in_platform = wandb.TeamMember("barbaraInPlatform",
    team_id=platform_team_id,
    user=barbara.id)
