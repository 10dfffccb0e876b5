// Every resource kind at once (22 users, 3 teams, 2 custom roles, assignments of each kind), for the
// lifecycle acceptance test.
// Run inline (in the test's process, through the real engine), as the Automation API runs a program.
import * as pulumi from "@pulumi/pulumi";
import { installedPackage } from "../support/pulumi";

export async function organizationProgram(): Promise<Record<string, unknown>> {
  const wandb = installedPackage();
  const config = new pulumi.Config();

  const operator = new wandb.CustomRole("operator", {
    name: "Operator",
    description: "Members who may delete runs",
    inheritedFrom: "member",
    permissions: ["run:delete"],
  });
  const auditor = new wandb.CustomRole("auditor", {
    name: "Auditor",
    inheritedFrom: "viewer",
    permissions: ["project:update"],
  });

  const userNames = Array.from({ length: 22 }, (_, i) => `user${String(i).padStart(2, "0")}`);
  const users = Object.fromEntries(
    userNames.map((userName) => [
      userName,
      new wandb.User(userName, {
        userName,
        email: `${userName}@example.com`,
        displayName: config.get(`${userName}DisplayName`) ?? `User ${userName.slice(4)}`,
        organizationRole: userName === "user00" ? "admin" : undefined,
      }),
    ]),
  );
  const user = (name: string) => users[name]!;

  const teams = {
    alpha: new wandb.Team("alpha", { name: "alpha", members: userNames.slice(0, 8).map((n) => user(n).id) }),
    beta: new wandb.Team("beta", { name: "beta", members: userNames.slice(8, 15).map((n) => user(n).email) }),
    gamma: new wandb.Team("gamma", { name: "gamma", members: userNames.slice(15).map((n) => user(n).id), deletionPolicy: "retain" }),
  };

  // Additive membership of a team this program does not manage.
  new wandb.TeamMember("seed-team-user21", { teamId: config.require("seedTeamId"), user: user("user21").id });

  new wandb.OrganizationRoleAssignment("user01-operator", { user: user("user01").id, role: operator.name });
  new wandb.OrganizationRoleAssignment("user09-auditor", { user: user("user09").email, role: auditor.name });
  new wandb.TeamRoleAssignment("user02-alpha-admin", { user: user("user02").id, teamName: teams.alpha.name, roleName: "admin" }, { dependsOn: [teams.alpha] });
  new wandb.TeamRoleAssignment("user05-alpha", {
    user: user("user05").id,
    teamName: teams.alpha.name,
    roleName: config.get("user05TeamRole") ?? "member",
  }, { dependsOn: [teams.alpha] });
  new wandb.RegistryRoleAssignment("user03-models-admin", { user: user("user03").id, registryName: "models", roleName: "admin" });

  const userIds = Object.fromEntries(Object.entries(users).map(([name, u]) => [name, u.id]));
  const teamIds = { alpha: teams.alpha.id, beta: teams.beta.id, gamma: teams.gamma.id };
  const operatorRoleId = operator.id;
  return { userIds, teamIds, operatorRoleId };
}
