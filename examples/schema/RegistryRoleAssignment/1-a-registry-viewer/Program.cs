using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var dorothy = new Wandb.User("dorothy", new()
    {
        UserName = "dorothy",
        Email = "dorothy@example.com",
    });

    var dorothyModelsViewer = new Wandb.RegistryRoleAssignment("dorothyModelsViewer", new()
    {
        User = dorothy.Id,
        RegistryName = "models",
        RoleName = "viewer",
    });

});

