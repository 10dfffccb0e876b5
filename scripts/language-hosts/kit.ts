// What every language host standing in for Pulumi's Go hosts does alike: find the engine's address
// among its arguments, serve the LanguageRuntime gRPC service on a port it prints, stop a program
// as the Go hosts do, and go, with the programs it runs, when the engine goes (provider/engine-lifeline.ts).
import type { ChildProcess } from "node:child_process";
import * as grpc from "@grpc/grpc-js";
import * as languageGrpc from "@pulumi/pulumi/proto/language_grpc_pb";
import { endProcessGroup, watchEngine } from "../../provider/engine-lifeline";

/** How long a program asked to stop (SIGINT) has before it is killed, as the Go hosts' WaitDelay. */
const STOP_GRACE_MS = 5_000;

/** The engine starts a language host as `<host> [flags] <engine address>`. */
export function engineAddressFrom(argv: readonly string[]): string {
  return argv.filter((arg) => !arg.startsWith("-")).pop() ?? "";
}

/** What the Go hosts do when a Run request ends before its program: interrupt it, then kill it. */
export function stopProgram(child: ChildProcess): void {
  child.kill("SIGINT");
  setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }, STOP_GRACE_MS).unref();
}

/**
 * Serves `implementation` as the LanguageRuntime service on a loopback port, which it prints for
 * the engine, and ends with `programs` when the engine at `engineAddress` goes. Methods left out
 * answer UNIMPLEMENTED, which the engine takes as "not supported by this host".
 */
export function serveLanguageRuntime(
  implementation: Partial<languageGrpc.ILanguageRuntimeServer>,
  engineAddress: string,
  programs: ReadonlySet<ChildProcess>,
): void {
  watchEngine(engineAddress, () => {
    for (const child of programs) child.kill("SIGKILL");
    endProcessGroup();
  });
  const server = new grpc.Server();
  // grpc-js types a service's implementation as complete; the methods left out answer UNIMPLEMENTED.
  server.addService(languageGrpc.LanguageRuntimeService, implementation as grpc.UntypedServiceImplementation);
  server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) => {
    if (error) {
      process.stderr.write(`language host could not listen: ${error.message}\n`);
      process.exit(1);
    }
    process.stdout.write(`${port}\n`);
  });
}
