import * as pulumi from "@pulumi/pulumi";
import { deploymentFrom, WandbConfigError } from "../api/config";
import { CustomRole, type CustomRoleArgs } from "./custom-role";
import { OrganizationRoleAssignment } from "./organization-role-assignment";
import { RegistryRoleAssignment } from "./registry-role-assignment";
import { loadRoster, type Roster, validateRoster, type ValidatedRoster, type WandbDeployment } from "./roster";
import { Team, type TeamArgs } from "./team";
import { TeamRoleAssignment } from "./team-role-assignment";
import { User, type UserArgs } from "./user";

export interface OrganizationArgs {
  /**
   * Who is in the organization: a `Roster` object, or the path of a YAML or JSON file holding one
   * (a relative path is resolved from the program's directory). See `Roster` for the format.
   * Mistakes throw a `RosterError` naming the file, line, entry and fix, before any resource is
   * registered, so `pulumi preview` fails on them.
   */
  roster: Roster | string;
  /**
   * Where the organization lives. On the multi-tenant cloud (`saas`) users join the organization
   * through teams, so team membership is written by each `User` (`teams`: the roster teams that
   * list the user, the `Team`s being created first); elsewhere by each `Team` (`members`: the ids
   * of its users, the `User`s being created first).
   * @default the provider's: `wandb:deployment`, `WANDB_DEPLOYMENT`, else inferred from
   * `wandb:baseUrl` / `WANDB_BASE_URL` (`api.wandb.ai` is saas, `*.wandb.io` dedicated, other hosts self-managed)
   */
  deployment?: WandbDeployment;
  /**
   * Adds `protect: true` to the users whose organization role is `admin`, so that removing an
   * admin from the roster fails instead of deleting the user (unprotect deliberately with
   * `pulumi state unprotect`). For GitOps, where a bad merge must not lock everyone out.
   * @default false
   */
  protectAdmins?: boolean;
  /**
   * Take over users, teams and custom roles that already exist with the roster's names instead of
   * failing (`adoptExisting` on each); they are converged to the roster.
   * @default false
   */
  adoptExisting?: boolean;
  /** What removing an entry from the roster does, per kind of resource. */
  deletionPolicy?: {
    /** @default "delete" (see `UserArgs.deletionPolicy`) */
    users?: "delete" | "deactivate";
    /** @default "empty" (see `TeamArgs.deletionPolicy`; the W&B API cannot delete teams) */
    teams?: "empty" | "retain" | "fail";
  };
}

/**
 * A W&B organization's membership from one roster: users, custom roles, teams with their members
 * and team roles, organization roles and registry roles, created in dependency order.
 *
 * - Users (`User`, organization role `admin`/`member` as `organizationRole`).
 * - Custom roles (`CustomRole`).
 * - Teams (`Team`); membership as described under `deployment`.
 * - A custom organization role: `OrganizationRoleAssignment`, depending on its `CustomRole`
 *   (the `User` then leaves the organization role alone).
 * - Team roles, from a team's `roles` or the top-level `teamRoles` alike: `TeamRoleAssignment`,
 *   depending on the `Team` (and the `CustomRole`, if custom).
 * - Registry roles: `RegistryRoleAssignment`.
 *
 * Every child has `parent: this` and a name built from stable roster keys (`<name>/<userName in
 * lower case>`, `<name>/<team>`, `<name>/<team>/<userName>`, `<name>/<registry>/<userName>`,
 * `<name>/<custom role>`), so reordering the roster, or changing the case of a userName, never
 * replaces anything; nor does moving a team role between the team's `roles` and `teamRoles`.
 * Renaming a team or a custom role in the roster replaces it.
 *
 * @example
 * const org = new wandb.Organization("acme", { roster: "roster.yaml", protectAdmins: true });
 * export const userIds = org.userIds;
 * export const platformTeamId = org.teams["ml-platform"]?.id;
 */
