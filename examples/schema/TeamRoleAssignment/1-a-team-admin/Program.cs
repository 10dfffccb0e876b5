using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var katherine = new Wandb.User("katherine", new()
    {
        UserName = "katherine",
        Email = "katherine@example.com",
    });

    var vision = new Wandb.Team("vision", new()
    {
        Name = "vision",
        Members = new[]
        {
            katherine.Id,
        },
    });

    var katherineVisionAdmin = new Wandb.TeamRoleAssignment("katherineVisionAdmin", new()
    {
        User = katherine.Id,
        TeamName = vision.Name,
        RoleName = "admin",
    });

});

