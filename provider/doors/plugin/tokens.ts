// The plugin's type tokens: `wandb:index:<Kind>` for each resource kind.
import { RESOURCE_KINDS, type ResourceKind } from "../../../model/resource-kinds";

export const PACKAGE_NAME = "wandb";
const MODULE = "index";

export function tokenOf(name: string): string {
  return `${PACKAGE_NAME}:${MODULE}:${name}`;
}

const KIND_BY_TOKEN = new Map<string, ResourceKind>(RESOURCE_KINDS.map((kind) => [tokenOf(kind), kind]));

/**
 * The resource kind a request is about: from its type, or, from engines that send none, the last
 * type of its URN (`urn:pulumi:<stack>::<project>::<parent types$>type::<name>`).
 */
export function kindOf(type: string, urn: string): ResourceKind {
  const token = type || (urn.split("::")[2] ?? "").split("$").pop() || "";
  const kind = KIND_BY_TOKEN.get(token);
  if (kind === undefined) throw new Error(`pulumi-wandb: the wandb plugin has no resource type "${token}"; its types are ${[...KIND_BY_TOKEN.keys()].join(", ")}`);
  return kind;
}
