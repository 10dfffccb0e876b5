"""A W&B organization from Python, on the generated pulumi_wandb SDK: users, two teams (one
whose members the team lists, one whose members are TeamMember resources), a custom role, and an
assignment of each kind (organization, team, registry)."""

from typing import Optional

import pulumi
import pulumi_wandb as wandb

config = pulumi.Config()
# A prefix keeps these demo accounts apart from real people when run against a real organization.
prefix = config.get("userPrefix") or ""
domain = config.get("emailDomain") or "example.com"
registry = config.get("registry") or "models"


def person(name: str, display_name: str, organization_role: Optional[str] = None) -> wandb.User:
    return wandb.User(
        name,
        user_name=f"{prefix}{name}",
        email=f"{prefix}{name}@{domain}",
        display_name=display_name,
        organization_role=organization_role,
    )


alice = person("alice", "Alice Ng", "admin")
bob = person("bob", "Bob Stone", "member")
carol = person("carol", "Carol Diaz")
dan = person("dan", "Dan Okafor")

# Members who may also delete runs and update projects.
run_operator = wandb.CustomRole(
    "run-operator",
    name=f"{prefix}Run operator",
    description="Members who may delete any run",
    inherited_from="member",
    permissions=["run:delete", "project:update"],
)

# The team's membership is authoritative: exactly these users (service accounts aside).
platform = wandb.Team("ml-platform", name=f"{prefix}ml-platform", members=[alice.id, bob.id])

# A team that leaves its membership to TeamMember resources, one per person.
research = wandb.Team("research", name=f"{prefix}research")
for name, member in (("carol", carol), ("dan", dan)):
    wandb.TeamMember(f"{name}-in-research", team_id=research.id, user=member.id)

wandb.TeamRoleAssignment("bob-leads-ml-platform", user=bob.id, team_name=platform.name, role_name="admin")
wandb.OrganizationRoleAssignment("carol-run-operator", user=carol.id, role=run_operator.name)
wandb.RegistryRoleAssignment("alice-models-admin", user=alice.id, registry_name=registry, role_name="admin")

# The inference model catalogue: an invoke of the plugin, with the provider's configuration.
models = wandb.get_models_output()

# The people, teams and roles of roster.yaml, reviewed as one file: the Organization component,
# built by the plugin. A relative path is read from this program's folder.
acme = wandb.Organization("acme", roster="roster.yaml")

pulumi.export("user_ids", {"alice": alice.id, "bob": bob.id, "carol": carol.id, "dan": dan.id})
pulumi.export("ml_platform_id", platform.id)
pulumi.export("ml_platform_member_ids", platform.member_ids)
pulumi.export("research_id", research.id)
pulumi.export("run_operator_permissions", run_operator.permissions)
pulumi.export("inference_models", models.ids)
pulumi.export("roster_user_ids", acme.user_ids)
