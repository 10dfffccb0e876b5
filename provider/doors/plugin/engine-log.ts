// The plugin's lines through the engine's log service (Engine.Log, at the address the engine gives
// the plugin), attached to the resource they are about: the CLI shows them under that resource and
// in the run's diagnostics, as it shows any plugin's. The engine prints nothing a plugin writes to
// its standard error. A line the engine cannot take (no engine, as when a test starts the plugin
// alone) is printed there all the same.
import { AsyncLocalStorage } from "node:async_hooks";
import * as grpc from "@grpc/grpc-js";
import * as engineGrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engineProto from "@pulumi/pulumi/proto/engine_pb";
import { printedOutput, type OutputSink } from "../../kit/engine-output";

const SEVERITY = { info: engineProto.LogSeverity.INFO, warning: engineProto.LogSeverity.WARNING } as const;
const DEADLINE_MS = 10_000;

/** The resource the call in progress is about, when its request names one. */
const currentResource = new AsyncLocalStorage<string>();

/** Runs a call about the resource `urn`: what it tells the user is attached to that resource. */
export function aboutResource<T>(urn: string, call: () => T): T {
  return currentResource.run(urn, call);
}

export interface EngineLog {
  sink: OutputSink;
  /** Settles when every line sent so far has been taken (or printed instead): a call answers only after its lines. */
  flushed(): Promise<void>;
}

export function engineLog(engineAddress: string): EngineLog {
  let client: engineGrpc.EngineClient | undefined;
  const pending = new Set<Promise<void>>();
  const sink: OutputSink = (severity, line) => {
    const urn = currentResource.getStore();
    client ??= new engineGrpc.EngineClient(engineAddress, grpc.credentials.createInsecure());
    const request = new engineProto.LogRequest();
    request.setSeverity(SEVERITY[severity]);
    request.setMessage(line);
    if (urn) request.setUrn(urn);
    const sent = new Promise<void>((resolve) => {
      client!.log(request, new grpc.Metadata(), { deadline: Date.now() + DEADLINE_MS }, (error) => {
        if (error) printedOutput(severity, line);
        resolve();
      });
    });
    pending.add(sent);
    void sent.then(() => pending.delete(sent));
  };
  return { sink, flushed: async () => void (await Promise.all(pending)) };
}
