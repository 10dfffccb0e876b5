// The package's type tokens, for both front doors: `wandb:index:<Name>` for what the native plugin
// serves (resources, the component, functions, object types), `pulumi-nodejs:dynamic/wandb:<Kind>`
// for the dynamic resources, which @pulumi/pulumi names after the module they are registered in.
import { RESOURCE_KINDS, type ResourceKind } from "./resource-kinds";

export const PACKAGE_NAME = "wandb";
const MODULE = "index";

/** The token of a resource, function or type of the package's one module, e.g. `wandb:index:User`. */
export function tokenOf(name: string): string {
  return `${PACKAGE_NAME}:${MODULE}:${name}`;
}

/** The Organization component's type, through either door. */
export const ORGANIZATION_TYPE = tokenOf("Organization");

/** The name a URN ends with (`urn:pulumi:<stack>::<project>::<parent types$>type::<name>`). */
export const nameInUrn = (urn: string): string => urn.slice(urn.lastIndexOf("::") + 2);

/** The types a URN holds, its parents' first (`<parent type>$<type>`). */
export const typeChainInUrn = (urn: string): string => urn.split("::")[2] ?? "";

/** Whether the resource `urn` names is one an Organization component declares: its parent types (`<type>$`) include the Organization's. */
export function isOrganizationChild(urn: string): boolean {
  return typeChainInUrn(urn).includes(`${ORGANIZATION_TYPE}$`);
}

/** The module the dynamic resources are registered in: their type is `pulumi-nodejs:dynamic/wandb:<Kind>`. */
export const DYNAMIC_MODULE = PACKAGE_NAME;

const KIND_BY_TYPE = new Map<string, ResourceKind>(
  RESOURCE_KINDS.flatMap((kind) => [
    [tokenOf(kind), kind],
    [`pulumi-nodejs:dynamic/${DYNAMIC_MODULE}:${kind}`, kind],
  ]),
);

/** The resource kind a type names, through either door; undefined for a type that is not one of the package's resources. */
export function kindOfType(type: string): ResourceKind | undefined {
  return KIND_BY_TYPE.get(type);
}
