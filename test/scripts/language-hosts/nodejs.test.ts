// The Node.js language host stand-in (scripts/language-hosts/nodejs), served in-process and called as the
// engine calls it: running a plugin folder, installing a folder's dependencies, finding the Pulumi
// packages below a program, describing the runtime. Through the real engine: test/scripts/language-hosts/nodejs/run-plugin.test.ts.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import type * as emptyProto from "google-protobuf/google/protobuf/empty_pb";
import type * as structProto from "google-protobuf/google/protobuf/struct_pb";
import * as languageGrpc from "@pulumi/pulumi/proto/language_grpc_pb";
import * as languageProto from "@pulumi/pulumi/proto/language_pb";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../../scripts/engine";
import type { HostState } from "../../../scripts/language-hosts/nodejs/host-state";
import { findWorkspaceRoot } from "../../../scripts/language-hosts/nodejs/manifests";
import { npmInstallIsCurrent } from "../../../scripts/language-hosts/nodejs/npm-lock";
import { runtimeOptions, splitArguments } from "../../../scripts/language-hosts/nodejs/options";
import { HOST_VERSION, languageRuntime } from "../../../scripts/language-hosts/nodejs/service";
import { type LaunchRecord, recordLaunch, writePluginFixture } from "../../support/plugin-fixture";

// google-protobuf's well-known types: the copy @pulumi/pulumi's generated code checks messages against.
const protobuf = createRequire(require.resolve("@pulumi/pulumi/package.json"));
const { Struct } = protobuf("google-protobuf/google/protobuf/struct_pb") as typeof structProto;
const { Empty } = protobuf("google-protobuf/google/protobuf/empty_pb") as typeof emptyProto;

