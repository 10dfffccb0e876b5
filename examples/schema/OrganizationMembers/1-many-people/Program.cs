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
            { "frances", new Wandb.Inputs.OrganizationMemberArgs
            {
                Email = "frances@example.com",
                DisplayName = "Frances Allen",
                OrganizationRole = "admin",
            } },
            { "radia", new Wandb.Inputs.OrganizationMemberArgs
            {
                Email = "radia@example.com",
                DisplayName = "Radia Perlman",
                ModelsSeat = "viewer",
            } },
        },
    });

    return new Dictionary<string, object?>
    {
        ["people"] = peopleResource.Members,
    };
});

