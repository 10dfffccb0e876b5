using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var theory = new Wandb.Organization("theory", new()
    {
        Roster = new Dictionary<string, object?>
        {
            ["users"] = new[]
            {
                new Dictionary<string, object?>
                {
                    ["userName"] = "john",
                    ["email"] = "john@example.com",
                    ["displayName"] = "John von Neumann",
                },
                new Dictionary<string, object?>
                {
                    ["userName"] = "claude",
                    ["email"] = "claude@example.com",
                    ["organizationRole"] = "Theorist",
                },
            },
            ["customRoles"] = new[]
            {
                new Dictionary<string, object?>
                {
                    ["name"] = "Theorist",
                    ["inheritedFrom"] = "member",
                    ["permissions"] = new[]
                    {
                        "run:stop",
                    },
                },
            },
            ["teams"] = new[]
            {
                new Dictionary<string, object?>
                {
                    ["name"] = "theory",
                    ["members"] = new[]
                    {
                        "john",
                        "claude",
                    },
                    ["roles"] = new Dictionary<string, object?>
                    {
                        ["john"] = "admin",
                    },
                },
            },
            ["registryRoles"] = new[]
            {
                new Dictionary<string, object?>
                {
                    ["user"] = "claude",
                    ["registry"] = "datasets",
                    ["role"] = "viewer",
                },
            },
        },
    });

    return new Dictionary<string, object?>
    {
        ["theoryUserIds"] = theory.UserIds,
    };
});

