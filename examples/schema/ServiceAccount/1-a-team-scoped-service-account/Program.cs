using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var automation = new Wandb.Team("automation", new()
    {
        Name = "automation",
    });

    var ciBot = new Wandb.ServiceAccount("ciBot", new()
    {
        Name = "automation-ci",
        Scope = "team",
        DefaultTeam = automation.Name,
    });

});

