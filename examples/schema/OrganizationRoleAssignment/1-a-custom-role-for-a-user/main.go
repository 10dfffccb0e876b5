package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		margaret, err := wandb.NewUser(ctx, "margaret", &wandb.UserArgs{
			UserName: pulumi.String("margaret"),
			Email:    pulumi.String("margaret@example.com"),
		})
		if err != nil {
			return err
		}
		runStopper, err := wandb.NewCustomRole(ctx, "runStopper", &wandb.CustomRoleArgs{
			Name:          pulumi.String("Run stopper"),
			InheritedFrom: pulumi.String("member"),
			Permissions: pulumi.StringArray{
				pulumi.String("run:stop"),
			},
		})
		if err != nil {
			return err
		}
		_, err = wandb.NewOrganizationRoleAssignment(ctx, "margaretRunStopper", &wandb.OrganizationRoleAssignmentArgs{
			User: margaret.ID(),
			Role: runStopper.Name,
		})
		if err != nil {
			return err
		}
		return nil
	})
}
