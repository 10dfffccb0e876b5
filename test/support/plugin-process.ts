// The native plugin as the engine runs it: a process serving ResourceProvider on loopback, which
// prints its port. Tests call it over gRPC as the engine would.
import { type ChildProcess, spawn } from "node:child_process";
import * as path from "node:path";
import { once } from "node:events";
import * as grpc from "@grpc/grpc-js";
import * as providerGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import { repoRoot } from "../../scripts/engine";

export interface RunningPlugin {
  client: providerGrpc.ResourceProviderClient;
  /** A unary method of the client as a promise. */
  call<Request, Response>(method: string, request: Request): Promise<Response>;
  stop(): Promise<void>;
}

/** The plugin as this repository runs it: its compiled entry, on the Node that runs the tests. */
export const SOURCE_PLUGIN = [process.execPath, path.join(repoRoot, "dist", "provider", "doors", "plugin", "main.js")];

let engine: Promise<string> | undefined;

/**
 * The address of an engine that answers: every method UNIMPLEMENTED, which the plugin's watch on its
 * engine (provider/engine-lifeline.ts) takes as alive, and its log as no log service (it prints the lines).
 */
export function answeringEngine(): Promise<string> {
  engine ??= new Promise((resolve, reject) => {
    const server = new grpc.Server();
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) => (error ? reject(error) : resolve(`127.0.0.1:${port}`)));
  });
  return engine;
}

/** Starts the plugin (`command`: its executable and arguments before the engine's address), with `env` over this process's. */
export async function startPlugin(env: NodeJS.ProcessEnv = {}, command: string[] = SOURCE_PLUGIN): Promise<RunningPlugin> {
  const [executable, ...args] = command;
  const child: ChildProcess = spawn(executable!, [...args, await answeringEngine()], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [chunk] = (await once(child.stdout!, "data")) as [Buffer];
  const port = Number(chunk.toString().trim());
  const client = new providerGrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  return {
    client,
    call: <Request, Response>(method: string, request: Request) =>
      new Promise<Response>((resolve, reject) => {
        const unary = (client as unknown as Record<string, (r: Request, cb: (e: grpc.ServiceError | null, v: Response) => void) => void>)[method]!;
        unary.call(client, request, (error, value) => (error ? reject(error) : resolve(value)));
      }),
    async stop() {
      client.close();
      child.kill();
      if (child.exitCode === null) await once(child, "exit");
    },
  };
}
