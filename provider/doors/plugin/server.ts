// The native plugin's ResourceProvider service, on @pulumi/pulumi's protos. Each request is
// handed to the same core as the dynamic resources (../kinds), with the engine's values as plain
// data. Each provider, default or explicit, runs in a plugin process of its own, so the
// operation Configure makes from its settings is the process's, and every call is served in it.
import * as grpc from "@grpc/grpc-js";
import * as emptyProto from "google-protobuf/google/protobuf/empty_pb";
import * as pluginProto from "@pulumi/pulumi/proto/plugin_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import { KINDS } from "../../kinds";
import { Operation } from "../../operation";
import { EMPTY_NAMESPACE, namespaceOf } from "../../../service/namespace";
import { NaturalKeyClaims } from "../../../model/natural-keys";
import { isOrganizationChild, kindOfPluginRequest } from "../../../model/tokens";
import { parseUrn } from "../../../model/urn";
import { grpcErrorOf } from "./grpc-errors";
import { settingsOf, settingsProblems } from "./provider-config";
import { asSecret, fromStruct, plainOf, secretKeysOf, toStruct, unwrapped, withSecrets } from "./struct";
import { engineRecord } from "../../kit/state";
import { aboutResource } from "./engine-log";
import { printedOutput, type OutputSink } from "../../kit/engine-output";
import { failsThePreview } from "../../kit/errors";
import type { PropertyChangeKind } from "../../kit/difference";

type Handler<Request, Response> = (request: Request) => Promise<Response>;

/**
 * A unary method from an async handler: a thrown error becomes the call's status. A call about a
 * resource (its request names a URN) tells the user about that resource; it answers once what it
 * told has been delivered (`delivered`), so that its lines come before the engine's next step.
 */
function unary<Request, Response>(handler: Handler<Request, Response>, delivered: () => Promise<void>) {
  return (call: grpc.ServerUnaryCall<Request, Response>, callback: grpc.sendUnaryData<Response>) => {
    const urn = (call.request as { getUrn?: () => string }).getUrn?.();
    const handled = urn ? aboutResource(urn, () => handler(call.request)) : handler(call.request);
    handled.then(
      async (response) => {
        await delivered();
        callback(null, response);
      },
      async (error: unknown) => {
        await delivered();
        callback(grpcErrorOf(error));
      },
    );
  };
}

function checkFailures(failures: readonly { property: string; reason: string }[] | undefined): providerProto.CheckFailure[] {
  return (failures ?? []).map(({ property, reason }) => {
    const failure = new providerProto.CheckFailure();
    failure.setProperty(property);
    failure.setReason(reason);
    return failure;
  });
}

/**
 * The provider's own inputs as checked: the apiKey kept a secret, whatever way it came in. The
 * engine sends CheckConfig its inputs with secrets unwrapped and Configure what this returns, so no
 * call of a plugin can tell a key set in plain text from a secret one (pkg/v3 resource/plugin
 * provider_plugin.go, CheckConfig): the warning about a plain-text key is the program side's.
 */
function checkedConfig(news: Record<string, unknown>): Record<string, unknown> {
  const { apiKey, ...rest } = news;
  return apiKey === undefined ? rest : { ...rest, apiKey: asSecret(apiKey) };
}

export interface ServiceParts {
  version: string;
  schema: () => Promise<string>;
  invoke?: (operation: Operation, token: string, args: Record<string, unknown>) => Promise<{ outputs?: Record<string, unknown>; failures?: { property: string; reason: string }[] }>;
  construct?: (operation: Operation, request: providerProto.ConstructRequest) => Promise<providerProto.ConstructResponse>;
  /** Where what the calls tell the user goes (provider/doors/plugin/engine-log.ts); printed by default. */
  output?: OutputSink;
  /** Settles when what the calls so far told the user has been delivered. */
  outputDelivered?: () => Promise<void>;
}

/** The settings a Configure request carries: its typed arguments, or, from older engines, its `wandb:config:<key>` variables. */
function settingsOfConfigure(request: providerProto.ConfigureRequest): Record<string, string> {
  if (request.hasArgs()) return settingsOf(fromStruct(request.getArgs()));
  return namespaceOf(Object.fromEntries(request.getVariablesMap().entries()), undefined).stackConfig;
}

