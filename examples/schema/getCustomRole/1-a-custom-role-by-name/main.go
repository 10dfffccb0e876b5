package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		modelReviewer := wandb.LookupCustomRoleOutput(ctx, wandb.LookupCustomRoleOutputArgs{
			Name: pulumi.String("Model reviewer"),
		}, nil)
		ctx.Export("modelReviewerPermissions", modelReviewer.Permissions())
		return nil
	})
}
