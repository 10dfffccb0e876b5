using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var alan = new Wandb.User("alan", new()
    {
        UserName = "alan",
        Email = "alan@example.com",
    });

    var edsger = new Wandb.User("edsger", new()
    {
        UserName = "edsger",
        Email = "edsger@example.com",
    });

    var research = new Wandb.Team("research", new()
    {
        Name = "research",
        Members = new[]
        {
            alan.Id,
            edsger.Id,
        },
    });

    return new Dictionary<string, object?>
    {
        ["researchMemberIds"] = research.MemberIds,
    };
});

