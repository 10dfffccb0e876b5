using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var infrastructure = Wandb.GetTeam.Invoke(new()
    {
        Name = "infrastructure",
    });

    return new Dictionary<string, object?>
    {
        ["infrastructureId"] = infrastructure.Apply(getTeamResult => getTeamResult.Id),
        ["infrastructureMemberIds"] = infrastructure.Apply(getTeamResult => getTeamResult.MemberIds),
    };
});

