package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		inferenceModelIdsVar := wandb.GetModelsOutput(ctx, wandb.GetModelsOutputArgs{}, nil).Ids()
		ctx.Export("inferenceModelIds", inferenceModelIdsVar)
		return nil
	})
}
