import pulumi
import pulumi_wandb as wandb

platform = wandb.Team("platform", name="platform")
ci_bot = wandb.ServiceAccount("ciBot",
    name="platform-ci",
    scope="team",
    default_team=platform.name)
