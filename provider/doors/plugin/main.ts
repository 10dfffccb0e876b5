// The native plugin's entry point (package.json "main"): pulumi-language-nodejs runs a source-based
// plugin as `node @pulumi/pulumi/cmd/run-plugin <plugin directory> <engine address>`, which
// requires the directory. Like every Pulumi plugin, it serves on a port of loopback and prints the
// port on stdout for the engine. `import "pulumi-wandb"` still loads the SDK: package.json
// "exports" sends a package-name import there.
import * as grpc from "@grpc/grpc-js";
import * as providerGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import type * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import { resourceProviderService } from "./server";
import { committedSchemaText } from "../../schema/committed-schema";
import { packageManifest } from "../../../model/package-manifest";
import { engineLog } from "./engine-log";
import { endProcessGroup, watchEngine } from "../../engine-lifeline";

/** The engine's address: the one argument the engine passes that is not a flag. */
const engineAddress = process.argv.slice(2).filter((arg) => !arg.startsWith("-")).pop() ?? "";

/**
 * As @pulumi/pulumi's own provider server: the engine's messages may be as large as 400 MB (a big
 * roster's Construct). Without channelz, whose call bookkeeping a refresh of 10,000 reads pays for nothing.
 */
const SERVER_OPTIONS = { "grpc.max_receive_message_length": 400 * 1024 * 1024, "grpc.enable_channelz": 0 };

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

// The invokes and components load all of @pulumi/pulumi (~0.6 s and ~60 MB): loaded at their
// first call, so that a refresh or an up, which call none of them, starts without them.
const construct = once(async () => {
  const [{ constructHandler }, { COMPONENTS }] = await Promise.all([import("./construct"), import("./organization")]);
  return constructHandler(COMPONENTS, engineAddress);
});

function serve(): void {
  const log = engineLog(engineAddress);
  const server = new grpc.Server(SERVER_OPTIONS);
  const service = resourceProviderService({
    output: log.sink,
    outputDelivered: log.flushed,
    version: packageManifest().version,
    schema: async () => committedSchemaText(),
    invoke: async (operation, token, args) => (await import("./invokes")).invoke(operation, token, args),
    construct: async (operation, request: providerProto.ConstructRequest) => (await construct())(operation, request),
  });
  server.addService(providerGrpc.ResourceProviderService, service);
  server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) => {
    if (error) {
      process.stderr.write(`pulumi-wandb: the plugin could not listen on loopback: ${error.message}\n`);
      process.exit(1);
    }
    process.stdout.write(`${port}\n`);
  });
}

// Started by the engine itself (as released), nothing else would end it with a killed CLI: it would
// finish the writes it had begun, whose outcome no one records.
watchEngine(engineAddress, endProcessGroup);
serve();
