using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var colleaguesVar = Wandb.GetUsers.Invoke(new()
    {
        Filter = new Wandb.Inputs.UsersFilterInputArgs
        {
            EmailDomain = "example.com",
            Active = true,
        },
    }).Apply(invoke => invoke.UserNames);

    return new Dictionary<string, object?>
    {
        ["colleagues"] = colleaguesVar,
    };
});

