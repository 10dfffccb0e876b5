using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var activeAdminsVar = Wandb.GetUsers.Invoke(new()
    {
        Filter = new Wandb.Inputs.UsersFilterInputArgs
        {
            OrganizationRole = "admin",
            Active = true,
        },
    }).Apply(invoke => invoke.UserNames);

    return new Dictionary<string, object?>
    {
        ["activeAdmins"] = activeAdminsVar,
    };
});

