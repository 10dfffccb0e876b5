package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		peopleResource, err := wandb.NewOrganizationMembers(ctx, "people", &wandb.OrganizationMembersArgs{
			Members: wandb.OrganizationMemberMap{
				"frances": &wandb.OrganizationMemberArgs{
					Email:            pulumi.String("frances@example.com"),
					DisplayName:      pulumi.String("Frances Allen"),
					OrganizationRole: pulumi.String("admin"),
				},
				"radia": &wandb.OrganizationMemberArgs{
					Email:       pulumi.String("radia@example.com"),
					DisplayName: pulumi.String("Radia Perlman"),
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