const DIFF = providerProto.DiffResponse.DiffChanges;
const KIND = providerProto.PropertyDiff.Kind;
/** Each change's kind in the engine's detailed diff: in place, and when it replaces the resource. */
const PROPERTY_DIFF: Record<PropertyChangeKind, readonly [providerProto.PropertyDiff.Kind, providerProto.PropertyDiff.Kind]> = {
  add: [KIND.ADD, KIND.ADD_REPLACE],
  delete: [KIND.DELETE, KIND.DELETE_REPLACE],
  update: [KIND.UPDATE, KIND.UPDATE_REPLACE],
};
const topLevelOf = (path: string) => path.split(/[.[]/)[0]!;

export function resourceProviderService(parts: ServiceParts): grpc.UntypedServiceImplementation {
  const answer = <Request, Response>(handler: Handler<Request, Response>) => unary(handler, parts.outputDelivered ?? (async () => undefined));
  const calls = (request: { getType(): string; getUrn(): string }) => KINDS[kindOfPluginRequest(request.getType(), request.getUrn())];
  const claims = new NaturalKeyClaims();
  /** The resources the engine diffed: they have a state, so a create of theirs is a replacement, never a rename. */
  const diffed = new Set<string>();
  let operation = new Operation(EMPTY_NAMESPACE, parts.output ?? printedOutput);
  /**
   * A create the preview plans: the inputs stand for the outputs, as the engine plans it for a plugin
   * without previews. A resource with no state that W&B would certainly refuse fails the preview; one
   * that takes over an object is named as the rename it may be, except an Organization's children,
   * whose renames the component names (organization.ts).
   */
  async function plannedCreate(request: providerProto.CreateRequest): Promise<providerProto.CreateResponse> {
    const urn = parseUrn(request.getUrn());
    if (!diffed.has(urn.text)) {
      const properties = unwrapped(request.getProperties()).plain;
      // A listing that fails leaves the preview as it was (the create at `up` still says what it refuses or
      // takes over), but for refused credentials: no request of the run can succeed, so the preview fails, once.
      const planned = await calls(request)
        .previewCreate(operation, urn.name, properties, { namesTakeover: !isOrganizationChild(urn) })
        .catch((error: unknown) => {
          if (failsThePreview(operation, error)) throw error;
          return { refusal: undefined };
        });
      if (planned.refusal !== undefined) throw new Error(planned.refusal);
    }
    return new providerProto.CreateResponse().setProperties(request.getProperties());
  }
  const service: grpc.UntypedServiceImplementation = {
    getPluginInfo: answer(async () => {
      const info = new pluginProto.PluginInfo();
      info.setVersion(parts.version);
      return info;
    }),
    getSchema: answer(async (request: providerProto.GetSchemaRequest) => {
      if (request.getVersion() !== 0) throw new Error(`pulumi-wandb: schema version ${request.getVersion()} is not served; the plugin serves version 0`);
      const response = new providerProto.GetSchemaResponse();
      response.setSchema(await parts.schema());
      return response;
    }),
    checkConfig: answer(async (request: providerProto.CheckRequest) => {
      const news = fromStruct(request.getNews());
      const response = new providerProto.CheckResponse();
      response.setInputs(toStruct(checkedConfig(news)));
      response.setFailuresList(checkFailures(settingsProblems(settingsOf(news)).map((reason) => ({ property: "", reason }))));
      return response;
    }),
    diffConfig: answer(async (request: providerProto.DiffRequest) => {
      const olds = settingsOf(fromStruct(request.getOldInputs() ?? request.getOlds()));
      const news = settingsOf(fromStruct(request.getNews()));
      const changed = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter((key) => olds[key] !== news[key]).sort();
      const response = new providerProto.DiffResponse();
      // Another key or endpoint reaches the same objects through new settings: nothing is replaced.
      response.setChanges(changed.length > 0 ? DIFF.DIFF_SOME : DIFF.DIFF_NONE);
      response.setDiffsList(changed);
      return response;
    }),
    configure: answer(async (request: providerProto.ConfigureRequest) => {
      // The provider's own settings, keys without the namespace: never the project's.
      operation = operation.configured({ stackConfig: settingsOfConfigure(request), sharedWithProject: false });
      const response = new providerProto.ConfigureResponse();
      // Secrets arrive wrapped (a plugin that constructs components must take them): the core sees
      // plain values, and a property sent secret goes back secret.
      response.setAcceptsecrets(true);
      // The engine hands a preview's planned creates and updates to the plugin, which plans them as
      // the engine would (the inputs as the outputs), naming on the way what a create would take over.
      response.setSupportspreview(true);
      response.setAcceptresources(false);
      response.setAcceptoutputs(false);
      return response;
    }),
    check: answer(async (request: providerProto.CheckRequest) => {
      const kind = kindOfPluginRequest(request.getType(), request.getUrn());
      const news = unwrapped(request.getNews());
      const result = await KINDS[kind].check(operation, plainOf(request.getOlds()), news.plain);
      const response = new providerProto.CheckResponse();
      const checked = result.failures?.length ? fromStruct(request.getNews()) : withSecrets(engineRecord.parse(result.inputs), news.secretKeys);
      response.setInputs(toStruct(checked));
      // One provider process serves every resource of its provider: the second to name an object is refused.
      const duplicate = result.failures?.length ? undefined : claims.claim(kind, engineRecord.parse(result.inputs), request.getUrn(), parseUrn(request.getUrn()).name);
      response.setFailuresList(checkFailures([...(result.failures ?? []), ...(duplicate ? [{ property: "", reason: duplicate }] : [])]));
      return response;
    }),
    diff: answer(async (request: providerProto.DiffRequest) => {
      diffed.add(request.getUrn());
      const result = await calls(request).diff(operation, request.getId(), plainOf(request.getOlds()), plainOf(request.getNews()));
      const response = new providerProto.DiffResponse();
      response.setChanges(result.changes === true ? DIFF.DIFF_SOME : result.changes === false ? DIFF.DIFF_NONE : DIFF.DIFF_UNKNOWN);
      response.setReplacesList(result.replaces ?? []);
      response.setStablesList(result.stables ?? []);
      response.setDeletebeforereplace(result.deleteBeforeReplace ?? false);
      const detailed = Object.entries(result.detailedDiff ?? {});
      if (result.changes === true && detailed.length > 0) {
        response.setHasdetaileddiff(true);
        response.setDiffsList([...new Set(detailed.map(([path]) => topLevelOf(path)))].sort());
        for (const [path, kind] of detailed) {
          const replaced = (result.replaces ?? []).includes(topLevelOf(path));
          response.getDetaileddiffMap().set(path, new providerProto.PropertyDiff().setKind(PROPERTY_DIFF[kind][replaced ? 1 : 0]));
        }
      }
      return response;
    }),
    create: answer(async (request: providerProto.CreateRequest) => {
      if (request.getPreview()) return plannedCreate(request);
      const properties = unwrapped(request.getProperties());
      const created = await calls(request).create(operation, properties.plain);
      const response = new providerProto.CreateResponse();
      response.setId(created.id);
      response.setProperties(toStruct(withSecrets(created.outs, properties.secretKeys)));
      return response;
    }),
    read: answer(async (request: providerProto.ReadRequest) => {
      const properties = unwrapped(request.getProperties());
      const read = await calls(request).read(operation, request.getId(), properties.plain);
      const response = new providerProto.ReadResponse();
      const secret = new Set([...properties.secretKeys, ...secretKeysOf(request.getInputs())]);
      // No id: the object is gone, and the engine drops the resource.
      response.setId(read.id ?? "");
      if (read.props !== undefined) response.setProperties(toStruct(withSecrets(read.props, secret)));
      if (read.inputs !== undefined && read.inputs !== null) response.setInputs(toStruct(withSecrets(engineRecord.parse(read.inputs), secret)));
      return response;
    }),
    update: answer(async (request: providerProto.UpdateRequest) => {
      // Planned as the engine plans it for a plugin without previews: the new inputs stand for the outputs.
      if (request.getPreview()) return new providerProto.UpdateResponse().setProperties(request.getNews());
      const news = unwrapped(request.getNews());
      const updated = await calls(request).update(operation, request.getId(), plainOf(request.getOlds()), news.plain);
      const response = new providerProto.UpdateResponse();
      response.setProperties(toStruct(withSecrets(updated.outs, news.secretKeys)));
      return response;
    }),
    delete: answer(async (request: providerProto.DeleteRequest) => {
      await calls(request).delete(operation, request.getId(), plainOf(request.getProperties()));
      return new emptyProto.Empty();
    }),
    // The engine is shutting the operation down: requests in flight finish, none is retried.
    cancel: answer(async () => {
      operation.cancel();
      return new emptyProto.Empty();
    }),
  };
  if (parts.invoke) {
    const invoke = parts.invoke;
    service["invoke"] = answer(async (request: providerProto.InvokeRequest) => {
      const result = await invoke(operation, request.getTok(), plainOf(request.getArgs()));
      const response = new providerProto.InvokeResponse();
      if (result.outputs !== undefined) response.setReturn(toStruct(result.outputs));
      response.setFailuresList(checkFailures(result.failures));
      return response;
    });
  }
  if (parts.construct) {
    const construct = parts.construct;
    service["construct"] = answer((request: providerProto.ConstructRequest) => construct(operation, request));
  }
  return service;
}
