// The Organization component as the plugin builds it (Construct): the same plan and declaration as
// the SDK's, with the plugin's own resources (by type token) as its children, registered by the
// registrar (thousands of them) rather than as a `pulumi.CustomResource` each.
import * as pulumi from "@pulumi/pulumi";
import { planOrganization } from "../../../model/organization";
import { declareOrganization, type ChildOptions, type ChildrenShape } from "../../../program/organization";
import { noticeAdoptedRoles } from "../../../program/adoption-notice";
import { noticeRename } from "../../../program/rename-notice";
import { expiryClockFrom } from "../../../model/expiry";
import type { ResourceKind } from "../../../model/resource-kinds";
import { ORGANIZATION_TYPE, tokenOf } from "../../../model/tokens";
import type { ComponentBuilder } from "./construct";
import { type RegisteredChild, Registrar } from "./registrar";

/** Every kind of child is a registration. */
type RegisteredChildren = { [Kind in keyof ChildrenShape]: RegisteredChild };

function declaring(registrar: Registrar, kind: ResourceKind) {
  return (name: string, args: object, opts: ChildOptions<RegisteredChildren>): RegisteredChild => {
    const child = registrar.register(tokenOf(kind), name, { ...args }, { dependsOn: opts.dependsOn ?? [], ...(opts.protect === undefined ? {} : { protect: opts.protect }) });
    noticeRename(child, kind, args, { parent: opts.parent });
    return child;
  };
}

/** The component itself; its children and outputs are declared once it is registered. */
class OrganizationComponent extends pulumi.ComponentResource {
  constructor(name: string, options: pulumi.ComponentResourceOptions) {
    super(ORGANIZATION_TYPE, name, {}, options);
  }

  publish(outputs: pulumi.Inputs): void {
    this.registerOutputs(outputs);
  }
}

export const buildOrganization: ComponentBuilder = (operation, name, inputs, options, hosting) => {
  // Mistakes fail before anything is registered, the component included, as in a program.
  const plan = planOrganization(name, inputs, () => operation.deploymentForChecks(), expiryClockFrom(process.env));
  const component = new OrganizationComponent(name, options);
  const registrar = new Registrar({ parent: component, protect: hosting.protect, providers: hosting.providers }, hosting.childrenInFlight);
  const declared = declareOrganization<RegisteredChildren>(component, name, plan, {
    User: declaring(registrar, "User"),
    OrganizationMembers: declaring(registrar, "OrganizationMembers"),
    Team: declaring(registrar, "Team"),
    CustomRole: declaring(registrar, "CustomRole"),
    OrganizationRoleAssignment: declaring(registrar, "OrganizationRoleAssignment"),
    TeamRoleAssignment: declaring(registrar, "TeamRoleAssignment"),
    RegistryRoleAssignment: declaring(registrar, "RegistryRoleAssignment"),
    RosterGuard: declaring(registrar, "RosterGuard"),
    ServiceAccount: declaring(registrar, "ServiceAccount"),
  });
  component.publish(declared.outputs);
  noticeAdoptedRoles(component, name, plan, declared, (child) => child as RegisteredChild);
  return { urn: component.urn, outputs: { ...declared.outputs }, registered: registrar.settled() };
};

export const COMPONENTS: ReadonlyMap<string, ComponentBuilder> = new Map([[ORGANIZATION_TYPE, buildOrganization]]);
