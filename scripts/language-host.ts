// A Node.js language host for the Pulumi engine, for folder programs (a Pulumi.yaml with
// `runtime: nodejs`). The Go host `pulumi-language-nodejs` cannot be had from the Go module
// proxy, so this one stands in for it: it serves the engine's LanguageRuntime gRPC service and
// runs the program through `@pulumi/pulumi/cmd/run`, the same entry point the Go host spawns.
// Like the Go host, it stops the program when the engine ends its Run request, and it goes, with
// the programs it runs, when the engine goes (see engine-lifeline.ts).
// Usage (by the engine): pulumi-language-nodejs [flags] <engine address>
import { type ChildProcess, spawn } from "node:child_process";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as languageGrpc from "@pulumi/pulumi/proto/language_grpc_pb";
import * as languageProto from "@pulumi/pulumi/proto/language_pb";
import * as pluginProto from "@pulumi/pulumi/proto/plugin_pb";
import { endProcessGroup, watchEngine } from "./engine-lifeline";

type Callback<T> = (error: grpc.ServiceError | null, value?: T) => void;
type RuntimeOptions = Record<string, unknown>;

const engineAddress = process.argv.slice(2).filter((arg) => !arg.startsWith("-")).pop() ?? "";
/** How long a program asked to stop (SIGINT) has before it is killed, as the Go host's WaitDelay. */
const STOP_GRACE_MS = 5_000;

const programs = new Set<ChildProcess>();

/** What the Go host does when a Run request ends before its program: interrupt it, then kill it. */
function stopProgram(child: ChildProcess): void {
  child.kill("SIGINT");
  setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }, STOP_GRACE_MS).unref();
}

function resolveRunEntry(programDirectory: string): string {
  return require.resolve("@pulumi/pulumi/cmd/run", { paths: [programDirectory] });
}

function runArguments(request: languageProto.RunRequest, runEntry: string): string[] {
  const info = request.getInfo();
  const flag = (name: string, value: string | number | undefined): string[] =>
    value === undefined || value === "" ? [] : [`--${name}`, String(value)];
  return [
    runEntry,
    ...flag("monitor", request.getMonitorAddress()),
    ...flag("engine", engineAddress),
    ...flag("organization", request.getOrganization()),
    ...flag("project", request.getProject()),
    ...flag("stack", request.getStack()),
    ...flag("pwd", request.getPwd()),
    ...flag("root-directory", info?.getRootDirectory()),
    ...(request.getDryrun() ? ["--dry-run"] : []),
    ...flag("parallel", request.getParallel()),
    info?.getEntryPoint() || request.getProgram() || ".",
    ...request.getArgsList(),
  ];
}

function runEnvironment(request: languageProto.RunRequest, options: RuntimeOptions): NodeJS.ProcessEnv {
  const config: Record<string, string> = {};
  for (const [key, value] of request.getConfigMap().entries()) config[key] = value;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PULUMI_CONFIG: JSON.stringify(config),
    PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(request.getConfigsecretkeysList()),
    PULUMI_NODEJS_TYPESCRIPT: options["typescript"] === false ? "false" : "true",
  };
  if (typeof options["tsconfig"] === "string") env["PULUMI_NODEJS_TSCONFIG_PATH"] = options["tsconfig"];
  return env;
}

function run(call: grpc.ServerUnaryCall<languageProto.RunRequest, languageProto.RunResponse>,
  callback: Callback<languageProto.RunResponse>): void {
  const request = call.request;
  const info = request.getInfo();
  const programDirectory = info?.getProgramDirectory() || request.getPwd() || process.cwd();
  const options = (info?.getOptions()?.toJavaScript() ?? {}) as RuntimeOptions;
  const response = new languageProto.RunResponse();
  let runEntry: string;
  try {
    runEntry = resolveRunEntry(programDirectory);
  } catch {
    response.setError(`@pulumi/pulumi is not installed for ${programDirectory}: run npm install there`);
    callback(null, response);
    return;
  }
  // stdout and stderr are inherited: the engine relays the host's output as the program's.
  const child = spawn(process.execPath, runArguments(request, runEntry), {
    cwd: request.getPwd() || programDirectory,
    env: runEnvironment(request, options),
    stdio: ["ignore", "inherit", "inherit"],
  });
  programs.add(child);
  call.on("cancelled", () => stopProgram(child));
  child.on("error", (error) => {
    programs.delete(child);
    response.setError(`could not start the program: ${error.message}`);
    callback(null, response);
  });
  child.on("exit", (code, signal) => {
    programs.delete(child);
    if (code !== 0) {
      // Exit code 32 means the program already reported its error to the engine.
      if (code === 32) response.setBail(true);
      else response.setError(`Program exited with ${signal ? `signal ${signal}` : `non-zero exit code: ${code}`}`);
    }
    callback(null, response);
  });
}

function getRequiredPlugins(_call: unknown, callback: Callback<languageProto.GetRequiredPluginsResponse>): void {
  const response = new languageProto.GetRequiredPluginsResponse();
  response.setPluginsList([]);
  callback(null, response);
}

function getPluginInfo(_call: unknown, callback: Callback<pluginProto.PluginInfo>): void {
  const response = new pluginProto.PluginInfo();
  response.setVersion(require(path.join(__dirname, "..", "..", "package.json")).version);
  callback(null, response);
}

watchEngine(engineAddress, () => {
  for (const child of programs) child.kill("SIGKILL");
  endProcessGroup();
});

const server = new grpc.Server();
server.addService(languageGrpc.LanguageRuntimeService, {
  run,
  getRequiredPlugins,
  getPluginInfo,
} as unknown as grpc.UntypedServiceImplementation);
server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) => {
  if (error) {
    process.stderr.write(`language host could not listen: ${error.message}\n`);
    process.exit(1);
  }
  process.stdout.write(`${port}\n`);
});
