import pulumi
import pulumi_wandb as wandb

people_resource = wandb.OrganizationMembers("people", members={
    "ada": {
        "email": "ada@example.com",
        "display_name": "Ada Lovelace",
        "organization_role": "admin",
    },
    "grace": {
        "email": "grace@example.com",
        "display_name": "Grace Hopper",
        "models_seat": "viewer",
    },
})
pulumi.export("people", people_resource.members)
