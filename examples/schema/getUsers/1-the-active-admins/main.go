package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		activeAdminsVar := wandb.GetUsersOutput(ctx, wandb.GetUsersOutputArgs{
			Filter: &wandb.UsersFilterArgs{
				OrganizationRole: pulumi.String("admin"),
				Active:           pulumi.Bool(true),
			},
		}, nil).UserNames()
		ctx.Export("activeAdmins", activeAdminsVar)
		return nil
	})
}
