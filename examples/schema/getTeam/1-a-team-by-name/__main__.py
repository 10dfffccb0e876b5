import pulumi
import pulumi_wandb as wandb

infrastructure = wandb.get_team_output(name="infrastructure")
pulumi.export("infrastructureId", infrastructure.id)
pulumi.export("infrastructureMemberIds", infrastructure.member_ids)
