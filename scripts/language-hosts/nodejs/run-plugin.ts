// RunPlugin: a plugin written in Node.js (a folder with a PulumiPlugin.yaml `runtime: nodejs`), as
// pulumi-language-nodejs runs it:
//   node <@pulumi/pulumi/cmd/run-plugin> [nodeargs...] <plugin folder> <engine's plugin arguments...>
// in the engine's working directory, with exactly the environment the engine sends (plus the
// TypeScript options). run-plugin require()s the folder: its package.json "main". The plugin's
// stdout and stderr stream back to the engine as they come; a clean exit ends the stream (the Go
// host sends no exit code message), any other exit fails the call with the exit code. When the
// engine ends the call, the plugin is killed.
import type * as grpc from "@grpc/grpc-js";
import * as languageProto from "@pulumi/pulumi/proto/language_pb";
import { exitCode, spawnTracked } from "./children";
import { HANDSHAKE_FIRST, type HostState } from "./host-state";
import { environmentOf, programInfo, runtimeOptions, splitArguments, typeScriptEnvironment } from "./options";
import { locateModule, RUN_PLUGIN, runPath } from "./sdk-entry";
import { type OutputKind, outputStream } from "./answers";

type Call = grpc.ServerWritableStream<languageProto.RunPluginRequest, languageProto.RunPluginResponse>;

interface Launch {
  args: string[];
  env: Record<string, string>;
}

export function runPlugin(host: HostState): (call: Call) => void {
  return (call) => {
    const output = outputStream(call, pluginOutput);
    let launch: Launch;
    try {
      launch = pluginLaunch(host, call.request);
    } catch (error) {
      output.fail(error);
      return;
    }
    const plugin = spawnTracked(process.execPath, launch.args, {
      cwd: call.request.getPwd() || undefined,
      env: launch.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    output.onCancel(() => plugin.kill("SIGKILL"));
    plugin.stdout?.on("data", (chunk: Buffer) => output.write("stdout", chunk));
    plugin.stderr?.on("data", (chunk: Buffer) => output.write("stderr", chunk));
    plugin.once("error", (error) => output.fail(`Problem executing plugin program (could not run language executor): ${error.message}`));
    plugin.once("close", (code) => {
      if (code === 0) output.succeed();
      else output.fail(`Program exited with non-zero exit code: ${exitCode(code)}`);
    });
  };
}

function pluginLaunch(host: HostState, request: languageProto.RunPluginRequest): Launch {
  if (!host.engineAddress) throw new Error(HANDSHAKE_FIRST);
  const info = programInfo(request.getInfo());
  const options = runtimeOptions(info.options);
  if (request.getKind() === "analyzer") {
    throw new Error("policy packs are not run by this language host (the Go host's policy proxy is not reproduced)");
  }
  if (request.getAttachDebugger()) throw new Error("this language host cannot attach a debugger to a plugin");
  const entry = locateModule(runPath(RUN_PLUGIN), info.programDirectory, true);
  return {
    // As in the Go host, nodeargs follow the entry point: run-plugin gets them, not node.
    args: [entry, ...splitArguments(options.nodeargs), info.programDirectory, ...request.getArgsList()],
    env: { ...environmentOf(request.getEnvList()), ...typeScriptEnvironment(options) },
  };
}

function pluginOutput(kind: OutputKind, chunk: Uint8Array): languageProto.RunPluginResponse {
  const response = new languageProto.RunPluginResponse();
  if (kind === "stdout") response.setStdout(chunk);
  else response.setStderr(chunk);
  return response;
}
