// The Organization component as the plugin builds it (Construct): the same plan and declaration as
// the SDK's, with the plugin's own resources (by type token) as its children.
import * as pulumi from "@pulumi/pulumi";
import { declareOrganization, planOrganization, type NamedResource } from "../../../model/organization";
import { noticeRename } from "../../../model/rename-notice";
import type { ResourceKind } from "../../../model/resource-kinds";
import { ORGANIZATION_TYPE, tokenOf } from "../../../model/tokens";
import type { ComponentBuilder } from "./construct";

/** A child registered by type token, its `name` output readable by the children that wait on it. */
class Child extends pulumi.CustomResource {
  declare readonly name: pulumi.Output<string>;
}

function declaring(kind: ResourceKind) {
  return (name: string, args: object, opts: pulumi.CustomResourceOptions): NamedResource => {
    const child = new Child(tokenOf(kind), name, { name: undefined, ...args }, opts);
    noticeRename(child, kind, args, opts);
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

export const buildOrganization: ComponentBuilder = (operation, name, inputs, options) => {
  // Mistakes fail before anything is registered, the component included, as in a program.
  const plan = planOrganization(name, inputs, () => operation.deploymentForChecks());
  const component = new OrganizationComponent(name, options);
  const declared = declareOrganization(component, name, plan, {
    User: declaring("User"),
    Team: declaring("Team"),
    CustomRole: declaring("CustomRole"),
    OrganizationRoleAssignment: declaring("OrganizationRoleAssignment"),
    TeamRoleAssignment: declaring("TeamRoleAssignment"),
    RegistryRoleAssignment: declaring("RegistryRoleAssignment"),
    RosterGuard: declaring("RosterGuard"),
    ServiceAccount: declaring("ServiceAccount"),
  });
  component.publish(declared.outputs);
  return { urn: component.urn, outputs: { ...declared.outputs } };
};

export const COMPONENTS: ReadonlyMap<string, ComponentBuilder> = new Map([[ORGANIZATION_TYPE, buildOrganization]]);
