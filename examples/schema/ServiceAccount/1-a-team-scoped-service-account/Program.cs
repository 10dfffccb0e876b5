using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var platform = new Wandb.Team("platform", new()
    {
        Name = "platform",
    });

    var ciBot = new Wandb.ServiceAccount("ciBot", new()
    {
        Name = "platform-ci",
        Scope = "team",
        DefaultTeam = platform.Name,
    });

});

