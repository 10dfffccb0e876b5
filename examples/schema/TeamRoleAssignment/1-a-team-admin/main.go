package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		katherine, err := wandb.NewUser(ctx, "katherine", &wandb.UserArgs{
			UserName: pulumi.String("katherine"),
			Email:    pulumi.String("katherine@example.com"),
		})
		if err != nil {
			return err
		}
		vision, err := wandb.NewTeam(ctx, "vision", &wandb.TeamArgs{
			Name: pulumi.String("vision"),
			Members: pulumi.StringArray{
				katherine.ID(),
			},
		})
		if err != nil {
			return err
		}
		_, err = wandb.NewTeamRoleAssignment(ctx, "katherineVisionAdmin", &wandb.TeamRoleAssignmentArgs{
			User:     katherine.ID(),
			TeamName: vision.Name,
			RoleName: pulumi.String("admin"),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