const ENGINE = "127.0.0.1:1";
const cleanups: (() => void)[] = [];
const scratchDir = (prefix: string): string => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const fixture = (...args: Parameters<typeof writePluginFixture>): string => {
  const dir = writePluginFixture(...args);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
afterAll(() => cleanups.forEach((cleanup) => cleanup()));

let server: grpc.Server;
let client: languageGrpc.LanguageRuntimeClient;
let host: HostState;
const handshakes: string[] = [];

beforeAll(async () => {
  host = { engineAddress: ENGINE, tracing: undefined };
  server = new grpc.Server();
  server.addService(languageGrpc.LanguageRuntimeService, languageRuntime(host, (address) => handshakes.push(address)));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  client = new languageGrpc.LanguageRuntimeClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
});
afterAll(() => {
  client?.close();
  server?.forceShutdown();
});
afterEach(() => {
  host.engineAddress = ENGINE;
});

function programInfo(directory: string, options: Record<string, unknown> = {}): languageProto.ProgramInfo {
  return new languageProto.ProgramInfo()
    .setProgramDirectory(directory)
    .setRootDirectory(directory)
    .setEntryPoint(".")
    .setOptions(Struct.fromJavaScript(options as Parameters<typeof Struct.fromJavaScript>[0]));
}

interface Streamed {
  stdout: string;
  stderr: string;
  error?: grpc.ServiceError;
}

/** Everything a streaming call sent, and how it ended. */
function collect<Message extends { getStdout_asU8(): Uint8Array; getStderr_asU8(): Uint8Array }>(
  call: grpc.ClientReadableStream<Message>,
): Promise<Streamed> {
  const result: Streamed = { stdout: "", stderr: "" };
  return new Promise((resolve) => {
    call.on("data", (message: Message) => {
      result.stdout += Buffer.from(message.getStdout_asU8()).toString("utf8");
      result.stderr += Buffer.from(message.getStderr_asU8()).toString("utf8");
    });
    call.on("error", (error: grpc.ServiceError) => resolve({ ...result, error }));
    call.on("end", () => resolve(result));
  });
}

function unaryCall<Response>(invoke: (callback: (error: grpc.ServiceError | null, response: Response) => void) => void): Promise<Response> {
  return new Promise((resolve, reject) => invoke((error, response) => (error ? reject(error) : resolve(response))));
}

function runPlugin(directory: string, options: { args?: string[]; env?: string[]; pwd?: string; runtimeOptions?: Record<string, unknown> } = {}) {
  const request = new languageProto.RunPluginRequest()
    .setInfo(programInfo(directory, options.runtimeOptions))
    .setPwd(options.pwd ?? directory)
    .setArgsList(options.args ?? [ENGINE])
    .setEnvList(options.env ?? [])
    .setKind("resource");
  return collect(client.runPlugin(request));
}

function installDependencies(directory: string, runtimeOptionsGiven: Record<string, unknown> = {}) {
  const request = new languageProto.InstallDependenciesRequest()
    .setDirectory(directory)
    .setInfo(programInfo(directory, runtimeOptionsGiven))
    .setIsPlugin(true);
  return collect(client.installDependencies(request));
}

describe("RunPlugin", () => {
  it("runs the folder's package.json main through run-plugin: the engine's arguments and environment, its working directory", async () => {
    const record = path.join(scratchDir("launch-"), "launch.json");
    const pwd = scratchDir("pwd-");
    const dir = fixture({
      main: `${recordLaunch("LAUNCH_RECORD")}process.stdout.write("port?\\n"); process.stderr.write("to stderr\\n");`,
    });

    const ran = await runPlugin(dir, {
      args: [ENGINE, "-v=9", "second"],
      env: [`LAUNCH_RECORD=${record}`, "PULUMI_HOME=/engine/home"],
      pwd,
      runtimeOptions: { nodeargs: "--max-old-space-size=64" },
    });

    expect(ran).toEqual({ stdout: "port?\n", stderr: "to stderr\n" });
    const launch = JSON.parse(readFileSync(record, "utf8")) as LaunchRecord;
    expect(launch).toEqual({
      // run-plugin parses its arguments (minimist): flags, the engine's or nodeargs, reach neither node nor the plugin.
      args: [ENGINE, "second"],
      execArgv: [],
      cwd: pwd,
      // Exactly the environment the engine sent, plus the TypeScript default.
      env: { PULUMI_HOME: "/engine/home", PULUMI_NODEJS_TYPESCRIPT: "true" },
    });
  });

  it("without TypeScript, says nothing of it; a failing plugin fails the call with its exit code, after its output", async () => {
    const typescript = { typescript: false };
    const dir = fixture({ main: 'process.stderr.write(`typescript: ${process.env.PULUMI_NODEJS_TYPESCRIPT}\\n`); process.exit(3);', runtimeOptions: typescript });

    const ran = await runPlugin(dir, { runtimeOptions: typescript });

    expect(ran.stderr).toBe("typescript: undefined\n");
    expect(ran.error?.code).toBe(grpc.status.UNKNOWN);
    expect(ran.error?.details).toBe("Program exited with non-zero exit code: 3");
  });

  it("a folder where @pulumi/pulumi cannot be found is told to install it", async () => {
    const outside = scratchDir("no-sdk-");

    const ran = await runPlugin(outside);

    expect(ran.error?.details).toBe(`It looks like the Pulumi SDK has not been installed. Have you run npm install in ${outside}?\n`);
  });

  it("a host that does not know its engine asks for a Handshake first; the Handshake's engine is watched", async () => {
    host.engineAddress = undefined;
    const dir = fixture({ main: "" });

    expect((await runPlugin(dir)).error?.details).toBe("when debugging or running explicitly, must call Handshake before Run");
    await unaryCall((callback) => client.handshake(new languageProto.LanguageHandshakeRequest().setEngineAddress("127.0.0.1:2"), callback));
    expect(handshakes).toEqual(["127.0.0.1:2"]);
    expect((await runPlugin(dir)).error).toBeUndefined();
  });
});

describe("InstallDependencies", () => {
  it("runs npm in the folder, streaming its output; once node_modules matches the lock file, installs nothing", async () => {
    const dir = fixture({ main: "" });
    rmSync(path.join(dir, "package-lock.json"));

    const first = await installDependencies(dir);
    expect(first.error).toBeUndefined();
    expect(first.stdout).toMatch(/^Installing dependencies\.\.\.\n\n[\s\S]*up to date[\s\S]*Finished installing dependencies\n\n$/);
    // npm wrote the lock file: the next install has nothing to do.
    expect(JSON.parse(readFileSync(path.join(dir, "package-lock.json"), "utf8"))).toMatchObject({ packages: { "": { name: "fixture" } } });

    const second = await installDependencies(dir);
    expect(second).toEqual({
      stdout: `Installing dependencies...\n\nnode_modules in ${dir} already matches package-lock.json: nothing to install\nFinished installing dependencies\n\n`,
      stderr: "",
    });
  });

  it("a bad runtime option fails the install, named as the Go host names it", async () => {
    const installed = await installDependencies(fixture({ main: "" }), { typescript: "yes" });
    expect(installed.error?.details).toBe("failed to parse options: typescript option must be a boolean");
  });
});

describe("GetRequiredPackages", () => {
  it("lists the packages with a resource plugin found in node_modules below the program, not inside policy packs", async () => {
    const dir = scratchDir("required-");
    const writePackage = (at: string, manifest: object) => {
      mkdirSync(path.join(dir, at), { recursive: true });
      writeFileSync(path.join(dir, at, "package.json"), JSON.stringify(manifest));
    };
    writePackage("node_modules/@pulumi/aws", { name: "@pulumi/aws", version: "6.1.0", pulumi: { resource: true } });
    writePackage("node_modules/third-party", { name: "third-party", version: "1.0.0", pulumi: { resource: true, name: "thirdparty", version: "v2.0.0", server: "https://plugins.example" } });
    writePackage("node_modules/no-plugin", { name: "no-plugin", version: "1.0.0", pulumi: { resource: false } });
    writePackage("node_modules/@pulumi/pulumi", { name: "@pulumi/pulumi", version: "3.259.0", pulumi: {} });
    writePackage("policy/node_modules/@pulumi/gcp", { name: "@pulumi/gcp", version: "8.0.0", pulumi: { resource: true } });
    writeFileSync(path.join(dir, "policy", "PulumiPolicy.yaml"), "runtime: nodejs\n");

    const response = await unaryCall<languageProto.GetRequiredPackagesResponse>((callback) =>
      client.getRequiredPackages(new languageProto.GetRequiredPackagesRequest().setInfo(programInfo(dir)), callback),
    );

    const packages = response.getPackagesList().map((found) => ({ name: found.getName(), version: found.getVersion(), kind: found.getKind(), server: found.getServer() }));
    expect(packages.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: "aws", version: "v6.1.0", kind: "resource", server: "" },
      { name: "thirdparty", version: "v2.0.0", kind: "resource", server: "https://plugins.example" },
    ]);
  });
});

