// A Python language host for the Pulumi engine, for folder programs (a Pulumi.yaml with
// `runtime: python`). The Go host `pulumi-language-python` cannot be had from the Go module proxy,
// so this one stands in for it: it serves the engine's LanguageRuntime gRPC service and runs each
// program as the Go host does, through an executor (python/run_program.py, in the role of
// pulumi-language-python-exec) started with the Python that Pulumi.yaml's options name (see
// python-toolchain.ts). Like the Go host, it stops the program when the engine ends its Run
// request, and it goes, with the programs it runs, when the engine goes (see provider/engine-lifeline.ts).
// Not provided: RunPlugin (Python plugins), GenerateProgram/GeneratePackage/Link/Pack, the
// debugger, pyenv's .python-version; the engine is told UNIMPLEMENTED or a clear error.
// Usage (by the engine): pulumi-language-python [flags] <engine address>
import { type ChildProcess, spawn } from "node:child_process";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import type * as languageGrpc from "@pulumi/pulumi/proto/language_grpc_pb";
import * as languageProto from "@pulumi/pulumi/proto/language_pb";
import * as pluginProto from "@pulumi/pulumi/proto/plugin_pb";
import { engineAddressFrom, serveLanguageRuntime, stopProgram } from "./kit";
import { type RequiredPackage, requiredPackages } from "./python-packages";
import {
  ensureVirtualenv,
  installDependencies,
  listPackages,
  parsePythonOptions,
  type PythonOptions,
  pythonCommand,
  runCaptured,
  validateVirtualenv,
} from "./python-toolchain";
import { repoRoot } from "../repo-root";

type Info = languageProto.ProgramInfo | undefined;

const EXECUTOR = path.join(repoRoot, "scripts", "language-hosts", "python", "run_program.py");
/** The executor's exit code once it has reported the program's error to the engine. */
const REPORTED = 32;
/** The Go host reports the CLI's version: the engine this repository pins. */
const VERSION: string = require("@pulumi/pulumi/package.json").version;

let engineAddress = engineAddressFrom(process.argv.slice(2));
const programs = new Set<ChildProcess>();

function optionsOf(info: Info, isPlugin = false): PythonOptions {
  if (!info) throw new Error("the request carries no program info: this host needs Pulumi v3.100 or later");
  const options = (info.getOptions()?.toJavaScript() ?? {}) as Record<string, unknown>;
  return parsePythonOptions(info.getRootDirectory(), info.getProgramDirectory(), options, isPlugin);
}

/** Answers a unary call from `work`, its failure as the gRPC error the Go host would return. */
function unary<Req, Res>(work: (request: Req, call: grpc.ServerUnaryCall<Req, Res>) => Promise<Res>): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    work(call.request, call).then(
      (response) => callback(null, response),
      (error: Error) => callback({ code: grpc.status.UNKNOWN, message: error.message, name: error.name }),
    );
  };
}

function runArguments(request: languageProto.RunRequest): string[] {
  const info = request.getInfo();
  const flag = (name: string, value: string | undefined): string[] => (value ? [`--${name}`, value] : []);
  return [
    ...flag("monitor", request.getMonitorAddress()),
    ...flag("engine", engineAddress),
    ...flag("project", request.getProject()),
    ...flag("root_directory", info?.getRootDirectory()),
    ...flag("stack", request.getStack()),
    ...flag("pwd", request.getPwd()),
    ...flag("dry_run", String(request.getDryrun())),
    ...flag("parallel", String(request.getParallel())),
    ...flag("organization", request.getOrganization()),
    info?.getEntryPoint() || ".",
    ...request.getArgsList(),
  ];
}

function runEnvironment(request: languageProto.RunRequest, base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = { ...base };
  const config = Object.fromEntries(request.getConfigMap().entries());
  if (Object.keys(config).length > 0) env["PULUMI_CONFIG"] = JSON.stringify(config);
  env["PULUMI_CONFIG_SECRET_KEYS"] = JSON.stringify(request.getConfigsecretkeysList());
  return env;
}

/** The program's end, as the Go host reports it. */
function runOutcome(code: number | null, signal: NodeJS.Signals | null): languageProto.RunResponse {
  const response = new languageProto.RunResponse();
  if (code === REPORTED) response.setBail(true);
  else if (signal) response.setError(`program exited unexpectedly: signal: ${signal}`);
  else if (code !== 0) response.setError(`program exited with non-zero exit code: ${code}`);
  return response;
}

const run = unary<languageProto.RunRequest, languageProto.RunResponse>(async (request, call) => {
  if (request.getAttachDebugger()) throw new Error("attaching a debugger is not provided by this stand-in for pulumi-language-python");
  const options = optionsOf(request.getInfo());
  validateVirtualenv(options);
  const python = pythonCommand(options);
  return new Promise((resolve) => {
    // stdout and stderr are inherited: the engine relays the host's output as the program's.
    const child = spawn(python.file, [EXECUTOR, ...runArguments(request)], {
      env: runEnvironment(request, python.env),
      stdio: ["ignore", "inherit", "inherit"],
    });
    programs.add(child);
    call.on("cancelled", () => stopProgram(child));
    child.on("error", (error) => {
      programs.delete(child);
      const response = new languageProto.RunResponse();
      response.setError(`problem executing program (could not run language executor): ${error.message}`);
      resolve(response);
    });
    child.on("exit", (code, signal) => {
      programs.delete(child);
      resolve(runOutcome(code, signal));
    });
  });
});

