using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var grace = new Wandb.User("grace", new()
    {
        UserName = "grace",
        Email = "grace@example.com",
        DisplayName = "Grace Hopper",
        OrganizationRole = "admin",
    });

    return new Dictionary<string, object?>
    {
        ["graceRole"] = grace.OrganizationRole,
    };
});

