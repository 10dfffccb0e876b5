// Run: a Pulumi program, through @pulumi/pulumi/cmd/run, as pulumi-language-nodejs runs it (same
// arguments, configuration, TypeScript options and node arguments, same answers). Unlike the Go
// host it hands the program the engine's resource monitor itself rather than a proxy of it, and
// makes no synchronous-invoke pipes (this @pulumi/pulumi never opens them).
import type { ChildProcess } from "node:child_process";
import * as grpc from "@grpc/grpc-js";
import * as languageProto from "@pulumi/pulumi/proto/language_pb";
import { errorText } from "./answers";
import { exitCode, spawnTracked } from "./children";
import { HANDSHAKE_FIRST, type HostState } from "./host-state";
import { programInfo, runtimeOptions, splitArguments, typeScriptEnvironment } from "./options";
import { locateModule, RUN_PROGRAM, runPath } from "./sdk-entry";

/** How long a program asked to stop (SIGINT) has before it is killed, as the Go host's WaitDelay. */
const STOP_GRACE_MS = 5_000;
/** Exit code of a program that already told the user what went wrong: the host adds nothing. */
const EXITED_AFTER_USER_MESSAGE = 32;
const OUT_OF_MEMORY_MARKS = ["<--- Last few GCs --->", "Check failed: needs_context && current_scope_ == closure_scope_"];
const OUT_OF_MEMORY_ADVICE =
  "Detected a possible out of memory error. Consider increasing the memory available to the nodejs process " +
  "by setting the `nodeargs` runtime option in Pulumi.yaml to `nodeargs: --max-old-space-size=<size>` where " +
  "`<size>` is the maximum memory in megabytes that can be allocated to nodejs. " +
  "See https://www.pulumi.com/docs/concepts/projects/project-file/#runtime-options";

type Call = grpc.ServerUnaryCall<languageProto.RunRequest, languageProto.RunResponse>;
type Callback = grpc.sendUnaryData<languageProto.RunResponse>;

/** The programs Run started, and whether the engine sent Cancel: then they stop, and no other starts. */
export class ProgramRunner {
  private readonly programs = new Set<ChildProcess>();
  private cancelled = false;

  constructor(private readonly host: HostState) {}

  /** The Cancel RPC. */
  cancel(): void {
    this.cancelled = true;
    for (const program of this.programs) stopProgram(program);
  }

  readonly run = (call: Call, callback: Callback): void => {
    if (!this.host.engineAddress) {
      callback({ code: grpc.status.UNKNOWN, details: HANDSHAKE_FIRST });
      return;
    }
    let answered = false;
    const answer = (error = "", bail = false) => {
      if (answered) return;
      answered = true;
      const response = new languageProto.RunResponse();
      response.setError(error);
      response.setBail(bail);
      callback(null, response);
    };
    let launch: { args: string[]; env: NodeJS.ProcessEnv };
    try {
      launch = this.launch(call.request);
    } catch (error) {
      answer(errorText(error));
      return;
    }
    if (this.cancelled) {
      answer("Problem executing program (could not run language executor): context canceled");
      return;
    }
    const program = spawnTracked(process.execPath, launch.args, { env: launch.env, stdio: ["ignore", "inherit", "pipe"] });
    this.programs.add(program);
    call.on("cancelled", () => stopProgram(program));
    const outOfMemory = watchForOutOfMemory(program);
    program.once("error", (error) => {
      this.programs.delete(program);
      answer(`Problem executing program (could not run language executor): ${error.message}`);
    });
    program.once("close", (code) => {
      this.programs.delete(program);
      if (code === 0) answer();
      else if (code === EXITED_AFTER_USER_MESSAGE) answer("", true);
      else {
        const exited = `Program exited with non-zero exit code: ${exitCode(code)}`;
        answer(outOfMemory() ? `${exited}. ${OUT_OF_MEMORY_ADVICE}` : exited);
      }
    });
  };

  private launch(request: languageProto.RunRequest): { args: string[]; env: NodeJS.ProcessEnv } {
    const info = programInfo(request.getInfo());
    const entry = locateModule(runPath(RUN_PROGRAM), info.programDirectory, false);
    const options = runtimeOptions(info.options);
    const flag = (name: string, value: string | undefined): string[] => (value ? [`--${name}`, value] : []);
    const args = [
      ...splitArguments(options.nodeargs),
      entry,
      ...flag("monitor", request.getMonitorAddress()),
      ...flag("engine", this.host.engineAddress),
      ...flag("organization", request.getOrganization()),
      ...flag("project", request.getProject()),
      ...flag("root-directory", info.rootDirectory),
      ...flag("stack", request.getStack()),
      ...flag("pwd", info.programDirectory),
      ...(request.getDryrun() ? ["--dry-run"] : []),
      ...flag("parallel", String(request.getParallel())),
      ...flag("tracing", this.host.tracing),
      info.entryPoint,
      ...request.getArgsList(),
    ];
    const env = {
      ...process.env,
      PULUMI_CONFIG: JSON.stringify(legacyConfig(request.getConfigMap())),
      PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(request.getConfigsecretkeysList()),
      ...typeScriptEnvironment(options),
    };
    return { args, env };
  }
}

/** What the Go host does when a Run ends before its program: interrupt it, then kill it. */
function stopProgram(program: ChildProcess): void {
  program.kill("SIGINT");
  setTimeout(() => {
    if (program.exitCode === null && program.signalCode === null) program.kill("SIGKILL");
  }, STOP_GRACE_MS).unref();
}

/**
 * Configuration keyed `<namespace>:config:<name>`, the form every @pulumi/pulumi reads (the Go host
 * keeps it for older SDKs).
 */
function legacyConfig(config: { forEach(callback: (value: string, key: string) => void): void }): Record<string, string> {
  const legacy: Record<string, string> = {};
  config.forEach((value, key) => {
    const parts = key.split(":");
    const [namespace, name] = parts.length === 2 ? parts : parts.length === 3 && parts[1] === "config" ? [parts[0], parts[2]] : [];
    if (namespace === undefined || name === undefined) {
      throw new Error(
        `failed to serialize configuration: could not parse ${key} as a configuration key ` +
          "(configuration keys should be of the form `<namespace>:<name>`)",
      );
    }
    legacy[`${namespace}:config:${name}`] = value;
  });
  return legacy;
}

/** Copies the program's stderr to the host's and tells whether it showed Node's out-of-memory report. */
function watchForOutOfMemory(program: ChildProcess): () => boolean {
  let seen = false;
  let tail = "";
  program.stderr?.on("data", (chunk: Buffer) => {
    process.stderr.write(chunk);
    const text = tail + chunk.toString("utf8");
    seen ||= OUT_OF_MEMORY_MARKS.some((mark) => text.includes(mark));
    tail = text.slice(-100);
  });
  return () => seen;
}
