// The native plugin's entry point (package.json "main"): pulumi-language-nodejs runs a source-based
// plugin as `node @pulumi/pulumi/cmd/run-plugin <plugin directory> <engine address>`, which
// requires the directory. Like every Pulumi plugin, it serves on a port of loopback and prints the
// port on stdout for the engine. `import "pulumi-wandb"` still loads the SDK: package.json
// "exports" sends a package-name import there.
import * as grpc from "@grpc/grpc-js";
import * as providerGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import { constructHandler } from "./construct";
import { invoke } from "./invokes";
import { COMPONENTS } from "./organization";
import { resourceProviderService } from "./server";
import { packageManifest } from "../../api/package-manifest";
import { packageSchemaText } from "../schema/package-schema";

/** The engine's address: the one argument the engine passes that is not a flag. */
const engineAddress = process.argv.slice(2).filter((arg) => !arg.startsWith("-")).pop() ?? "";

function serve(): void {
  const server = new grpc.Server();
  const service = resourceProviderService({
    version: packageManifest().version,
    schema: packageSchemaText,
    invoke,
    construct: constructHandler(COMPONENTS, engineAddress),
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

serve();
