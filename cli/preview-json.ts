// What `pulumi preview --json` prints, as far as the access review reads it: each step's operation,
// URN, the resource's inputs and outputs before and after, and what its inputs were computed from;
// the engine's diagnostics; its summary. Both front doors' resources are recognised by their type
// (model/tokens). A document that is not such a preview is refused, saying what it is instead.
import { z } from "zod";
import type { ResourceKind } from "../model/resource-kinds";
import { isOrganizationChild, kindOfType } from "../model/tokens";
import { parseUrn } from "../model/urn";

const resourceState = z.object({
  type: z.string(),
  id: z.string().optional(),
  inputs: z.record(z.string(), z.unknown()).optional(),
  outputs: z.record(z.string(), z.unknown()).optional(),
  /** Per input, the URNs of the resources its value comes from. */
  propertyDependencies: z.record(z.string(), z.array(z.string())).optional(),
});

const step = z.object({
  op: z.string(),
  urn: z.string(),
  oldState: resourceState.nullish(),
  newState: resourceState.nullish(),
});

/** The keys of the document, each as the engine prints it; one of `steps` and `diagnostics` is always there. */
const previewJsonSchema = z.object({
  steps: z.array(step).nullish().transform((steps) => steps ?? []),
  diagnostics: z
    .array(z.object({ message: z.string(), severity: z.string(), urn: z.string().optional() }))
    .nullish()
    .transform((diagnostics) => diagnostics ?? []),
  changeSummary: z.record(z.string(), z.number()).nullish(),
});

export type PreviewJson = z.output<typeof previewJsonSchema>;
type Step = z.output<typeof step>;

/** The preview in `text`, or what `text` is instead, for a message that names it. */
export function parsePreviewJson(text: string): { preview: PreviewJson } | { problem: string } {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    const start = text.trim().split("\n")[0]?.slice(0, 40) ?? "";
    return { problem: start === "" ? "it is empty" : `it is not JSON: it starts with ${JSON.stringify(start)}` };
  }
  if (typeof document !== "object" || document === null || Array.isArray(document)) {
    return { problem: `it is JSON, but ${Array.isArray(document) ? "an array" : `a ${document === null ? "null" : typeof document}`}, not an object` };
  }
  const keys = Object.keys(document);
  if (!keys.includes("steps") && !keys.includes("diagnostics")) {
    const shown = keys.length === 0 ? "an empty object, {}" : `an object with the keys ${keys.slice(0, 6).join(", ")}${keys.length > 6 ? ", ..." : ""}`;
    return { problem: `it is ${shown}, with neither "steps" nor "diagnostics"` };
  }
  const parsed = previewJsonSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problem: `its ${issue?.path.join(".") || "document"} is not as a preview prints it: ${issue?.message ?? "unreadable"}` };
  }
  return { preview: parsed.data };
}

/** A property of a preview's state as an object: `{}` where it holds none. */
export const objectOf = (value: unknown): Record<string, unknown> => (typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {});

/** One step on a wandb resource, with what the review needs of it; states are read by the kind's reader (kind-states). */
export interface ResourceStep {
  kind: ResourceKind;
  op: "create" | "update" | "delete";
  urn: string;
  /** The resource's name (the URN's last part). */
  name: string;
  /** The Organization component the resource belongs to, by name; undefined for a resource declared on its own. */
  organization: string | undefined;
  /** The inputs before the change (none for a create) and after it (none for a delete), without the engine's own keys. */
  before: Record<string, unknown> | undefined;
  after: Record<string, unknown> | undefined;
  /** The outputs recorded before the change (ids, emails the provider resolved). */
  recorded: Record<string, unknown>;
  /** Per input, the URNs of the resources its new value comes from. */
  dependsOn: Record<string, string[]>;
  /** The name the resource had in code, when this step is the two halves of a rename (see renames). */
  renamedFrom?: string;
}

/** How a step changes its resource: a replacement is read as an update (its halves are not counted again). */
function operationOf(op: string): ResourceStep["op"] | undefined {
  if (op === "create" || op === "delete") return op;
  return op === "update" || op === "replace" ? "update" : undefined;
}

/** The steps on wandb resources that change something, in the order the engine printed them. */
export function resourceSteps(preview: PreviewJson): ResourceStep[] {
  return preview.steps.flatMap((each: Step) => {
    const op = operationOf(each.op);
    const state = each.newState ?? each.oldState;
    const kind = state ? kindOfType(state.type) : undefined;
    if (op === undefined || kind === undefined) return [];
    const urn = parseUrn(each.urn);
    const name = urn.name;
    return [
      {
        kind,
        op,
        urn: each.urn,
        name,
        organization: isOrganizationChild(urn) ? name.split("/")[0] : undefined,
        before: op === "create" ? undefined : withoutEngineKeys(each.oldState?.inputs),
        after: op === "delete" ? undefined : withoutEngineKeys(each.newState?.inputs),
        recorded: withoutEngineKeys(each.oldState?.outputs),
        dependsOn: each.newState?.propertyDependencies ?? {},
      },
    ];
  });
}

/** The engine's own keys (`__provider`, `__stateVersion`): none is a property of the resource. */
function withoutEngineKeys(properties: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(properties ?? {}).filter(([key]) => !key.startsWith("__")));
}

/** A wandb resource as a step of any kind (a refresh, a read, no change) shows it: who its ids stand for. */
export interface RecordedResource {
  kind: ResourceKind;
  urn: string;
  id: string | undefined;
  state: Record<string, unknown>;
}

/** Every wandb resource the preview shows a state of, changed or not (a `--refresh` preview shows them all). */
export function recordedResources(preview: PreviewJson): RecordedResource[] {
  return preview.steps.flatMap((each: Step) =>
    [each.oldState, each.newState].flatMap((state) => {
      const kind = state ? kindOfType(state.type) : undefined;
      return state && kind ? [{ kind, urn: each.urn, id: state.id, state: withoutEngineKeys({ ...state.inputs, ...state.outputs }) }] : [];
    }),
  );
}
