// A Node.js language host for the Pulumi engine. The Go host `pulumi-language-nodejs` cannot be had
// from the Go module proxy, so this one stands in for it (scripts/setup.sh installs it under that
// name): it serves the engine's LanguageRuntime gRPC service for programs (a Pulumi.yaml with
// `runtime: nodejs`) and for plugins written in Node.js (a PulumiPlugin.yaml with `runtime:
// nodejs`), behaving as the Go host does for what the engine asks of either (see
// language-host/service.ts). It goes, with everything it started, when the engine goes (see
// provider/engine-lifeline.ts).
// Usage (by the engine): pulumi-language-nodejs [-tracing <endpoint>] [-runtime nodejs] <engine address>
import * as grpc from "@grpc/grpc-js";
import * as languageGrpc from "@pulumi/pulumi/proto/language_grpc_pb";
import { endWithEngine, parseHostArguments } from "./nodejs/host-state";
import { HOST_VERSION, languageRuntime } from "./nodejs/service";

const { runtime, version, ...host } = parseHostArguments(process.argv.slice(2));
if (version) {
  process.stdout.write(`${HOST_VERSION}\n`);
  process.exit(0);
}
if (runtime !== "nodejs") {
  process.stderr.write(`error: unsupported runtime: ${runtime} (this language host runs Node.js only)\n`);
  process.exit(1);
}

endWithEngine(host.engineAddress);
const server = new grpc.Server();
server.addService(languageGrpc.LanguageRuntimeService, languageRuntime(host, endWithEngine));
server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) => {
  if (error) {
    process.stderr.write(`language host could not listen: ${error.message}\n`);
    process.exit(1);
  }
  process.stdout.write(`${port}\n`);
});
