package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		alan, err := wandb.NewUser(ctx, "alan", &wandb.UserArgs{
			UserName: pulumi.String("alan"),
			Email:    pulumi.String("alan@example.com"),
		})
		if err != nil {
			return err
		}
		edsger, err := wandb.NewUser(ctx, "edsger", &wandb.UserArgs{
			UserName: pulumi.String("edsger"),
			Email:    pulumi.String("edsger@example.com"),
		})
		if err != nil {
			return err
		}
		research, err := wandb.NewTeam(ctx, "research", &wandb.TeamArgs{
			Name: pulumi.String("research"),
			Members: pulumi.StringArray{
				alan.ID(),
				edsger.ID(),
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("researchMemberIds", research.MemberIds)
		return nil
	})
}
