package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		theory, err := wandb.NewOrganization(ctx, "theory", &wandb.OrganizationArgs{
			Roster: pulumi.Any(map[string]interface{}{
				"users": []interface{}{
					map[string]string{
						"userName":    "john",
						"email":       "john@example.com",
						"displayName": "John von Neumann",
					},
					map[string]string{
						"userName":         "claude",
						"email":            "claude@example.com",
						"organizationRole": "Theorist",
					},
				},
				"customRoles": []map[string]interface{}{
					map[string]interface{}{
						"name":          "Theorist",
						"inheritedFrom": "member",
						"permissions": []string{
							"run:stop",
						},
					},
				},
				"teams": []map[string]interface{}{
					map[string]interface{}{
						"name": "theory",
						"members": []string{
							"john",
							"claude",
						},
						"roles": map[string]string{
							"john": "admin",
						},
					},
				},
				"registryRoles": []map[string]string{
					{
						"user":     "claude",
						"registry": "datasets",
						"role":     "viewer",
					},
				},
			}),
		})
		if err != nil {
			return err
		}
		ctx.Export("theoryUserIds", theory.UserIds)
		return nil
	})
}
