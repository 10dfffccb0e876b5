package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		dorothy, err := wandb.NewUser(ctx, "dorothy", &wandb.UserArgs{
			UserName: pulumi.String("dorothy"),
			Email:    pulumi.String("dorothy@example.com"),
		})
		if err != nil {
			return err
		}
		_, err = wandb.NewRegistryRoleAssignment(ctx, "dorothyModelsViewer", &wandb.RegistryRoleAssignmentArgs{
			User:         dorothy.ID(),
			RegistryName: pulumi.String("models"),
			RoleName:     pulumi.String("viewer"),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
