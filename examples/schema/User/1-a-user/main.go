package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		ada, err := wandb.NewUser(ctx, "ada", &wandb.UserArgs{
			UserName:    pulumi.String("ada"),
			Email:       pulumi.String("ada@example.com"),
			DisplayName: pulumi.String("Ada Lovelace"),
		})
		if err != nil {
			return err
		}
		ctx.Export("adaId", ada.ID())
		return nil
	})
}
