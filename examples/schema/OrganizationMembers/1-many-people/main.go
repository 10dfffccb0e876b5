package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		peopleResource, err := wandb.NewOrganizationMembers(ctx, "people", &wandb.OrganizationMembersArgs{
			Members: wandb.OrganizationMemberMap{
				"ada": &wandb.OrganizationMemberArgs{
					Email:            pulumi.String("ada@example.com"),
					DisplayName:      pulumi.String("Ada Lovelace"),
					OrganizationRole: pulumi.String("admin"),
				},
				"grace": &wandb.OrganizationMemberArgs{
					Email:       pulumi.String("grace@example.com"),
					DisplayName: pulumi.String("Grace Hopper"),
					ModelsSeat:  pulumi.String("viewer"),
				},
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("people", peopleResource.Members)
		return nil
	})
}
