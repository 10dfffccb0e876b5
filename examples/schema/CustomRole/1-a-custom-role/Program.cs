using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var runCleaner = new Wandb.CustomRole("runCleaner", new()
    {
        Name = "Run cleaner",
        Description = "Members who may delete any run",
        InheritedFrom = "member",
        Permissions = new[]
        {
            "run:delete",
        },
    });

    return new Dictionary<string, object?>
    {
        ["runCleanerPermissions"] = runCleaner.Permissions,
    };
});