export class Organization extends pulumi.ComponentResource {
  /** The validated roster, in canonical form. */
  readonly roster: ValidatedRoster;
  /** The deployment that decided how membership is written; undefined when unknown (treated as not saas). */
  readonly deployment: WandbDeployment | undefined;
  /** Users by `userName` (as spelled in the roster). */
  readonly users: Readonly<Record<string, User>>;
  /** Teams by name. */
  readonly teams: Readonly<Record<string, Team>>;
  /** Custom roles by name. */
  readonly customRoles: Readonly<Record<string, CustomRole>>;
  /** Custom organization roles by `userName`. */
  readonly organizationRoleAssignments: Readonly<Record<string, OrganizationRoleAssignment>>;
  /** Team roles (from both forms) by team name, then `userName`. */
  readonly teamRoleAssignments: Readonly<Record<string, Readonly<Record<string, TeamRoleAssignment>>>>;
  /** Registry roles by registry name, then `userName`. */
  readonly registryRoleAssignments: Readonly<Record<string, Readonly<Record<string, RegistryRoleAssignment>>>>;
  /** SCIM user ids by `userName`. */
  readonly userIds: pulumi.Output<Record<string, string>>;
  /** SCIM team ids by team name. */
  readonly teamIds: pulumi.Output<Record<string, string>>;
  /** SCIM role ids by custom role name. */
  readonly customRoleIds: pulumi.Output<Record<string, string>>;

