import pulumi
import pulumi_wandb as wandb

platform = wandb.get_team_output(name="platform")
barbara = wandb.User("barbara",
    user_name="barbara",
    email="barbara@example.com")
barbara_in_platform = wandb.TeamMember("barbaraInPlatform",
    team_id=platform.id,
    user=barbara.id)
