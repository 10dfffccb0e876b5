package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		automation, err := wandb.NewTeam(ctx, "automation", &wandb.TeamArgs{
			Name: pulumi.String("automation"),
		})
		if err != nil {
			return err
		}
		_, err = wandb.NewServiceAccount(ctx, "ciBot", &wandb.ServiceAccountArgs{
			Name:        pulumi.String("automation-ci"),
			Scope:       pulumi.String("team"),
			DefaultTeam: automation.Name,
		})
		if err != nil {
			return err
		}
		return nil
	})
}
