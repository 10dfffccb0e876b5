/**
 * `npm run bench:plugin-start [-- --runs N]`: how soon the native plugin serves, as released (one
 * executable) beside as run from source (`node @pulumi/pulumi/cmd/run-plugin <package folder>`, as
 * pulumi-language-nodejs runs it). Per form, the median of N starts of: the port printed, GetSchema
 * answered, Configure answered (against an emulator), and the process's RSS then. The RSS after a
 * refresh of many users is `npm run bench -- --doors native,executable --steps refresh`.
 */
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as structProto from "google-protobuf/google/protobuf/struct_pb";
import * as providerGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import { packageManifest } from "../../model/package-manifest";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { hostPlatform, pluginArchiveName } from "../release/platforms";
import { residentBytes } from "../processes";
import { repoRoot } from "../repo-root";
import { readCommandLine, wholeNumber } from "./command-line";

const PLUGIN_START_COMMAND = {
  run: "npm run bench:plugin-start --",
  summary:
    "How soon the native plugin serves, as released (one executable) beside as run from source: per form, the median of N " +
    "starts of the port printed, GetSchema answered and Configure answered (ms from spawn, against an emulator), and the RSS then.",
  flags: { runs: { value: "N", default: "5", description: "starts per form; the median is shown" } },
} as const;

interface StartMeasure {
  portMs: number;
  schemaMs: number;
  configureMs: number;
  rssBytes: number;
}

function unary<Request, Response>(client: providerGrpc.ResourceProviderClient, method: "getSchema" | "configure", request: Request): Promise<Response> {
  const call = (client as unknown as Record<string, (r: Request, cb: (e: grpc.ServiceError | null, v: Response) => void) => void>)[method]!;
  return new Promise((resolve, reject) => call.call(client, request, (error, value) => (error ? reject(error) : resolve(value))));
}

/** One start of a plugin: spawned with the engine's address as its last argument, as the engine does. */
async function measureStart(command: string[], emulator: RunningEmulator): Promise<StartMeasure> {
  const started = performance.now();
  const [executable, ...args] = command;
  const child = spawn(executable!, [...args, "127.0.0.1:1"], { cwd: repoRoot, stdio: ["ignore", "pipe", "inherit"] });
  try {
    const [chunk] = (await once(child.stdout, "data")) as [Buffer];
    const portMs = performance.now() - started;
    const client = new providerGrpc.ResourceProviderClient(`127.0.0.1:${chunk.toString().trim()}`, grpc.credentials.createInsecure());
    await unary(client, "getSchema", new providerProto.GetSchemaRequest());
    const schemaMs = performance.now() - started;
    const configure = new providerProto.ConfigureRequest();
    configure.setArgs(structProto.Struct.fromJavaScript({ baseUrl: emulator.url, apiKey: emulator.admin.apiKey, username: emulator.admin.username }));
    await unary(client, "configure", configure);
    const configureMs = performance.now() - started;
    client.close();
    return { portMs, schemaMs, configureMs, rssBytes: residentBytes(child.pid!) };
  } finally {
    child.kill();
    if (child.exitCode === null) await once(child, "exit");
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const values = readCommandLine(PLUGIN_START_COMMAND, process.argv.slice(2));
  if (values === undefined) return;
  const runs = wholeNumber(PLUGIN_START_COMMAND, "runs", values.runs, 1);
  const out = mkdtempSync(path.join(os.tmpdir(), "pulumi-wandb-bench-plugin-"));
  const emulator = await startEmulator({ port: 0 });
  try {
    execFileSync(process.execPath, [path.join(__dirname, "..", "release", "release.js"), "--only", "plugin", "--out", out], { stdio: ["ignore", "ignore", "inherit"] });
    execFileSync("tar", ["-xzf", path.join(out, pluginArchiveName(packageManifest().version, hostPlatform())), "-C", out]);
    const forms: Record<string, string[]> = {
      executable: [path.join(out, hostPlatform().executable)],
      source: [process.execPath, require.resolve("@pulumi/pulumi/cmd/run-plugin", { paths: [repoRoot] }), repoRoot],
    };
    const rows: Record<string, StartMeasure> = {};
    for (const [form, command] of Object.entries(forms)) {
      const measures: StartMeasure[] = [];
      for (let run = 0; run < runs; run++) measures.push(await measureStart(command, emulator));
      rows[form] = {
        portMs: median(measures.map((m) => m.portMs)),
        schemaMs: median(measures.map((m) => m.schemaMs)),
        configureMs: median(measures.map((m) => m.configureMs)),
        rssBytes: median(measures.map((m) => m.rssBytes)),
      };
    }
    console.log(`plugin start, median of ${runs} (ms from spawn; RSS after Configure):`);
    console.log("| form | port printed | GetSchema answered | Configure answered | RSS |");
    console.log("|---|---|---|---|---|");
    for (const [form, row] of Object.entries(rows)) {
      console.log(`| ${form} | ${row.portMs.toFixed(0)} ms | ${row.schemaMs.toFixed(0)} ms | ${row.configureMs.toFixed(0)} ms | ${(row.rssBytes / 1e6).toFixed(0)} MB |`);
    }
    const [ours, source] = [rows["executable"]!, rows["source"]!];
    console.log(`executable / source: Configure x${(ours.configureMs / source.configureMs).toFixed(2)}, RSS x${(ours.rssBytes / source.rssBytes).toFixed(2)}`);
  } finally {
    await emulator.close();
    rmSync(out, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
