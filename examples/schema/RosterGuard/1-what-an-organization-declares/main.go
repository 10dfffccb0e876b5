package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		kernelGuard, err := wandb.NewRosterGuard(ctx, "kernelGuard", &wandb.RosterGuardArgs{
			Organization: pulumi.String("kernel"),
			Users: pulumi.StringArray{
				pulumi.String("linus"),
				pulumi.String("ken"),
			},
			Admins: pulumi.StringArray{
				pulumi.String("linus"),
			},
			Teams: pulumi.StringArrayMap{
				"kernel": pulumi.StringArray{
					pulumi.String("linus"),
					pulumi.String("ken"),
				},
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("kernelVerdicts", kernelGuard.Verdicts)
		return nil
	})
}
