using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var ada = new Wandb.User("ada", new()
    {
        UserName = "ada",
        Email = "ada@example.com",
        DisplayName = "Ada Lovelace",
    });

    return new Dictionary<string, object?>
    {
        ["adaId"] = ada.Id,
    };
});

