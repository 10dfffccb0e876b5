package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		colleaguesVar := wandb.GetUsersOutput(ctx, wandb.GetUsersOutputArgs{
			Filter: &wandb.UsersFilterArgs{
				EmailDomain: pulumi.String("example.com"),
				Active:      pulumi.Bool(true),
			},
		}, nil).UserNames()
		ctx.Export("colleagues", colleaguesVar)
		return nil
	})
}
