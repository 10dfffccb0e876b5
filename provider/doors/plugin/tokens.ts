// The resource kind of a request to the plugin, by its type token (model/tokens).
import { RESOURCE_KINDS, type ResourceKind } from "../../../model/resource-kinds";
import { tokenOf } from "../../../model/tokens";
import { parseUrn } from "../../../model/urn";

const KIND_BY_TOKEN = new Map<string, ResourceKind>(RESOURCE_KINDS.map((kind) => [tokenOf(kind), kind]));

/**
 * The resource kind a request is about: from its type, or, from engines that send none, the last
 * type of its URN (`urn:pulumi:<stack>::<project>::<parent types$>type::<name>`).
 */
export function kindOf(type: string, urn: string): ResourceKind {
  const token = type || parseUrn(urn).type;
  const kind = KIND_BY_TOKEN.get(token);
  if (kind === undefined) throw new Error(`pulumi-wandb: the wandb plugin has no resource type "${token}"; its types are ${[...KIND_BY_TOKEN.keys()].join(", ")}`);
  return kind;
}
