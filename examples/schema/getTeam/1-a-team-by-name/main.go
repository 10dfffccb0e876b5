package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		infrastructure := wandb.LookupTeamOutput(ctx, wandb.LookupTeamOutputArgs{
			Name: pulumi.String("infrastructure"),
		}, nil)
		ctx.Export("infrastructureId", infrastructure.Id())
		ctx.Export("infrastructureMemberIds", infrastructure.MemberIds())
		return nil
	})
}
