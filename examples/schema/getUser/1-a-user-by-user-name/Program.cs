using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var hedy = Wandb.GetUser.Invoke(new()
    {
        UserName = "hedy",
    });

    return new Dictionary<string, object?>
    {
        ["hedyId"] = hedy.Apply(getUserResult => getUserResult.Id),
        ["hedyEmail"] = hedy.Apply(getUserResult => getUserResult.Email),
    };
});

