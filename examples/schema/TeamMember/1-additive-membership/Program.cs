using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var platformTeamId = Wandb.GetTeam.Invoke(new()
    {
        Name = "platform",
    }).Apply(invoke => invoke.Id);

    var barbara = new Wandb.User("barbara", new()
    {
        UserName = "barbara",
        Email = "barbara@example.com",
    });

    var barbaraInPlatform = new Wandb.TeamMember("barbaraInPlatform", new()
    {
        TeamId = platformTeamId,
        User = barbara.Id,
    });

});

