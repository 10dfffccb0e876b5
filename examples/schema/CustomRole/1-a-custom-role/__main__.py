import pulumi
import pulumi_wandb as wandb

run_cleaner = wandb.CustomRole("runCleaner",
    name="Run cleaner",
    description="Members who may delete any run",
    inherited_from="member",
    permissions=["run:delete"])
pulumi.export("runCleanerPermissions", run_cleaner.permissions)