describe("About, GetProgramDependencies, GetPluginInfo", () => {
  it("describe the Node.js, package manager and TypeScript a program in this repository gets, and its dependencies", async () => {
    const about = await unaryCall<languageProto.AboutResponse>((callback) => client.about(new languageProto.AboutRequest().setInfo(programInfo(repoRoot)), callback));
    expect(about.getExecutable()).toBe(process.execPath);
    expect(about.getVersion()).toBe(process.version);
    const typescript = (JSON.parse(readFileSync(path.join(repoRoot, "node_modules/typescript/package.json"), "utf8")) as { version: string }).version;
    expect(Object.fromEntries(about.getMetadataMap().entries())).toEqual({
      packagemanager: "npm",
      packagemanagerVersion: execFileSync("npm", ["--version"], { encoding: "utf8" }).trim(),
      typescriptVersion: typescript,
    });

    const dependencies = await unaryCall<languageProto.GetProgramDependenciesResponse>((callback) =>
      client.getProgramDependencies(new languageProto.GetProgramDependenciesRequest().setInfo(programInfo(repoRoot)).setTransitivedependencies(false), callback),
    );
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as Record<string, Record<string, string>>;
    const direct = Object.keys({ ...manifest["dependencies"], ...manifest["devDependencies"] }).sort();
    const listed = dependencies.getDependenciesList().map((dependency) => [dependency.getName(), dependency.getVersion()]);
    expect(listed.map(([name]) => name).sort()).toEqual(direct);
    expect(listed).toContainEqual(["@pulumi/pulumi", (require("@pulumi/pulumi/package.json") as { version: string }).version]);

    const info = await unaryCall<{ getVersion(): string }>((callback) => client.getPluginInfo(new Empty(), callback));
    expect(info.getVersion()).toBe(HOST_VERSION);
  });
});

describe("the runtime options and the folders they are read from", () => {
  it("reads PulumiPlugin.yaml / Pulumi.yaml runtime options with the Go host's defaults and messages", () => {
    expect(runtimeOptions({})).toEqual({ typescript: true, tsconfig: "", nodeargs: "", production: false, packagemanager: "auto" });
    expect(() => runtimeOptions({ nodeargs: 1 })).toThrow("nodeargs option must be a string");
    expect(() => runtimeOptions({ packagemanager: "deno" })).toThrow('packagemanager option must be one of auto, npm, yarn, pnpm or bun, got "deno"');
  });

  it("splits nodeargs as a shell would", () => {
    expect(splitArguments(`--max-old-space-size=4096 --title "a b" 'c d' e\\ f # comment`)).toEqual(["--max-old-space-size=4096", "--title", "a b", "c d", "e f"]);
    expect(() => splitArguments('"open')).toThrow("EOF found when expecting closing quote");
  });

  it("installs a workspace member from the workspace root", () => {
    const root = scratchDir("workspace-");
    mkdirSync(path.join(root, "packages", "member"), { recursive: true });
    mkdirSync(path.join(root, "tools", "other"), { recursive: true });
    writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "root", workspaces: ["packages/*"] }));
    writeFileSync(path.join(root, "packages", "member", "package.json"), JSON.stringify({ name: "member" }));
    writeFileSync(path.join(root, "tools", "other", "package.json"), JSON.stringify({ name: "other" }));

    expect(findWorkspaceRoot(path.join(root, "packages", "member"))).toBe(root);
    expect(findWorkspaceRoot(path.join(root, "tools", "other"))).toBeUndefined();
  });

  it("takes node_modules as current only while package.json asks for what the lock file records", () => {
    const dir = fixture({ main: "" });
    expect(npmInstallIsCurrent(dir)).toBe(true);
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "fixture", version: "0.0.1", dependencies: { zod: "4.6.7" } }));
    expect(npmInstallIsCurrent(dir)).toBe(false);
  });
});
