// What `pulumi preview --json` prints, as far as the access review reads it: each step's operation,
// URN, and the resource's inputs and outputs before and after; the engine's diagnostics; its
// summary. Both front doors' resources are recognised by their type token.
import { z } from "zod";
import { RESOURCE_KINDS, type ResourceKind } from "../model/resource-kinds";

/** What the engine prints for a value it will know only once the change is applied. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

const resourceState = z.object({
  type: z.string(),
  id: z.string().optional(),
  inputs: z.record(z.string(), z.unknown()).optional(),
  outputs: z.record(z.string(), z.unknown()).optional(),
});

const step = z.object({
  op: z.string(),
  urn: z.string(),
  oldState: resourceState.nullish(),
  newState: resourceState.nullish(),
});

export const previewJsonSchema = z.object({
  steps: z.array(step).nullish().transform((steps) => steps ?? []),
  diagnostics: z
    .array(z.object({ message: z.string(), severity: z.string(), urn: z.string().optional() }))
    .nullish()
    .transform((diagnostics) => diagnostics ?? []),
  changeSummary: z.record(z.string(), z.number()).nullish(),
});

export type PreviewJson = z.output<typeof previewJsonSchema>;
type Step = z.output<typeof step>;

/** The wandb resource kinds the review reads: every kind the provider serves. */
export type ReviewedKind = ResourceKind;

/** One step on a wandb resource, with what the review needs of it. */
export interface ResourceStep {
  kind: ReviewedKind;
  op: "create" | "update" | "delete";
  /** The resource's name (the URN's last part). */
  name: string;
  /** The Organization component the resource belongs to, by name; undefined for a resource declared on its own. */
  organization: string | undefined;
  id: string | undefined;
  before: Record<string, unknown> | undefined;
  after: Record<string, unknown> | undefined;
  /** The outputs recorded before the change (ids, emails the provider resolved). */
  recorded: Record<string, unknown>;
}

/** `pulumi-nodejs:dynamic/wandb:User` (dynamic resources) or `wandb:index:User` (the plugin). */
const KIND_OF_TYPE = /(?:^wandb:index:|\/wandb:)([A-Za-z]+)$/;
const ORGANIZATION_TYPE = "wandb:index:Organization";

function kindOf(type: string): ReviewedKind | undefined {
  const kind = KIND_OF_TYPE.exec(type)?.[1];
  return RESOURCE_KINDS.find((reviewed) => reviewed === kind);
}

/** How a step changes its resource: a replacement is read as an update (its halves are not counted again). */
function operationOf(op: string): ResourceStep["op"] | undefined {
  switch (op) {
    case "create":
    case "delete":
      return op;
    case "update":
    case "replace":
      return "update";
    default:
      return undefined;
  }
}

/** The URN's parts: the type chain (parents' types, then its own) and the name. */
function urnParts(urn: string): { types: string[]; name: string } {
  const [, , typeChain = "", ...name] = urn.split("::");
  return { types: typeChain.split("$"), name: name.join("::") };
}

/** The steps on wandb resources that change something, in the order the engine printed them. */
export function resourceSteps(preview: PreviewJson): ResourceStep[] {
  return preview.steps.flatMap((each: Step) => {
    const op = operationOf(each.op);
    const state = each.newState ?? each.oldState;
    const kind = state ? kindOf(state.type) : undefined;
    if (op === undefined || kind === undefined) return [];
    const { types, name } = urnParts(each.urn);
    const inComponent = types.slice(0, -1).includes(ORGANIZATION_TYPE);
    return [
      {
        kind,
        op,
        name,
        organization: inComponent ? name.split("/")[0] : undefined,
        id: each.oldState?.id,
        before: op === "create" ? undefined : withoutEngineKeys(each.oldState?.inputs),
        after: op === "delete" ? undefined : withoutEngineKeys(each.newState?.inputs),
        recorded: each.oldState?.outputs ?? {},
      },
    ];
  });
}

function withoutEngineKeys(inputs: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(inputs ?? {}).filter(([key]) => !key.startsWith("__")));
}

/** A wandb resource as a step of any kind (a refresh, a read) shows it: who its ids stand for. */
export interface RecordedResource {
  kind: ReviewedKind;
  id: string | undefined;
  state: Record<string, unknown>;
}

/** Every wandb resource the preview shows a state of, changed or not (a `--refresh` preview shows them all). */
export function recordedResources(preview: PreviewJson): RecordedResource[] {
  return preview.steps.flatMap((each: Step) =>
    [each.oldState, each.newState].flatMap((state) => {
      const kind = state ? kindOf(state.type) : undefined;
      return state && kind ? [{ kind, id: state.id, state: { ...state.inputs, ...state.outputs } }] : [];
    }),
  );
}

/** The errors the engine reported: a guard rail's refusal among them. */
export function errorsOf(preview: PreviewJson): string[] {
  return preview.diagnostics.filter((diagnostic) => diagnostic.severity === "error").map((diagnostic) => diagnostic.message.trim());
}
