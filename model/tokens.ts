// The package's type tokens, for both front doors: `wandb:index:<Name>` for what the native plugin
// serves (resources, the component, functions, object types), `pulumi-nodejs:dynamic/wandb:<Kind>`
// for the dynamic resources, which @pulumi/pulumi names after the module they are registered in.
import { RESOURCE_KINDS, type ResourceKind } from "./resource-kinds";
import { parseUrn, type Urn } from "./urn";

export const PACKAGE_NAME = "wandb";
const MODULE = "index";

/** The token of a resource, function or type of the package's one module, e.g. `wandb:index:User`. */
export function tokenOf(name: string): string {
  return `${PACKAGE_NAME}:${MODULE}:${name}`;
}

/** The Organization component's type, through either door. */
export const ORGANIZATION_TYPE = tokenOf("Organization");

/** Whether the resource `urn` names is one an Organization component declares: its parents' types include the Organization's. */
export function isOrganizationChild(urn: Urn): boolean {
  return urn.types.slice(0, -1).includes(ORGANIZATION_TYPE);
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

/**
 * The resource kind a request to the plugin is about: from its type token, or, from engines that
 * send none, the type of its URN. Throws on a type the plugin does not serve (a dynamic one included).
 */
export function kindOfPluginRequest(type: string, urn: string): ResourceKind {
  const token = type || parseUrn(urn).type;
  const kind = kindOfType(token);
  if (kind === undefined || tokenOf(kind) !== token) {
    throw new Error(`pulumi-wandb: the wandb plugin has no resource type "${token}"; its types are ${RESOURCE_KINDS.map(tokenOf).join(", ")}`);
  }
  return kind;
}
