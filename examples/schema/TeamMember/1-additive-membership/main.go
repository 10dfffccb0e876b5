package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		platform := wandb.LookupTeamOutput(ctx, wandb.LookupTeamOutputArgs{
			Name: pulumi.String("platform"),
		}, nil)
		barbara, err := wandb.NewUser(ctx, "barbara", &wandb.UserArgs{
			UserName: pulumi.String("barbara"),
			Email:    pulumi.String("barbara@example.com"),
		})
		if err != nil {
			return err
		}
		_, err = wandb.NewTeamMember(ctx, "barbaraInPlatform", &wandb.TeamMemberArgs{
			TeamId: platform.Id(),
			User:   barbara.ID(),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
