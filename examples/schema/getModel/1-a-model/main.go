package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		llama := wandb.GetModelOutput(ctx, wandb.GetModelOutputArgs{
			Id: pulumi.String("meta-llama/Llama-3.1-8B-Instruct"),
		}, nil)
		ctx.Export("llamaOwner", llama.OwnedBy())
		return nil
	})
}
