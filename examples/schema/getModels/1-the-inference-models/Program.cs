using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var inferenceModelIdsVar = Wandb.GetModels.Invoke().Apply(invoke => invoke.Ids);

    return new Dictionary<string, object?>
    {
        ["inferenceModelIds"] = inferenceModelIdsVar,
    };
});

