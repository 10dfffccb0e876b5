import pulumi
import pulumi_wandb as wandb

margaret = wandb.User("margaret",
    user_name="margaret",
    email="margaret@example.com")
run_stopper = wandb.CustomRole("runStopper",
    name="Run stopper",
    inherited_from="member",
    permissions=["run:stop"])
margaret_run_stopper = wandb.OrganizationRoleAssignment("margaretRunStopper",
    user=margaret.id,
    role=run_stopper.name)
