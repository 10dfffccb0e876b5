import pulumi
import pulumi_wandb as wandb

hedy = wandb.get_user_output(user_name="hedy")
pulumi.export("hedyId", hedy.id)
pulumi.export("hedyEmail", hedy.email)
