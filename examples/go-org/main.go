// A W&B organization from Go, on the generated Go SDK (sdk/go): the same organization as
// examples/python-org — users, two teams (one listing its members, one with TeamMember
// resources), a custom role, and an assignment of each kind.
package main

import (
	"github.com/pulumi-wandb/pulumi-wandb/sdk/go/wandb"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		// A prefix keeps these demo accounts apart from real people when run against a real organization.
		prefix := cfg.Get("userPrefix")
		domain := orDefault(cfg.Get("emailDomain"), "example.com")
		registry := orDefault(cfg.Get("registry"), "models")

		person := func(name, displayName, organizationRole string) (*wandb.User, error) {
			args := &wandb.UserArgs{
				UserName:    pulumi.String(prefix + name),
				Email:       pulumi.String(prefix + name + "@" + domain),
				DisplayName: pulumi.String(displayName),
			}
			if organizationRole != "" {
				args.OrganizationRole = pulumi.String(organizationRole)
			}
			return wandb.NewUser(ctx, name, args)
		}
		alice, err := person("alice", "Alice Ng", "admin")
		if err != nil {
			return err
		}
		bob, err := person("bob", "Bob Stone", "member")
		if err != nil {
			return err
		}
		carol, err := person("carol", "Carol Diaz", "")
		if err != nil {
			return err
		}
		dan, err := person("dan", "Dan Okafor", "")
		if err != nil {
			return err
		}

		// Members who may also delete runs and update projects.
		runOperator, err := wandb.NewCustomRole(ctx, "run-operator", &wandb.CustomRoleArgs{
			Name:          pulumi.String(prefix + "Run operator"),
			Description:   pulumi.String("Members who may delete any run"),
			InheritedFrom: pulumi.String("member"),
			Permissions:   pulumi.StringArray{pulumi.String("run:delete"), pulumi.String("project:update")},
		})
		if err != nil {
			return err
		}

		// The team's membership is authoritative: exactly these users (service accounts aside).
		platform, err := wandb.NewTeam(ctx, "ml-platform", &wandb.TeamArgs{
			Name:    pulumi.String(prefix + "ml-platform"),
			Members: pulumi.StringArray{alice.ID(), bob.ID()},
		})
		if err != nil {
			return err
		}

		// A team that leaves its membership to TeamMember resources, one per person.
		research, err := wandb.NewTeam(ctx, "research", &wandb.TeamArgs{Name: pulumi.String(prefix + "research")})
		if err != nil {
			return err
		}
		for _, member := range []struct {
			name string
			user *wandb.User
		}{{"carol", carol}, {"dan", dan}} {
			if _, err := wandb.NewTeamMember(ctx, member.name+"-in-research", &wandb.TeamMemberArgs{TeamId: research.ID(), User: member.user.ID()}); err != nil {
				return err
			}
		}

		if _, err := wandb.NewTeamRoleAssignment(ctx, "bob-leads-ml-platform", &wandb.TeamRoleAssignmentArgs{
			User: bob.ID(), TeamName: platform.Name, RoleName: pulumi.String("admin"),
		}); err != nil {
			return err
		}
		if _, err := wandb.NewOrganizationRoleAssignment(ctx, "carol-run-operator", &wandb.OrganizationRoleAssignmentArgs{
			User: carol.ID(), Role: runOperator.Name,
		}); err != nil {
			return err
		}
		if _, err := wandb.NewRegistryRoleAssignment(ctx, "alice-models-admin", &wandb.RegistryRoleAssignmentArgs{
			User: alice.ID(), RegistryName: pulumi.String(registry), RoleName: pulumi.String("admin"),
		}); err != nil {
			return err
		}

		ctx.Export("userIds", pulumi.StringMap{"alice": alice.ID(), "bob": bob.ID(), "carol": carol.ID(), "dan": dan.ID()})
		ctx.Export("mlPlatformId", platform.ID())
		ctx.Export("mlPlatformMemberIds", platform.MemberIds)
		ctx.Export("researchId", research.ID())
		ctx.Export("runOperatorPermissions", runOperator.Permissions)
		return nil
	})
}

func orDefault(value, fallback string) string {
	if value == "" {
		return fallback
	}
	return value
}
