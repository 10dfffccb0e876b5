package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		grace, err := wandb.NewUser(ctx, "grace", &wandb.UserArgs{
			UserName:         pulumi.String("grace"),
			Email:            pulumi.String("grace@example.com"),
			DisplayName:      pulumi.String("Grace Hopper"),
			OrganizationRole: pulumi.String("admin"),
		})
		if err != nil {
			return err
		}
		ctx.Export("graceRole", grace.OrganizationRole)
		return nil
	})
}
