using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var margaret = new Wandb.User("margaret", new()
    {
        UserName = "margaret",
        Email = "margaret@example.com",
    });

    var runStopper = new Wandb.CustomRole("runStopper", new()
    {
        Name = "Run stopper",
        InheritedFrom = "member",
        Permissions = new[]
        {
            "run:stop",
        },
    });

    var margaretRunStopper = new Wandb.OrganizationRoleAssignment("margaretRunStopper", new()
    {
        User = margaret.Id,
        Role = runStopper.Name,
    });

});

