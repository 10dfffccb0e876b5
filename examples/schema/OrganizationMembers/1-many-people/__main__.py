import pulumi
import pulumi_wandb as wandb

people_resource = wandb.OrganizationMembers("people", members={
    "frances": {
        "email": "frances@example.com",
        "display_name": "Frances Allen",
        "organization_role": "admin",
    },
    "radia": {
        "email": "radia@example.com",
        "display_name": "Radia Perlman",
        "models_seat": "viewer",
    },
})
pulumi.export("people", people_resource.members)
