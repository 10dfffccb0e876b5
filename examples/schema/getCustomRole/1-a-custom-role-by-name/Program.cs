using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var modelReviewer = Wandb.GetCustomRole.Invoke(new()
    {
        Name = "Model reviewer",
    });

    return new Dictionary<string, object?>
    {
        ["modelReviewerPermissions"] = modelReviewer.Apply(getCustomRoleResult => getCustomRoleResult.Permissions),
    };
});

