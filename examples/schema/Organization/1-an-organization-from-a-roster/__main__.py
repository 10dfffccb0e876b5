import pulumi
import pulumi_wandb as wandb

theory = wandb.Organization("theory", roster={
    "users": [
        {
            "userName": "john",
            "email": "john@example.com",
            "displayName": "John von Neumann",
        },
        {
            "userName": "claude",
            "email": "claude@example.com",
            "organizationRole": "Theorist",
        },
    ],
    "customRoles": [{
        "name": "Theorist",
        "inheritedFrom": "member",
        "permissions": ["run:stop"],
    }],
    "teams": [{
        "name": "theory",
        "members": [
            "john",
            "claude",
        ],
        "roles": {
            "john": "admin",
        },
    }],
    "registryRoles": [{
        "user": "claude",
        "registry": "datasets",
        "role": "viewer",
    }],
})
pulumi.export("theoryUserIds", theory.user_ids)
