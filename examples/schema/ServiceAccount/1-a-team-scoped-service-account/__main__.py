import pulumi
import pulumi_wandb as wandb

automation = wandb.Team("automation", name="automation")
ci_bot = wandb.ServiceAccount("ciBot",
    name="automation-ci",
    scope="team",
    default_team=automation.name)
