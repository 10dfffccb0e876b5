using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var platform = Wandb.GetTeam.Invoke(new()
    {
        Name = "platform",
    });

    var barbara = new Wandb.User("barbara", new()
    {
        UserName = "barbara",
        Email = "barbara@example.com",
    });

    var barbaraInPlatform = new Wandb.TeamMember("barbaraInPlatform", new()
    {
        TeamId = platform.Apply(getTeamResult => getTeamResult.Id),
        User = barbara.Id,
    });

});

