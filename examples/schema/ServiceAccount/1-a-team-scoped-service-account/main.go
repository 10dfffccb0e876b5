package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		platform, err := wandb.NewTeam(ctx, "platform", &wandb.TeamArgs{
			Name: pulumi.String("platform"),
		})
		if err != nil {
			return err
		}
		_, err = wandb.NewServiceAccount(ctx, "ciBot", &wandb.ServiceAccountArgs{
			Name:        pulumi.String("platform-ci"),
			Scope:       pulumi.String("team"),
			DefaultTeam: platform.Name,
		})
		if err != nil {
			return err
		}
		return nil
	})
}
