// A resource renamed in code with no alias reaches the engine as a create under the new name and a
// delete under the old one. At `up` the delete says it leaves the object; at preview the engine
// tells a provider nothing of what it will delete, so the program says it as it declares: it reads
// the stack's last state once per run (the engine's own `readStackResourceOutputs`: no W&B
// request) and names each new resource that declares an object the stack holds under another URN,
// with the alias that keeps its history. Children of a renamed Organization are named once, on it.
import * as pulumi from "@pulumi/pulumi";
import { checkedKeyFields, naturalKeyFields, naturalKeyOf, namedBy } from "../model/natural-keys";
import type { ResourceKind } from "../model/resource-kinds";
import { isOrganizationChild, kindOfType, ORGANIZATION_TYPE } from "../model/tokens";
import { componentRenameNotice, renameNotice } from "../model/rename-wording";
import { parseUrn, type Urn } from "../model/urn";
import { lastHoldings, type Holdings } from "./last-state";

/** The Organizations already named as renamed in this preview, per run. */
const componentsNamedIn = new WeakMap<object, Set<string>>();

function componentsNamed(): Set<string> {
  const monitor = pulumi.runtime.getMonitor();
  if (!monitor) return new Set();
  let named = componentsNamedIn.get(monitor);
  if (!named) componentsNamedIn.set(monitor, (named = new Set()));
  return named;
}

/** The Organization of the last state whose children `child` (an old URN) is one of: its name is the child's prefix. */
function organizationOf(child: Urn, holdings: Holdings): Urn | undefined {
  if (!isOrganizationChild(child)) return undefined;
  return [...holdings.urns]
    .map(parseUrn)
    .filter((urn) => urn.type === ORGANIZATION_TYPE && child.name.startsWith(urn.name))
    .sort((a, b) => b.name.length - a.name.length)[0];
}

/**
 * At preview, names `resource` (just declared, of `kind`, with `args`: a resource, or a child the
 * native plugin registers without one) as a rename when the stack holds the object it declares
 * under another URN. Read and imported resources manage nothing new.
 */
export function noticeRename(resource: { readonly urn: pulumi.Output<string> }, kind: ResourceKind, args: object, opts: pulumi.CustomResourceOptions | undefined): void {
  if (opts?.id !== undefined || opts?.import !== undefined) return;
  const read = lastHoldings();
  if (!pulumi.runtime.isDryRun()) return;
  const fields = naturalKeyFields(kind).map(({ field }) => field);
  if (fields.length === 0) return;
  const given = args as Record<string, pulumi.Input<unknown>>;
  const values = pulumi.all(fields.map((field) => given[field]));
  pulumi.all([resource.urn, values]).apply(async ([urn, known]: [string, unknown[]]) => {
    const inputs = checkedKeyFields(kind, Object.fromEntries(fields.map((field, i) => [field, known[i]])));
    const key = naturalKeyOf(kind, inputs);
    const holdings = await read;
    if (key === undefined || holdings === undefined || holdings.urns.has(urn)) return;
    const heldText = holdings.byKey.get(key)?.find((other) => other !== urn);
    if (heldText === undefined) return;
    const held = parseUrn(heldText);
    const oldComponent = organizationOf(held, holdings);
    const component = opts?.parent;
    if (oldComponent === undefined || component === undefined) {
      // The engine's log names a resource by its URN alone.
      void pulumi.log.warn(renameNotice(kind, parseUrn(urn), held, namedBy(kind, inputs)), new pulumi.DependencyResource(urn));
      return;
    }
    const componentUrn = await new Promise<string>((resolve) => component.urn.apply(resolve));
    if (componentsNamed().has(componentUrn)) return;
    componentsNamed().add(componentUrn);
    const example = `${kind} "${held.name}", now "${parseUrn(urn).name}", with ${namedBy(kind, inputs)}`;
    void pulumi.log.warn(componentRenameNotice(parseUrn(componentUrn), oldComponent, example), component);
  });
}