function packageDependency(required: RequiredPackage): pluginProto.PackageDependency {
  const dependency = new pluginProto.PackageDependency();
  dependency.setName(required.name);
  dependency.setKind("resource");
  dependency.setVersion(required.version);
  dependency.setServer(required.server);
  const asProto = (p: NonNullable<RequiredPackage["parameterization"]>) =>
    new pluginProto.PackageParameterization().setName(p.name).setVersion(p.version).setValue(p.value);
  if (required.parameterization) dependency.setParameterization(asProto(required.parameterization));
  if (required.extension) dependency.setExtension$(asProto(required.extension));
  return dependency;
}

const getRequiredPackages = unary<languageProto.GetRequiredPackagesRequest, languageProto.GetRequiredPackagesResponse>(async (request) => {
  const info = request.getInfo();
  const options = optionsOf(info);
  // A virtual environment named but not there yet is made now, as the real host does; its output
  // shows in the engine's display.
  await ensureVirtualenv(options, info?.getProgramDirectory() ?? options.root, (_stream, text) => process.stderr.write(text));
  const response = new languageProto.GetRequiredPackagesResponse();
  response.setPackagesList((await requiredPackages(options)).map(packageDependency));
  return response;
});

const getPluginInfo = unary<Empty, pluginProto.PluginInfo>(async () => new pluginProto.PluginInfo().setVersion(VERSION));

const handshake = unary<languageProto.LanguageHandshakeRequest, languageProto.LanguageHandshakeResponse>(async (request) => {
  engineAddress = request.getEngineAddress();
  return new languageProto.LanguageHandshakeResponse();
});

const about = unary<languageProto.AboutRequest, languageProto.AboutResponse>(async (request) => {
  const info = request.getInfo();
  const options = info ? optionsOf(info) : parsePythonOptions("", "", { toolchain: "pip" });
  const python = pythonCommand(options);
  const facts = (await runCaptured(python, ["-c", "import sys, platform; print(sys.executable); print(platform.python_version())"])).split("\n");
  const pip = (await runCaptured(python, ["-m", "pip", "--version"]).catch(() => "")).match(/^pip\s+(\d+(?:\.\d+)*)/)?.[1] ?? "";
  const response = new languageProto.AboutResponse().setExecutable(facts[0] ?? "").setVersion(facts[1] ?? "");
  response.getMetadataMap().set("toolchain", "Pip").set("toolchainVersion", pip).set("typechecker", "None");
  return response;
});

const getProgramDependencies = unary<languageProto.GetProgramDependenciesRequest, languageProto.GetProgramDependenciesResponse>(
  async (request) => {
    const installed = await listPackages(optionsOf(request.getInfo()), request.getTransitivedependencies());
    const response = new languageProto.GetProgramDependenciesResponse();
    response.setDependenciesList(installed.map((p) => new languageProto.DependencyInfo().setName(p.name).setVersion(p.version)));
    return response;
  },
);

/** `pulumi install`: the output streams back to the engine as it comes. */
function installDependenciesCall(
  call: grpc.ServerWritableStream<languageProto.InstallDependenciesRequest, languageProto.InstallDependenciesResponse>,
): void {
  const request = call.request;
  const send = (stream: "stdout" | "stderr", text: string) => {
    const chunk = new languageProto.InstallDependenciesResponse();
    if (stream === "stdout") chunk.setStdout(Buffer.from(text));
    else chunk.setStderr(Buffer.from(text));
    call.write(chunk);
  };
  const work = async () => {
    if (request.getIsPlugin()) throw new Error("Python plugins are not provided by this stand-in for pulumi-language-python");
    const info = request.getInfo();
    const options = optionsOf(info);
    send("stdout", "Installing dependencies...\n\n");
    await installDependencies(options, info?.getProgramDirectory() ?? options.root, send);
    send("stdout", "Finished installing dependencies\n\n");
  };
  work().then(
    () => call.end(),
    (error: Error) => call.destroy(Object.assign(new Error(error.message), { code: grpc.status.UNKNOWN })),
  );
}

/** The engine is being interrupted: so are the programs. */
const cancel = unary<Empty, Empty>(async () => {
  for (const child of programs) stopProgram(child);
  return new Empty();
});

const implementation: Partial<languageGrpc.ILanguageRuntimeServer> = {
  handshake,
  getRequiredPackages,
  getPluginInfo,
  run,
  installDependencies: installDependenciesCall,
  about,
  getProgramDependencies,
  cancel,
};

serveLanguageRuntime(implementation, engineAddress, programs);
