// The LanguageRuntime service: which handler answers which of the engine's calls. Code generation,
// packing and linking (GenerateProgram/Project/Package, Pack, Link) and `pulumi new`'s prompts and
// templates are not served: the engine gets UNIMPLEMENTED for them (and for GetRequiredPlugins, as
// from the Go host: the engine asks GetRequiredPackages).
import { createRequire } from "node:module";
import type * as grpc from "@grpc/grpc-js";
import type { Empty as EmptyMessage } from "google-protobuf/google/protobuf/empty_pb";
import type * as languageGrpc from "@pulumi/pulumi/proto/language_grpc_pb";
import * as languageProto from "@pulumi/pulumi/proto/language_pb";
import * as pluginProto from "@pulumi/pulumi/proto/plugin_pb";
import { about, getProgramDependencies } from "./about";
import { unary } from "./answers";
import type { HostState } from "./host-state";
import { installDependencies } from "./install";
import { getRequiredPackages } from "./required-packages";
import { runPlugin } from "./run-plugin";
import { ProgramRunner } from "./run-program";

/** The version of the Go host this one stands in for: the one released with the pinned SDK and engine. */
export const HOST_VERSION = `v${(require("@pulumi/pulumi/package.json") as { version: string }).version}`;

// google.protobuf.Empty as the generated service code knows it: the copy @pulumi/pulumi loads.
const { Empty } = createRequire(require.resolve("@pulumi/pulumi/package.json"))("google-protobuf/google/protobuf/empty_pb") as {
  Empty: typeof EmptyMessage;
};

/**
 * `watchEngine` is called with the address a Handshake brings: the engine handshakes only with a
 * host it attaches to (PULUMI_DEBUG_LANGUAGES), which then goes when that engine goes.
 */
export function languageRuntime(host: HostState, watchEngine: (address: string) => void): grpc.UntypedServiceImplementation {
  const programs = new ProgramRunner(host);
  const implementation = {
    run: programs.run,
    runPlugin: runPlugin(host),
    installDependencies,
    getRequiredPackages,
    getProgramDependencies,
    about,
    handshake: unary((request: languageProto.LanguageHandshakeRequest) => {
      host.engineAddress = request.getEngineAddress();
      watchEngine(host.engineAddress);
      return new languageProto.LanguageHandshakeResponse();
    }),
    cancel: unary(() => {
      programs.cancel();
      return new Empty();
    }),
    getPluginInfo: unary(() => new pluginProto.PluginInfo().setVersion(HOST_VERSION)),
  } satisfies Partial<languageGrpc.ILanguageRuntimeServer>;
  // The generated interface lists every method; grpc-js answers the missing ones UNIMPLEMENTED.
  return implementation as unknown as grpc.UntypedServiceImplementation;
}
