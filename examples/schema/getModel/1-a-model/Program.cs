using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var llama = Wandb.GetModel.Invoke(new()
    {
        Id = "meta-llama/Llama-3.1-8B-Instruct",
    });

    return new Dictionary<string, object?>
    {
        ["llamaOwner"] = llama.Apply(getModelResult => getModelResult.OwnedBy),
    };
});

