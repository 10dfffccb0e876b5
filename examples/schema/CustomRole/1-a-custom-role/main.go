package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		runCleaner, err := wandb.NewCustomRole(ctx, "runCleaner", &wandb.CustomRoleArgs{
			Name:          pulumi.String("Run cleaner"),
			Description:   pulumi.String("Members who may delete any run"),
			InheritedFrom: pulumi.String("member"),
			Permissions: pulumi.StringArray{
				pulumi.String("run:delete"),
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("runCleanerPermissions", runCleaner.Permissions)
		return nil
	})
}
