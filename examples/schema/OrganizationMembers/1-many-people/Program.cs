using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Wandb = PulumiWandb.Wandb;

return await Deployment.RunAsync(() => 
{
    var peopleResource = new Wandb.OrganizationMembers("people", new()
    {
        Members = 
        {
            { "ada", new Wandb.Inputs.OrganizationMemberArgs
            {
                Email = "ada@example.com",
                DisplayName = "Ada Lovelace",
                OrganizationRole = "admin",
            } },
            { "grace", new Wandb.Inputs.OrganizationMemberArgs
            {
                Email = "grace@example.com",
                DisplayName = "Grace Hopper",
                ModelsSeat = "viewer",
            } },
        },
    });

    return new Dictionary<string, object?>
    {
        ["people"] = peopleResource.Members,
    };
});

