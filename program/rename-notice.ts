// A resource renamed in code with no alias reaches the engine as a create under the new name and a
// delete under the old one. At `up` the delete says it leaves the object; at preview the engine
// tells a provider nothing of what it will delete, so the program says it as it declares: it reads
// the stack's last state once per run (the engine's own `readStackResourceOutputs`: no W&B
// request) and names each new resource that declares an object the stack holds under another URN,
// with the alias that keeps its history. Children of a renamed Organization are named once, on it.
import * as pulumi from "@pulumi/pulumi";
import { MockMonitor } from "@pulumi/pulumi/runtime/mocks";
import { z } from "zod";
import { checkedKeyFields, naturalKeyFields, naturalKeyOf, namedBy } from "../model/natural-keys";
import type { ResourceKind } from "../model/resource-kinds";
import { isOrganizationChild, kindOfType, ORGANIZATION_TYPE } from "../model/tokens";
import { componentRenameNotice, renameNotice } from "../model/rename-wording";
import { parseUrn, type Urn } from "../model/urn";

const READ_STACK = "pulumi:pulumi:readStackResourceOutputs";

const stackResources = z.object({
  outputs: z.record(z.string(), z.object({ type: z.string(), outputs: z.record(z.string(), z.unknown()).default({}) })).default({}),
});

/** The stack's last state: each URN, the URNs that hold each W&B object (by its natural key), and each User's userName. */
interface Holdings {
  urns: ReadonlySet<string>;
  byKey: ReadonlyMap<string, string[]>;
  userNames: ReadonlyMap<string, string>;
}

interface Run {
  /** Who holds what in the last state: at preview to name renames; at preview and update alike, what this run creates and the stack's own users. */
  holdings: Promise<Holdings | undefined>;
  /** The Organizations already named as renamed in this preview. */
  componentsNamed: Set<string>;
}

const runs = new WeakMap<object, Run>();

/** The stack's last state, as the engine reads it from the backend. */
function readStack(): Promise<unknown> {
  const stackName = `${pulumi.getOrganization()}/${pulumi.getProject()}/${pulumi.getStack()}`;
  return pulumi.runtime.invoke(READ_STACK, { stackName });
}

async function readHoldings(): Promise<Holdings | undefined> {
  const read = stackResources.safeParse(await readStack());
  if (!read.success) return undefined;
  const byKey = new Map<string, string[]>();
  const userNames = new Map<string, string>();
  for (const [urn, { type, outputs }] of Object.entries(read.data.outputs)) {
    const kind = kindOfType(type);
    const key = kind === undefined ? undefined : naturalKeyOf(kind, outputs);
    if (key !== undefined) byKey.set(key, [...(byKey.get(key) ?? []), urn]);
    if (kind === "User" && typeof outputs["userName"] === "string") userNames.set(urn, outputs["userName"]);
  }
  return { urns: new Set(Object.keys(read.data.outputs)), byKey, userNames };
}

/**
 * This run's reading of the stack; none under Pulumi's mocks. An update reads it too, though it
 * names nothing: the engine registers a default provider for the read, and an update must register
 * what its preview did (`pulumi up --plan` fails on a planned resource it does not see), which also
 * keeps that provider in the state rather than planned anew at every preview.
 */
function thisRun(): Run | undefined {
  const monitor = pulumi.runtime.getMonitor();
  if (!monitor || monitor instanceof MockMonitor) return undefined;
  let run = runs.get(monitor);
  if (!run) {
    // A stack the engine cannot read (a backend without it) only goes without the notice.
    // An update names no rename, but tells what it creates and which users the stack holds, as its preview did.
    const holdings = readHoldings().catch((error: unknown) => {
      void pulumi.log.debug(`pulumi-wandb: the stack's last state could not be read to name renames: ${String(error)}`);
      return undefined;
    });
    runs.set(monitor, (run = { holdings, componentsNamed: new Set() }));
  }
  return run;
}

/**
 * Whether the resource `urn` names is new in this run: not in the stack's last state. Undefined
 * where that state cannot be read (under Pulumi's mocks, or a backend without it).
 */
export async function newInThisRun(urn: string): Promise<boolean | undefined> {
  const holdings = await thisRun()?.holdings;
  return holdings === undefined ? undefined : !holdings.urns.has(urn);
}

/**
 * The URNs of the stack's last state, as a list an Output can carry: so that what is judged from it
 * inside an `apply` is said there at once, with no wait after the program's last request (the
 * program may end in that wait). Undefined where the state cannot be read.
 */
export async function lastStateUrns(): Promise<string[] | undefined> {
  const holdings = await thisRun()?.holdings;
  return holdings === undefined ? undefined : [...holdings.urns];
}

/**
 * The userNames of the Users the stack's last state holds that are not the children of the
 * Organization `organization` (standalone Users, another Organization's): the stack's own, never
 * outside this roster's code. The same at a preview and at the up after it; none where the state
 * cannot be read.
 */
export async function stackUsersBeside(organization: string): Promise<string[]> {
  const holdings = await thisRun()?.holdings;
  const own = (text: string) => {
    const urn = parseUrn(text);
    return isOrganizationChild(urn) && urn.name.startsWith(`${organization}/`);
  };
  return [...(holdings?.userNames ?? new Map<string, string>())].filter(([urn]) => !own(urn)).map(([, userName]) => userName).sort();
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
  const run = thisRun();
  if (run === undefined || !pulumi.runtime.isDryRun()) return;
  const fields = naturalKeyFields(kind).map(({ field }) => field);
  if (fields.length === 0) return;
  const given = args as Record<string, pulumi.Input<unknown>>;
  const values = pulumi.all(fields.map((field) => given[field]));
  pulumi.all([resource.urn, values]).apply(async ([urn, known]: [string, unknown[]]) => {
    const inputs = checkedKeyFields(kind, Object.fromEntries(fields.map((field, i) => [field, known[i]])));
    const key = naturalKeyOf(kind, inputs);
    const holdings = await run.holdings;
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
    if (run.componentsNamed.has(componentUrn)) return;
    run.componentsNamed.add(componentUrn);
    const example = `${kind} "${held.name}", now "${parseUrn(urn).name}", with ${namedBy(kind, inputs)}`;
    void pulumi.log.warn(componentRenameNotice(parseUrn(componentUrn), oldComponent, example), component);
  });
}
