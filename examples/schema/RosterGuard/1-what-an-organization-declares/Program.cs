using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var kernelGuard = new Wandb.RosterGuard("kernelGuard", new()
    {
        Organization = "kernel",
        Users = new[]
        {
            "linus",
            "ken",
        },
        Admins = new[]
        {
            "linus",
        },
        Teams = 
        {
            { "kernel", new[]
            {
                "linus",
                "ken",
            } },
        },
    });

    return new Dictionary<string, object?>
    {
        ["kernelVerdicts"] = kernelGuard.Verdicts,
    };
});

