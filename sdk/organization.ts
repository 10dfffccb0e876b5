import * as pulumi from "@pulumi/pulumi";
import { WandbConfigError } from "../service/config";
import { programSettings } from "./program-settings";
import { planOrganization } from "../model/organization";
import { declareOrganization } from "../program/organization";
import { noticeAdoptedRoles } from "../program/adoption-notice";
import { expiryClockFrom } from "../model/expiry";
import { ORGANIZATION_TYPE } from "../model/tokens";
import type { ValidatedRoster, WandbDeployment } from "../model/roster/roster";
import type { OrganizationArgs } from "./types/organization";
import { CustomRole } from "./custom-role";
import { OrganizationMembers } from "./organization-members";
import { OrganizationRoleAssignment } from "./organization-role-assignment";
import { RegistryRoleAssignment } from "./registry-role-assignment";
import { RosterGuard } from "./roster-guard";
import { ServiceAccount } from "./service-account";
import { Team } from "./team";
import { TeamRoleAssignment } from "./team-role-assignment";
import { User } from "./user";

export type { OrganizationArgs };

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
 * - Service accounts (`ServiceAccount`), after the roster's teams they join; never users.
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
  /** Users by `userName` (as spelled in the roster), with `layout: "per-person"` (the default). */
  readonly users: Readonly<Record<string, User>>;
  /** The roster's people in one resource, with `layout: "compact"`; undefined without users. */
  readonly members: OrganizationMembers | undefined;
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
  /** Service accounts by name (as spelled in the roster). */
  readonly serviceAccounts: Readonly<Record<string, ServiceAccount>>;
  /** SCIM user ids by `userName`. */
  readonly userIds: pulumi.Output<Record<string, string>>;
  /** SCIM team ids by team name. */
  readonly teamIds: pulumi.Output<Record<string, string>>;
  /** SCIM role ids by custom role name. */
  readonly customRoleIds: pulumi.Output<Record<string, string>>;
  /** SCIM ids of the roster's service accounts by name. */
  readonly serviceAccountIds: pulumi.Output<Record<string, string>>;

  constructor(name: string, args: OrganizationArgs, opts?: pulumi.ComponentResourceOptions) {
    // Validate before registering anything, the component included: a roster mistake fails the preview cleanly.
    const plan = planOrganization(name, args, configuredDeployment, expiryClockFrom(process.env));
    super(ORGANIZATION_TYPE, name, {}, opts);
    this.roster = plan.roster;
    this.deployment = plan.deployment;
    const declared = declareOrganization(this, name, plan, {
      User: declaring(User),
      OrganizationMembers: declaring(OrganizationMembers),
      Team: declaring(Team),
      CustomRole: declaring(CustomRole),
      OrganizationRoleAssignment: declaring(OrganizationRoleAssignment),
      TeamRoleAssignment: declaring(TeamRoleAssignment),
      RegistryRoleAssignment: declaring(RegistryRoleAssignment),
      RosterGuard: declaring(RosterGuard),
      ServiceAccount: declaring(ServiceAccount),
    });
    this.users = declared.users;
    this.members = declared.members;
    this.teams = declared.teams;
    this.customRoles = declared.customRoles;
    this.organizationRoleAssignments = declared.organizationRoleAssignments;
    this.teamRoleAssignments = declared.teamRoleAssignments;
    this.registryRoleAssignments = declared.registryRoleAssignments;
    this.serviceAccounts = declared.serviceAccounts;
    this.userIds = declared.outputs.userIds;
    this.teamIds = declared.outputs.teamIds;
    this.customRoleIds = declared.outputs.customRoleIds;
    this.serviceAccountIds = declared.outputs.serviceAccountIds;
    this.registerOutputs(declared.outputs);
    noticeAdoptedRoles(this, name, plan, declared, (child) => {
      const resource = child as unknown as pulumi.CustomResource & Record<string, pulumi.Output<unknown> | undefined>;
      return { urn: resource.urn, output: (property) => resource[property] ?? pulumi.output(undefined) };
    });
  }
}

/** A dynamic resource class as the declaration of a kind of child. */
function declaring<Args, R>(Kind: new (name: string, args: Args, opts: pulumi.CustomResourceOptions) => R) {
  return (name: string, args: Args, opts: pulumi.CustomResourceOptions): R => new Kind(name, args, opts);
}

/**
 * The deployment as the provider resolves it, from stack config or the environment, without
 * credentials. An unknown one fails the program as a RunError: a plain message, as Pulumi formats
 * any other error with a stack trace (and slowly).
 */
function configuredDeployment(): WandbDeployment | undefined {
  try {
    return programSettings().deployment();
  } catch (error) {
    if (error instanceof WandbConfigError) throw new pulumi.RunError(error.message);
    throw error;
  }
}