  constructor(name: string, args: OrganizationArgs, opts?: pulumi.ComponentResourceOptions) {
    // Validate before registering anything, the component included: a roster mistake fails the preview cleanly.
    const deployment = args.deployment ?? configuredDeployment();
    const roster =
      typeof args.roster === "string"
        ? loadRoster(args.roster, deploymentOption(deployment))
        : validateRoster(args.roster, { file: `roster of Organization "${name}"`, ...deploymentOption(deployment) });
    super("wandb:index:Organization", name, {}, opts);
    this.roster = roster;
    this.deployment = deployment;

    const saas = deployment === "saas";
    const adopt = args.adoptExisting ? { adoptExisting: true } : {};
    const userPolicy = args.deletionPolicy?.users === undefined ? {} : { deletionPolicy: args.deletionPolicy.users };
    const teamPolicy = args.deletionPolicy?.teams === undefined ? {} : { deletionPolicy: args.deletionPolicy.teams };
    const userKey = (userName: string) => `${name}/${userName.toLowerCase()}`;

    const customRoles: Record<string, CustomRole> = {};
    for (const role of roster.customRoles) {
      const roleArgs: CustomRoleArgs = {
        name: role.name,
        ...(role.description === undefined ? {} : { description: role.description }),
        inheritedFrom: role.inheritedFrom,
        permissions: role.permissions,
        ...adopt,
      };
      customRoles[role.name] = new CustomRole(`${name}/${role.name}`, roleArgs, { parent: this });
    }
    const customRole = (role: string) => customRoles[role];

    const users: Record<string, User> = {};
    const teams: Record<string, Team> = {};
    const createTeams = () => {
      for (const team of roster.teams) {
        const teamArgs: TeamArgs = {
          name: team.name,
          // Not on saas: there each User writes its own membership (the team must exist first).
          ...(saas ? {} : { members: team.members.map((member) => required(users, member).id) }),
          ...adopt,
          ...teamPolicy,
        };
        teams[team.name] = new Team(`${name}/${team.name}`, teamArgs, { parent: this });
      }
    };
    const createUsers = () => {
      for (const user of roster.users) {
        const custom = customRole(user.organizationRole) !== undefined;
        const userArgs: UserArgs = {
          userName: user.userName,
          email: user.email,
          ...(user.displayName === undefined ? {} : { displayName: user.displayName }),
          // A custom organization role belongs to an OrganizationRoleAssignment: the User leaves it alone.
          ...(custom ? {} : { organizationRole: user.organizationRole }),
          // On saas, users are created into teams: the teams' names as Outputs make the Teams come first.
          ...(saas ? { teams: user.teams.map((team) => required(teams, team).name) } : {}),
          ...adopt,
          ...userPolicy,
        };
        const protect = args.protectAdmins === true && user.organizationRole === "admin";
        users[user.userName] = new User(userKey(user.userName), userArgs, { parent: this, ...(protect ? { protect: true } : {}) });
      }
    };
    if (saas) {
      createTeams();
      createUsers();
    } else {
      createUsers();
      createTeams();
    }

    const organizationRoleAssignments: Record<string, OrganizationRoleAssignment> = {};
    for (const user of roster.users) {
      const role = customRole(user.organizationRole);
      if (role === undefined) continue;
      organizationRoleAssignments[user.userName] = new OrganizationRoleAssignment(
        userKey(user.userName),
        { user: required(users, user.userName).id, role: role.name },
        { parent: this, dependsOn: [role] },
      );
    }

    const teamRoleAssignments: Record<string, Record<string, TeamRoleAssignment>> = {};
    for (const team of roster.teams) {
      const teamResource = required(teams, team.name);
      const byUser: Record<string, TeamRoleAssignment> = {};
      for (const [userName, roleName] of Object.entries(team.roles)) {
        const role = customRole(roleName);
        byUser[userName] = new TeamRoleAssignment(
          `${name}/${team.name}/${userName.toLowerCase()}`,
          { user: required(users, userName).id, teamName: teamResource.name, roleName: role?.name ?? roleName },
          { parent: this, dependsOn: role === undefined ? [teamResource] : [teamResource, role] },
        );
      }
      if (Object.keys(byUser).length > 0) teamRoleAssignments[team.name] = byUser;
    }

    const registryRoleAssignments: Record<string, Record<string, RegistryRoleAssignment>> = {};
    for (const grant of roster.registryRoles) {
      const byUser = (registryRoleAssignments[grant.registry] ??= {});
      byUser[grant.user] = new RegistryRoleAssignment(
        `${name}/${grant.registry}/${grant.user.toLowerCase()}`,
        { user: required(users, grant.user).id, registryName: grant.registry, roleName: grant.role },
        { parent: this },
      );
    }

    this.users = users;
    this.teams = teams;
    this.customRoles = customRoles;
    this.organizationRoleAssignments = organizationRoleAssignments;
    this.teamRoleAssignments = teamRoleAssignments;
    this.registryRoleAssignments = registryRoleAssignments;
    this.userIds = idsOf(users);
    this.teamIds = idsOf(teams);
    this.customRoleIds = idsOf(customRoles);
    this.registerOutputs({ userIds: this.userIds, teamIds: this.teamIds, customRoleIds: this.customRoleIds });
  }
}

/**
 * The deployment as the provider resolves it, from stack config or the environment, without
 * credentials. An unknown one fails the program as a RunError: a plain message, as Pulumi formats
 * any other error with a stack trace (and slowly).
 */
function configuredDeployment(): WandbDeployment | undefined {
  const config = new pulumi.Config("wandb");
  try {
    return deploymentFrom({ deployment: config.get("deployment"), baseUrl: config.get("baseUrl") }, process.env);
  } catch (error) {
    if (error instanceof WandbConfigError) throw new pulumi.RunError(error.message);
    throw error;
  }
}

const deploymentOption = (deployment: WandbDeployment | undefined) => (deployment === undefined ? {} : { deployment });

/** A child the validated roster guarantees; a miss is a bug of this component, not of the roster. */
function required<T>(children: Record<string, T>, key: string): T {
  const child = children[key];
  if (child === undefined) throw new Error(`Organization: internal error: no child resource for "${key}"`);
  return child;
}

function idsOf(resources: Record<string, pulumi.CustomResource>): pulumi.Output<Record<string, string>> {
  return pulumi.all(Object.fromEntries(Object.entries(resources).map(([key, resource]) => [key, resource.id]))) as pulumi.Output<
    Record<string, string>
  >;
}
