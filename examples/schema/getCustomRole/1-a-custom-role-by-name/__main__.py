import pulumi
import pulumi_wandb as wandb

model_reviewer = wandb.get_custom_role_output(name="Model reviewer")
pulumi.export("modelReviewerPermissions", model_reviewer.permissions)
