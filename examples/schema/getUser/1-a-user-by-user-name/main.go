package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		hedy := wandb.LookupUserOutput(ctx, wandb.LookupUserOutputArgs{
			UserName: pulumi.String("hedy"),
		}, nil)
		ctx.Export("hedyId", hedy.Id())
		ctx.Export("hedyEmail", hedy.Email())
		return nil
	})
}
